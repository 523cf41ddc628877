"""The league's home page: who may see it, the standings' figures and order, recent matches,
and a fixed number of queries whatever the league's size."""

from __future__ import annotations

from datetime import date
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import League, Match, Player, RoundEntry
from leagues.models.standing import standings_deferred
from leagues.standings.table import Standings
from tests.clubs import shared_club

from .conftest import BIG_HAND, win

# PostgreSQL run: counts queries; standings sorted by name (collations).
pytestmark = pytest.mark.postgres

HTMX = {"HX-Request": "true"}
# RULES.md §6 example hands: 128 points (12 credits) and 4 points (2 credits).
HAND_128 = "123b 456b 789b 22b 111b"
HAND_4 = "123c 456b 789k 234c 55k"


class TableReader(HTMLParser):
    """The text of every cell of the first table, row by row, headings included."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None
        self.done = False

    def handle_starttag(self, tag, attrs):
        if self.done:
            return
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if self.done:
            return
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "table":
            self.done = True

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def table(html: str, after: str = "") -> list[list[str]]:
    """The first table after the text `after`."""
    reader = TableReader()
    reader.feed(html[html.index(after) :])
    return reader.rows


def standings(html: str) -> dict[str, list[str]]:
    """Standings rows by player name: [place, played, wins, rounds, points, average, best,
    rating]."""
    rows = table(html, after='id="standings"')[1:]
    return {row[1]: [row[0], *row[2:]] for row in rows}


def names_in_order(html: str) -> list[str]:
    return [row[1] for row in table(html, after='id="standings"')[1:]]


@pytest.fixture
def members_only(league):
    league.is_public = False
    league.save()
    return league


def visit(client: Client, persona, url: str, **kwargs):
    if persona is not None:
        client.force_login(persona)
    return client.get(url, **kwargs)


@pytest.mark.django_db
class TestAccess:
    @pytest.mark.parametrize("who", ["organiser", "member", "outsider", "anonymous"])
    def test_everyone_sees_a_public_league(self, client, request, league, players, who):
        persona = None if who == "anonymous" else request.getfixturevalue(who)
        response = visit(client, persona, league.get_absolute_url())

        assert response.status_code == 200
        assert "Tuesday Club" in response.text

    @pytest.mark.parametrize(
        ("who", "status"), [("organiser", 200), ("member", 200), ("outsider", 403)]
    )
    def test_a_members_only_league_is_for_organisers_and_its_players(
        self, client, request, members_only, players, match, who, status
    ):
        response = visit(client, request.getfixturevalue(who), members_only.get_absolute_url())

        assert response.status_code == status
        if status == 403:
            assert "Tuesday Club" not in response.text
            assert "members only" in response.text

    def test_anonymous_visitors_of_a_members_only_league_are_asked_to_sign_in(
        self, client, members_only
    ):
        response = client.get(members_only.get_absolute_url())

        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))

    def test_an_unknown_league_is_not_found(self, client):
        assert client.get(reverse("leagues:league", args=["nowhere"])).status_code == 404

    def test_it_refuses_to_post(self, client, organiser, league):
        client.force_login(organiser)
        assert client.post(league.get_absolute_url()).status_code == 405


@pytest.fixture
def season(league, players, organiser):
    """Pia wins a match to 100 with one 128-point hand; Rosa wins the next with 128 after
    Quentin's 4 and Pia's 512-point hand is still to come in a running third match."""
    pia, quentin, rosa, sven = players
    first = Match.begin(
        league, players, first_dealer=0, played_on=date(2026, 9, 1), rules={"target": 100}
    )
    first.record_round(win(pia, HAND_128))
    second = Match.begin(
        league, players, first_dealer=0, played_on=date(2026, 9, 8), rules={"target": 100}
    )
    second.record_round(win(quentin, HAND_4))
    second.record_round(RoundEntry.draw())
    second.record_round(win(rosa, HAND_128, discarder=sven))
    third = Match.begin(
        league, [pia, quentin], first_dealer=1, played_on=date(2026, 9, 15), rules={"target": 1000}
    )
    third.record_round(win(pia, BIG_HAND))
    return first, second, third


@pytest.mark.django_db
class TestStandings:
    def test_it_shows_each_players_matches_wins_rounds_points_and_average(
        self, client, league, season
    ):
        rows = standings(client.get(league.get_absolute_url()).text)

        # [place, played, wins, rounds, points, average, best, rating]
        assert rows["Pia"][1:6] == ["3", "1", "2", "640", "320.0"]
        assert rows["Quentin"][1:6] == ["3", "0", "1", "4", "4.0"]
        assert rows["Rosa"][1:6] == ["2", "1", "1", "128", "128.0"]
        assert rows["Sven"][1:6] == ["2", "0", "0", "0", "–"]

    def test_the_best_hand_links_to_its_round_on_the_match_page(self, client, league, season):
        response = client.get(league.get_absolute_url())
        rows = standings(response.text)
        match_url = reverse("leagues:match", args=[league.slug, season[2].pk])

        # points (credits)
        assert rows["Pia"][6] == "512 (17)"
        assert rows["Quentin"][6] == "4 (2)"
        assert rows["Sven"][6] == "–"
        assert f'href="{match_url}#round-1" title="567b 567b 678b 789b 99b"' in response.text

    def test_the_rating_shows_the_skill_and_its_uncertainty_in_a_title(
        self, client, league, season, players
    ):
        response = client.get(league.get_absolute_url())
        rating = players[0].ratings.get(league=league, season__isnull=True)

        assert f"{rating.ordinal:.1f}" in standings(response.text)["Pia"][7]
        assert f'title="μ {rating.mu:.1f} ± σ {rating.sigma:.1f}"' in response.text

    def test_by_default_the_best_rated_come_first_then_the_most_points(
        self, client, league, season
    ):
        html = client.get(league.get_absolute_url()).text
        rows = standings(html)
        ratings = {name: float(row[7]) for name, row in rows.items()}

        assert names_in_order(html) == sorted(ratings, key=lambda n: -ratings[n])
        assert [rows[name][0] for name in names_in_order(html)] == ["1", "2", "3", "4"]

    def test_a_player_who_never_finished_a_match_has_no_rating_and_comes_last(
        self, client, league, season
    ):
        newcomer = Player.objects.create(club=shared_club(), display_name="Nora")
        Match.begin(league, [newcomer, Player.objects.get(display_name="Sven")], first_dealer=0)

        html = client.get(league.get_absolute_url()).text

        assert names_in_order(html)[-1] == "Nora"
        assert standings(html)["Nora"][7] == "–"

    def test_players_level_on_rating_and_points_share_a_place(self, client, league, season):
        for name in ("Nora", "Olaf"):
            league.players.add(Player.objects.create(club=shared_club(), display_name=name))

        rows = standings(client.get(league.get_absolute_url()).text)

        assert rows["Nora"][0] == rows["Olaf"][0] == "5"

    def test_a_player_taken_off_the_roster_leaves_the_table(self, client, league, season):
        league.players.remove(Player.objects.get(display_name="Sven"))

        rows = standings(client.get(league.get_absolute_url()).text)

        assert set(rows) == {"Pia", "Quentin", "Rosa"}

    @pytest.mark.parametrize(
        ("sort", "order"),
        [
            ("-points", ["Pia", "Rosa", "Quentin", "Sven"]),
            ("points", ["Sven", "Quentin", "Rosa", "Pia"]),
            # Quentin and Rosa won a round each: Rosa, who won a match, is rated higher.
            ("-rounds", ["Pia", "Rosa", "Quentin", "Sven"]),
            ("name", ["Pia", "Quentin", "Rosa", "Sven"]),
            ("-name", ["Sven", "Rosa", "Quentin", "Pia"]),
            ("-best", ["Pia", "Rosa", "Quentin", "Sven"]),
            ("-average", ["Pia", "Rosa", "Quentin", "Sven"]),
        ],
    )
    def test_it_sorts_by_any_column(self, client, league, season, sort, order):
        html = client.get(league.get_absolute_url(), {"sort": sort}).text

        assert names_in_order(html) == order

    def test_ties_keep_the_standings_order(self, client, league, season):
        default = names_in_order(client.get(league.get_absolute_url()).text)

        by_wins = names_in_order(client.get(league.get_absolute_url(), {"sort": "-wins"}).text)
        by_played = names_in_order(client.get(league.get_absolute_url(), {"sort": "-played"}).text)

        assert by_wins[:2] == [n for n in default if n in ("Pia", "Rosa")]
        assert by_played[:2] == [n for n in default if n in ("Pia", "Quentin")]

    def test_an_unknown_sort_falls_back_to_the_rating(self, client, league, season):
        default = names_in_order(client.get(league.get_absolute_url()).text)

        for sort in ("nonsense", "-", "--points", "'; drop table"):
            html = client.get(league.get_absolute_url(), {"sort": sort}).text
            assert names_in_order(html) == default

    def test_the_sorted_heading_links_to_the_reverse_order_and_says_how_it_is_sorted(
        self, client, league, season
    ):
        html = client.get(league.get_absolute_url(), {"sort": "-points"}).text
        path = league.get_absolute_url()

        assert 'aria-sort="descending"' in html
        assert f'href="{path}?sort=points"' in html  # the sorted column, reversed
        assert f'href="{path}?sort=-rounds"' in html  # numbers: best first
        assert f'href="{path}?sort=name"' in html  # names: A to Z
        assert f'hx-get="{path}?sort=points"' in html
        assert 'hx-target="#standings"' in html

    def test_an_htmx_request_gets_only_the_standings_table(self, client, league, season):
        response = client.get(league.get_absolute_url(), {"sort": "-points"}, headers=HTMX)

        assert response.text.lstrip().startswith('<div id="standings"')
        assert "Recent matches" not in response.text
        assert "<html" not in response.text
        assert names_in_order(response.text)[0] == "Pia"
        assert "HX-Request" in response["Vary"]

    def test_a_league_without_players_says_how_they_join(self, client, league):
        html = client.get(league.get_absolute_url()).text

        assert "players join the standings when they take a seat" in html
        assert "No match has been played yet." in html

    def test_only_this_leagues_rounds_count(self, client, league, season, players):
        other = League.objects.create(club=shared_club(), name="Other", slug="other")
        Match.begin(other, players[:2], first_dealer=0).record_round(win(players[1], BIG_HAND))

        rows = standings(client.get(league.get_absolute_url()).text)

        assert rows["Quentin"][3:5] == ["1", "4"]


@pytest.mark.django_db
class TestRecentMatches:
    def test_it_lists_the_latest_matches_with_totals_status_and_winner(
        self, client, league, season
    ):
        html = client.get(league.get_absolute_url()).text
        rows = table(html, after="Recent matches")[1:]

        assert [row[0] for row in rows] == ["Sept. 15, 2026", "Sept. 8, 2026", "Sept. 1, 2026"]
        assert rows[0][1:] == ["Pia 512 Quentin 0", "Running", "–"]
        assert rows[1][1:] == ["Pia 0 Quentin 4 Rosa 128 Sven 0", "Finished", "Rosa"]
        assert rows[2][3] == "Pia"

    def test_it_shows_only_the_latest_ten(self, client, league, players):
        for day in range(1, 13):
            Match.begin(league, players[:2], first_dealer=0, played_on=date(2026, 10, day))

        html = client.get(league.get_absolute_url()).text
        rows = table(html, after="Recent matches")[1:]

        assert len(rows) == 10
        assert rows[0][0] == "Oct. 12, 2026"
        assert "12 matches, 12 running" in html


@pytest.mark.django_db
class TestLinks:
    def test_organisers_get_a_link_to_start_a_match(self, client, organiser, member, league):
        new_url = reverse("leagues:match_new", args=[league.slug])

        client.force_login(organiser)
        assert f'href="{new_url}"' in client.get(league.get_absolute_url()).text
        client.force_login(member)
        assert f'href="{new_url}"' not in client.get(league.get_absolute_url()).text

    @pytest.mark.parametrize("name", ["standings_csv", "rounds_csv", "export_json"])
    def test_it_links_to_the_exports(self, client, league, name):
        html = client.get(league.get_absolute_url()).text

        assert f'href="{reverse(f"leagues:{name}", args=[league.slug])}"' in html

    def test_player_names_link_to_their_pages(self, client, league, season, players):
        html = client.get(league.get_absolute_url()).text

        for player in players:
            assert f'href="{player.get_absolute_url()}"' in html

    def test_a_phone_gets_short_headings_and_each_figure_labelled_with_one(
        self, client, league, season
    ):
        """The phone's two-line layout (league.css) shows the secondary figures with their
        short heading beside them; screen readers keep the full heading."""
        html = client.get(league.get_absolute_url()).text

        for short in ("Matches", "Wins", "Rounds won", "Per round", "Best"):
            assert html.count(f'data-label="{short}"') == 4  # one a player
        assert (
            '<span class="label-full">Match wins</span>'
            '<span class="label-short" aria-hidden="true">Wins</span>'
        ) in html


def grow(league: League, players: list[Player], matches: int) -> None:
    """Add matches with rounds won by everyone, some finished. The standings are refreshed
    once at the end, as an import does (half the time of refreshing them after each round,
    which tests/leagues/test_standings_in_step.py checks)."""
    with standings_deferred():
        for n in range(matches):
            seated = [players[(n + k) % len(players)] for k in range(4)]
            match = Match.begin(league, seated, first_dealer=0, rules={"target": 200})
            for k in range(n % 3 + 1):
                match.record_round(win(seated[k % 4], HAND_128 if k == 1 else HAND_4))


@pytest.mark.django_db
class TestQueryCount:
    """The same number of queries for a small and a larger league: no query per player or
    match. The standings read one (leagues.models.standing keeps the figures)."""

    # 8, one for the link to tonight's club night, one for the league's seasons, one for the
    # link to its tournament (leagues.models.event), if it is one, one for the count of rounds
    # not yet confirmed (leagues.models.confirmation)
    BOUND = 12
    # Each size: players added to the four, and matches played.
    SIZES = {"small": (4, 6), "larger": (20, 40)}

    def league_of(self, league, players, size):
        extra, matches = self.SIZES[size]
        many = players + [
            Player.objects.create(club=shared_club(), display_name=f"P{i}") for i in range(extra)
        ]
        grow(league, many, matches=matches)
        return many

    @pytest.mark.parametrize("size", ["small", "larger"])
    def test_the_standings_are_read_in_one_query(
        self, league, players, size, django_assert_num_queries
    ):
        many = self.league_of(league, players, size)

        with django_assert_num_queries(1):
            rows = Standings(league, "-best").rows

        assert len(rows) == len(many)
        assert sum(row.rounds_won for row in rows) > 0

    @pytest.mark.parametrize("size", ["small", "larger"])
    def test_the_league_home_runs_a_fixed_number_of_queries(
        self, client, organiser, league, players, size, django_assert_num_queries
    ):
        many = self.league_of(league, players, size)
        client.force_login(organiser)

        with django_assert_num_queries(self.BOUND):
            response = client.get(league.get_absolute_url(), {"sort": "-best"})

        assert len(standings(response.text)) == len(many)

    @pytest.mark.parametrize("size", ["small", "larger"])
    def test_the_standings_fragment_runs_a_fixed_number_of_queries(
        self, client, league, players, size, django_assert_num_queries
    ):
        many = self.league_of(league, players, size)

        with django_assert_num_queries(3):  # the league, its seasons, its standings
            response = client.get(league.get_absolute_url(), headers=HTMX)

        assert len(standings(response.text)) == len(many)
