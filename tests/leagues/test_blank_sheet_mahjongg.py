"""The blank score sheet of a Mah-Jongg match (leagues/kinds/mahjongg/blank_sheet.py): a row per
game with the wind, East and the caller, and per player the score, payment and balance.
Printing it is tested in test_browser_print.py."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from leagues.kinds.mahjongg.blank_sheet import ROWS, games_known_ahead
from leagues.models import League, Match
from leagues.models.mahjongg_entry import record_game
from scoring.mahjongg.rotation import Rotation, first_game
from scoring.mahjongg.tiles import Wind

from .mahjongg_fixtures import mj_league, mj_match, win
from .test_blank_sheet import rows

__all__ = ["mj_league", "mj_match"]


def blank_url(match: Match) -> str:
    return reverse("leagues:blank_sheet", args=[match.league.slug, match.pk])


def with_rules(league: League, **profile) -> None:
    League.objects.filter(pk=league.pk).update(rules=profile)
    league.refresh_from_db()


class TestGamesKnownAhead:
    def test_east_deals_at_least_four_games_of_a_round(self):
        games = games_known_ahead(first_game(Rotation.FIXED_EAST))
        assert [(g.round_wind, g.number, g.dealer_player) for g in games] == [
            (Wind.EAST, n, 0) for n in (1, 2, 3, 4)
        ]

    def test_the_classical_rotation_knows_only_the_next_game(self):
        assert len(games_known_ahead(first_game(Rotation.CLASSICAL))) == 1

    def test_the_rotating_dealer_deals_four_games(self):
        games = games_known_ahead(first_game(Rotation.ROTATING_DEALER, players=3))
        assert [g.dealer_player for g in games] == [0, 0, 0, 0]


@pytest.mark.django_db
class TestTheSheet:
    def test_the_match_page_links_to_it(self, client, mj_match):
        page = client.get(mj_match.get_absolute_url()).content.decode()
        assert f'href="{blank_url(mj_match)}"' in page and "Print a blank sheet" in page

    def test_it_has_the_players_with_their_winds_the_rules_and_a_row_per_game(
        self, client, mj_match
    ):
        response = client.get(blank_url(mj_match))

        assert response.status_code == 200
        page = " ".join(response.content.decode().split())
        assert "Dragon Club" in page and "Mah-Jongg" in page
        assert "Pia (East), Quentin (South), Rosa (West), Sven (North)" in page
        assert "Differences: each pays every higher score the difference." in page
        assert "East pays and receives double." in page
        assert "East deals a whole round, then the winds pass." in page
        assert "Limit 3000." in page and "A draw has no payments." in page
        assert "Only the caller&#x27;s pair scores." in page
        head = page.split('id="blank-sheet"')[1].split("</thead>")[0]
        assert head.count(">Score<") == head.count(">Payment<") == head.count(">Balance<") == 4
        lines = rows(response.content.decode())
        assert lines[0] == "Start 0 0 0 0"
        # East deals the first four games whoever wins; after that it depends.
        assert lines[1:6] == ["1 East 1 Pia", "2 East 2 Pia", "3 East 3 Pia", "4 East 4 Pia", "5"]
        assert len(lines) == 1 + ROWS and lines[-1] == str(ROWS)

    def test_a_running_match_goes_on_from_its_balances(self, client, mj_match, organiser):
        record_game(mj_match, win(1), by=organiser)  # South wins: East still deals game 2
        balances = [seat.total for seat in mj_match.seats.order_by("position")]

        lines = rows(client.get(blank_url(mj_match)).content.decode())

        assert lines[0] == "Balances after 1 game " + " ".join(map(str, balances))
        assert lines[1:5] == ["2 East 2 Pia", "3 East 3 Pia", "4 East 4 Pia", "5"]

    def test_the_rotating_dealer_is_a_column_of_dealers(self, client, mj_league, players):
        with_rules(mj_league, rotation="rotating", settle="full", settled_draw=True)
        match = Match.begin(mj_league, players)

        page = html.unescape(" ".join(client.get(blank_url(match)).content.decode().split()))

        assert '<th scope="col" rowspan="2">Dealer</th>' in page
        assert "The dealer pays and receives double." in page
        assert "Full value: everyone pays the caller's score first." in page
        assert "Draws are settled: everyone pays each higher score the difference." in page

    def test_three_players_have_three_winds(self, client, mj_league, players):
        with_rules(mj_league, players=3, rotation="classical", bonus_tiles=False)
        match = Match.begin(mj_league, players[:3])

        response = client.get(blank_url(match))

        page = " ".join(response.content.decode().split())
        assert "Pia (East), Quentin (South), Rosa (West)" in page and "North" not in page
        assert "Without bonus tiles (flowers and seasons)." in page
        lines = rows(response.content.decode())
        assert lines[0] == "Start 0 0 0"
        assert lines[1:3] == ["1 East 1 Pia", "2"]  # East passes on unless East wins

    def test_a_finished_match_has_no_rows(self, client, mj_match):
        Match.objects.filter(pk=mj_match.pk).update(status=Match.Status.FINISHED)
        page = client.get(blank_url(mj_match)).content.decode()
        assert "Print a blank sheet" not in client.get(mj_match.get_absolute_url()).text
        assert 'id="blank-sheet"' not in page
        assert "The match is over: no game can be added." in page

    def test_members_only_leagues_keep_theirs_too(self, client, outsider, member, mj_match):
        League.objects.filter(pk=mj_match.league_id).update(is_public=False)
        client.force_login(outsider)
        assert client.get(blank_url(mj_match)).status_code == 403
