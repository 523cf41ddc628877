"""A player's page: who may see it, their matches and figures counted over the leagues the
visitor may see, best hands, points over time, head-to-head, and a fixed number of queries."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.urls import reverse

from leagues.models import League, Match, Player, RoundEntry, WinningHand
from tests.clubs import shared_club

from .conftest import BIG_HAND, win
from .test_standings_page import HAND_4, HAND_128, table

# PostgreSQL run: counts queries; names sorted.
pytestmark = pytest.mark.postgres

# 12 credits, 128 points, with a joker: the arranged notation shows where it went.
JOKER_HAND = "123b 456b 789b 22b 11b J"


@pytest.fixture
def pia(players):
    return players[0]


@pytest.fixture
def history(league, players):
    """Two finished matches and a running one in the public Tuesday Club:
    1 Sept: Pia wins (128), Quentin, Rosa and Sven share second.
    8 Sept: Rosa wins (128) after Pia's 4 points; Pia second, Quentin and Sven third.
    15 Sept, running: Pia 512 against Quentin."""
    pia, quentin, rosa, sven = players
    first = Match.begin(
        league, players, first_dealer=0, played_on=date(2026, 9, 1), rules={"target": 100}
    )
    first.record_round(win(pia, HAND_128))
    second = Match.begin(
        league, players, first_dealer=0, played_on=date(2026, 9, 8), rules={"target": 100}
    )
    second.record_round(win(pia, HAND_4))
    second.record_round(win(rosa, HAND_128, discarder=pia))
    third = Match.begin(
        league, [pia, quentin], first_dealer=0, played_on=date(2026, 9, 15), rules={"target": 1000}
    )
    third.record_round(win(pia, BIG_HAND))
    third.record_round(RoundEntry.draw())
    return first, second, third


@pytest.fixture
def private_league(players):
    """A members-only league where Pia plays Quentin; none of the personas organises it, and
    the member (Pia's account) plays in it."""
    league = League.objects.create(
        club=shared_club(), name="Secret Society", slug="secret", is_public=False
    )
    match = Match.begin(
        league, players[:2], first_dealer=0, played_on=date(2026, 10, 1), rules={"target": 100}
    )
    match.record_round(win(players[1], JOKER_HAND))
    return league


def page(client, player, persona=None):
    if persona is not None:
        client.force_login(persona)
    return client.get(reverse("leagues:player", args=[player.pk]))


def figures(html: str) -> dict[str, str]:
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", html)
    return dict(pairs)


@pytest.mark.django_db
class TestAccess:
    @pytest.mark.parametrize("who", ["organiser", "member", "outsider", "anonymous"])
    def test_everyone_sees_a_player_of_a_public_league(self, client, request, pia, history, who):
        persona = None if who == "anonymous" else request.getfixturevalue(who)

        response = page(client, pia, persona)

        assert response.status_code == 200
        assert "<h1>Pia</h1>" in response.text

    @pytest.mark.parametrize(
        ("who", "status"), [("member", 200), ("outsider", 403), ("organiser", 403)]
    )
    def test_a_player_of_members_only_leagues_is_shown_to_their_members(
        self, client, request, private_league, players, who, status
    ):
        quentin = players[1]  # plays only in the members-only league

        response = page(client, quentin, request.getfixturevalue(who))

        assert response.status_code == status
        if status == 403:
            assert "Quentin" not in response.text

    def test_anonymous_visitors_are_asked_to_sign_in_for_a_members_only_player(
        self, client, private_league, players
    ):
        response = page(client, players[1])

        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))

    def test_a_player_in_no_league_and_an_unknown_player_are_not_found(self, client):
        loner = Player.objects.create(club=shared_club(), display_name="Lonely")

        assert page(client, loner).status_code == 404
        assert client.get(reverse("leagues:player", args=[9999])).status_code == 404

    def test_it_refuses_to_post(self, client, pia, history):
        assert client.post(reverse("leagues:player", args=[pia.pk])).status_code == 405


@pytest.mark.django_db
class TestFigures:
    def test_it_counts_matches_match_wins_rounds_won_and_points(self, client, pia, history):
        assert figures(page(client, pia).text) == {
            "Matches": "3",
            "Match wins": "1",
            "Rounds won": "3",
            "Points": "644",
        }

    def test_it_lists_the_matches_latest_first_with_place_and_what_was_won(
        self, client, pia, history
    ):
        html = page(client, pia).text
        rows = table(html, after='id="matches-title"')[1:]

        # date, league, players with totals, place, rounds won, points won, status
        assert rows[0] == [
            "Sept. 15, 2026",
            "Tuesday Club",
            "Pia 512 Quentin 0",
            "1",
            "1",
            "512",
            "Running",
        ]
        assert rows[1][2:] == ["Pia 4 Quentin 0 Rosa 128 Sven 0", "2", "1", "4", "Finished"]
        assert rows[2][3:6] == ["1", "1", "128"]

    def test_only_the_leagues_the_visitor_may_see_count(
        self, client, member, outsider, players, history, private_league
    ):
        quentin = players[1]
        private_match = reverse("leagues:league", args=[private_league.slug])

        seen_by_member = page(client, quentin, member).text
        assert figures(seen_by_member)["Matches"] == "4"
        assert figures(seen_by_member)["Rounds won"] == "1"
        assert private_match in seen_by_member

        seen_by_outsider = page(client, quentin, outsider).text
        assert figures(seen_by_outsider)["Matches"] == "3"
        assert figures(seen_by_outsider)["Rounds won"] == "0"
        assert "Secret Society" not in seen_by_outsider
        assert "11b J" not in seen_by_outsider

    def test_it_shows_each_league_with_its_rating(self, client, pia, history, private_league):
        html = page(client, pia, pia.user).text
        rows = table(html, after='id="leagues-title"')[1:]
        rating = pia.ratings.get(league__slug="tuesday", season__isnull=True)

        assert [row[0] for row in rows] == ["Secret Society", "Tuesday Club"]
        assert rows[1] == ["Tuesday Club", "3", "1", "3", "644", f"{rating.ordinal:.1f}"]
        assert rows[0][:5] == ["Secret Society", "1", "0", "0", "0"]


