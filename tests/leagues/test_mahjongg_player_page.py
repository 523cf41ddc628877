"""The player page of a Mah-Jongg player (leagues.players.records, leagues.kinds.mahjongg.records):
games played and won, the balance, best hands with their breakdown in the calculator, per season
and all time; Mhing's rounds and points kept apart for a player of both games."""

from __future__ import annotations

import re
from datetime import date
from html import escape

import pytest
from django.urls import reverse

from leagues.kinds.mahjongg.sheet import calculator_url
from leagues.models import League, Match
from leagues.models.mahjongg_entry import record_game
from leagues.models.season_change import open_next_season
from scoring.mahjongg.match import GameEntry
from tests.clubs import shared_club

from .conftest import win as mhing_win
from .mahjongg_fixtures import CALLER, mj_league, win
from .test_player_page import figures
from .test_standings_page import HAND_128, table

__all__ = ["mj_league"]

pytestmark = pytest.mark.django_db

DRAW = GameEntry(None, ("", "", "", ""))
# Scores in the East round: 84 at any seat but East (88); CALLER scores 96, DISCARD 44.
PUNGS = "[GdGdGd] 789k 111c 666b EwEw win=Ew by=wall"
DISCARD = CALLER.replace("by=wall", "by=discard")


def called(caller: int, tiles: str) -> GameEntry:
    entry = win(caller)
    return GameEntry(caller, tuple(tiles if n == caller else h for n, h in enumerate(entry.hands)))


@pytest.fixture
def nights(mj_league, players, organiser):
    """Two matches of the public Dragon Club, in two seasons:
    1 Sept (Autumn): Pia, East, calls Mah-Jongg (96), then a draw: Pia +540.
    8 Sept (Spring): the seats reversed, Pia (North) calls (84), then Rosa (South) calls."""
    pia, quentin, rosa, sven = players
    first = Match.begin(mj_league, players, played_on=date(2026, 9, 1), by=organiser)
    record_game(first, win(0), by=organiser)
    record_game(first, DRAW, by=organiser)
    open_next_season(mj_league, mj_league.current_season, name="Spring", starts_on=date(2026, 9, 5))
    second = Match.begin(mj_league, players[::-1], played_on=date(2026, 9, 8), by=organiser)
    record_game(second, called(3, PUNGS), by=organiser)
    record_game(second, win(1), by=organiser)
    return first, second


def page(client, player, persona=None, **query):
    if persona is not None:
        client.force_login(persona)
    return client.get(reverse("leagues:player", args=[player.pk]), query)


def balance(match: Match, player) -> int:
    return match.seats.get(player=player).total


class TestFigures:
    def test_a_mahjongg_player_sees_games_won_and_balance_not_rounds_and_points(
        self, client, players, nights
    ):
        first, second = nights
        assert balance(first, players[0]) == 540
        total = 540 + balance(second, players[0])
        assert figures(page(client, players[0]).text) == {
            "Matches": "2",
            "Match wins": "0",  # both matches are still running
            "Games won": "2",
            "Balance": str(total),
        }

    def test_the_league_row_counts_games_played_and_won_and_the_balance(
        self, client, players, nights
    ):
        rosa = players[2]
        html = page(client, rosa).text
        assert 'id="leagues-title"' not in html  # no Mhing league
        rows = table(html, after='id="mj-leagues-title"')[1:]
        first, second = nights
        # league, matches, match wins, games, games won, balance, rating
        assert rows[0][:6] == [
            "Dragon Club",
            "2",
            "0",
            "4",
            "1",
            str(balance(first, rosa) + balance(second, rosa)),
        ]

    def test_the_matches_list_games_won_and_the_balance(self, client, players, nights):
        rows = table(page(client, players[0]).text, after='id="mj-matches-title"')[1:]
        first, second = nights
        # date, league, players with balances, place, games, games won, balance, status
        assert rows[0][0:2] == ["Sept. 8, 2026", "Dragon Club"]
        assert rows[0][4:] == ["2", "1", str(balance(second, players[0])), "Running"]
        assert rows[1][2] == "Pia 540 Quentin -170 Rosa -210 Sven -160"
        assert rows[1][3:] == ["1", "2", "1", "540", "Running"]

    def test_no_mhing_parts_for_a_player_of_mahjongg_only(self, client, players, nights):
        html = page(client, players[0]).text
        for mhing in ['id="hands-title"', 'id="progress-title"', 'id="matches-title"']:
            assert mhing not in html
        assert "Rounds won" not in html