@pytest.mark.django_db
class TestBestHands:
    def test_the_best_five_hands_by_points_then_credits_in_arranged_notation(
        self, client, league, pia, players
    ):
        match = Match.begin(league, players[:2], first_dealer=0, rules={"target": 100_000})
        for hand in [HAND_4, HAND_128, BIG_HAND, HAND_4, JOKER_HAND, HAND_4, HAND_4]:
            match.record_round(win(pia, hand))

        html = page(client, pia).text
        rows = table(html, after='id="hands-title"')[1:]

        assert [row[1:3] for row in rows] == [
            ["17", "512"],
            ["12", "128"],
            ["12", "128"],
            ["2", "4"],
            ["2", "4"],
        ]
        joker = WinningHand.objects.get(round__number=5)
        assert " J" in joker.hand
        assert rows[1][0] == joker.hand or rows[2][0] == joker.hand
        match_url = reverse("leagues:match", args=[league.slug, match.pk])
        assert f'href="{match_url}#round-3"' in html
        assert "Tuesday Club" in rows[0][3] and "round 3" in rows[0][3]

    def test_a_player_without_a_won_round_is_told_so(self, client, players, history):
        assert "No round won yet." in page(client, players[3]).text


@pytest.mark.django_db
class TestPointsChart:
    def test_it_draws_cumulative_points_by_match_date_with_a_title_and_description(
        self, client, pia, history
    ):
        html = page(client, pia).text

        svg = html[html.index("<svg") : html.index("</svg>")]
        assert 'role="img"' in svg
        assert '<title id="chart-title">Points of Pia over time</title>' in svg
        assert "from Sept. 1, 2026 to Sept. 15, 2026: 644 points" in svg
        points = re.search(r'<polyline class="chart-line" points="([^"]+)"', svg).group(1)
        coordinates = [tuple(map(float, p.split(","))) for p in points.split()]
        assert len(coordinates) == 3
        xs = [x for x, _ in coordinates]
        ys = [y for _, y in coordinates]
        assert xs == sorted(xs) and len(set(xs)) == 3
        # Up means more: SVG's y grows downwards, and the total never falls.
        assert ys == sorted(ys, reverse=True) and ys[0] > ys[-1]

    def test_the_same_figures_are_in_a_table(self, client, pia, history):
        rows = table(page(client, pia).text, after='class="chart-table"')[1:]

        assert rows == [
            ["Sept. 1, 2026", "128", "128"],
            ["Sept. 8, 2026", "4", "132"],
            ["Sept. 15, 2026", "512", "644"],
        ]

    def test_a_day_without_points_keeps_the_line_flat(self, client, players, history):
        rows = table(page(client, players[1]).text, after='class="chart-table"')[1:]

        assert [row[1:] for row in rows] == [["0", "0"], ["0", "0"], ["0", "0"]]


@pytest.mark.django_db
class TestHeadToHead:
    def test_it_counts_shared_matches_and_who_placed_better(self, client, pia, history):
        rows = table(page(client, pia).text, after='id="h2h-title"')[1:]

        # opponent, together, Pia better, opponent better, same place (finished only)
        assert rows == [
            ["Quentin", "3", "2", "0", "0"],
            ["Rosa", "2", "1", "1", "0"],
            ["Sven", "2", "2", "0", "0"],
        ]

    def test_equal_places_count_as_level(self, client, players, history):
        rows = table(page(client, players[3]).text, after='id="h2h-title"')[1:]

        assert ["Quentin", "2", "0", "0", "2"] in rows

    def test_opponents_link_to_their_pages(self, client, pia, players, history):
        html = page(client, pia).text

        for other in players[1:]:
            assert f'href="{other.get_absolute_url()}"' in html


@pytest.mark.django_db
class TestQueryCount:
    @pytest.mark.parametrize("matches", [2, 8])
    def test_the_player_page_runs_a_fixed_number_of_queries(
        self, client, league, pia, players, outsider, matches, django_assert_max_num_queries
    ):
        others = [
            Player.objects.create(club=shared_club(), display_name=f"P{i}") for i in range(matches)
        ]
        for n in range(matches):
            match = Match.begin(
                league, [pia, players[1 + n % 3], others[n]], first_dealer=0, rules={"target": 200}
            )
            match.record_round(win(pia, HAND_128))
            match.record_round(win(others[n], HAND_4))
            if n % 2:
                match.record_round(win(pia, HAND_128))
        client.force_login(outsider)

        with django_assert_max_num_queries(11):  # 10, and the seasons played in
            response = page(client, pia)

        assert figures(response.text)["Matches"] == str(matches)