class TestBestHands:
    def test_the_best_hands_by_score_with_their_breakdown_match_and_date(
        self, client, mj_league, players, nights
    ):
        first, second = nights
        html = page(client, players[0]).text
        rows = table(html, after='id="mj-hands-title"')[1:]
        # score, tiles, where
        assert rows == [
            ["96", CALLER, "Dragon Club, Sept. 1, 2026, game 1"],
            ["84", PUNGS, "Dragon Club, Sept. 8, 2026, game 1"],
        ]
        # The breakdown: the hand with the winds it was played in (East in the first match,
        # North in the second, in the East round).
        assert f'href="{escape(calculator_url(CALLER, "E", "E"))}"' in html
        assert f'href="{escape(calculator_url(PUNGS, "N", "E"))}"' in html
        match_url = reverse("leagues:match", args=[mj_league.slug, first.pk])
        assert f'href="{match_url}#game-1"' in html

    def test_the_breakdown_link_shows_the_same_score_in_the_calculator(self, client, nights):
        # North's 84, not the 88 the same tiles score at East.
        response = client.get(calculator_url(PUNGS, "N", "E"))
        assert response.status_code == 200
        status = re.search(r'<p id="mj-status"[^>]*>([^<]*)</p>', response.text)
        assert status and status.group(1).startswith("Score 84:")

    def test_at_most_five_hands_best_first(self, client, mj_league, players, organiser):
        match = Match.begin(mj_league, players, played_on=date(2026, 10, 1), by=organiser)
        for tiles in [DISCARD, CALLER, PUNGS, DISCARD, CALLER, PUNGS]:
            record_game(match, called(1, tiles), by=organiser)
        record_game(match, called(0, CALLER), by=organiser)  # Pia's, not Quentin's
        scores = [row[0] for row in table(page(client, players[1]).text, 'id="mj-hands-title"')]
        assert scores[1:] == ["96", "96", "84", "84", "44"]

    def test_a_player_who_never_called_is_told_so(self, client, players, organiser, mj_league):
        match = Match.begin(mj_league, players, played_on=date(2026, 9, 1), by=organiser)
        record_game(match, win(0), by=organiser)
        assert "No Mah-Jongg called yet." in page(client, players[3]).text


class TestSeasons:
    def test_one_season_counts_only_its_matches(self, client, players, nights):
        first, second = nights
        html = page(client, players[0], league="dragons", season="2").text
        assert figures(html) == {
            "Matches": "1",
            "Match wins": "0",
            "Games won": "1",
            "Balance": str(balance(second, players[0])),
        }
        assert [row[0] for row in table(html, after='id="mj-hands-title"')[1:]] == ["84"]
        assert len(table(html, after='id="mj-matches-title"')[1:]) == 1

    def test_the_first_season_has_the_first_match(self, client, players, nights):
        html = page(client, players[0], league="dragons", season="1").text
        assert figures(html)["Balance"] == "540"
        assert [row[0] for row in table(html, after='id="mj-hands-title"')[1:]] == ["96"]

    def test_the_season_switcher_names_both_seasons(self, client, players, nights):
        html = page(client, players[0]).text
        assert "Dragon Club: Spring" in html and "?league=dragons&amp;season=1" in html


class TestBothGames:
    @pytest.fixture
    def mhing_night(self, league, players):
        match = Match.begin(
            league, players, first_dealer=0, played_on=date(2026, 9, 2), rules={"target": 100}
        )
        match.record_round(mhing_win(players[0], HAND_128))
        return match

    def test_each_games_figures_are_kept_apart(self, client, players, nights, mhing_night):
        html = page(client, players[0]).text
        first, second = nights
        assert figures(html) == {
            "Matches": "3",
            "Match wins": "1",
            "Rounds won": "1",
            "Points": "128",
            "Games won": "2",
            "Balance": str(540 + balance(second, players[0])),
        }
        assert "Mhing leagues" in html and "Mah-Jongg leagues" in html
        assert "Mhing matches" in html and "Mah-Jongg matches" in html
        assert [row[0] for row in table(html, after='id="leagues-title"')[1:]] == ["Tuesday Club"]

    def test_the_points_chart_and_best_hands_are_mhings(self, client, players, nights, mhing_night):
        html = page(client, players[0]).text
        assert table(html, after='class="chart-table"')[1:] == [["Sept. 2, 2026", "128", "128"]]
        hands = table(html, after='id="hands-title"')[1:]
        assert len(hands) == 1 and hands[0][2] == "128"
        assert len(table(html, after='id="mj-hands-title"')[1:]) == 2


class TestAccess:
    @pytest.fixture
    def members_only(self, mj_league):
        mj_league.is_public = False
        mj_league.save()
        return mj_league

    @pytest.mark.parametrize("persona", ["organiser", "member"])
    def test_its_members_and_organisers_see_the_figures(
        self, client, request, players, nights, members_only, persona
    ):
        html = page(client, players[1], request.getfixturevalue(persona)).text
        assert figures(html)["Games won"] == "0"
        assert "Dragon Club" in html

    def test_an_outsider_is_refused_and_an_anonymous_visitor_asked_to_sign_in(
        self, client, outsider, players, nights, members_only
    ):
        assert page(client, players[1]).status_code == 302
        assert page(client, players[1], outsider).status_code == 403

    def test_a_public_leagues_player_is_shown_to_everyone(self, client, players, nights):
        assert page(client, players[1]).status_code == 200


@pytest.mark.postgres  # a query count: PostgreSQL's may differ
@pytest.mark.parametrize("matches", [2, 6])
def test_the_page_runs_a_fixed_number_of_queries(
    client, mj_league, players, organiser, outsider, matches, django_assert_max_num_queries
):
    for n in range(matches):
        match = Match.begin(mj_league, players, played_on=date(2026, 9, 1 + n), by=organiser)
        record_game(match, win(n % 4), by=organiser)
    client.force_login(outsider)
    with django_assert_max_num_queries(12):
        response = page(client, players[0])
    assert figures(response.text)["Matches"] == str(matches)


def test_a_mahjongg_league_without_matches_shows_the_mhing_empty_page(client, players):
    league = League.objects.create(club=shared_club(), name="Quiet", slug="quiet", game="mahjongg")
    league.players.add(players[0])
    html = page(client, players[0]).text
    assert "No match played yet." in html and "Mah-Jongg matches" not in html
