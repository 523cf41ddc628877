"""The index of leagues: each visitor sees the leagues they may see, with season dates and
number of matches, their own marked; signed-in visitors are offered to create one."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.urls import reverse

from leagues.models import League, Match
from tests.clubs import shared_club

INDEX = "/leagues/"


def league_names(html: str) -> list[str]:
    return re.findall(r'<h2><a href="/leagues/[^"]+/">([^<]+)</a></h2>', html)


@pytest.fixture
def leagues(league, organiser, players):
    """The public Tuesday Club (two matches, organised by the organiser), a members-only
    league where the member plays, and a members-only league nobody here belongs to."""
    Match.begin(league, players[:2], first_dealer=0)
    Match.begin(league, players[2:], first_dealer=0)
    mine = League.objects.create(
        club=shared_club(),
        name="Members Club",
        slug="members",
        is_public=False,
        season_start=date(2026, 1, 10),
        season_end=date(2026, 6, 30),
    )
    mine.players.add(players[0])
    League.objects.create(club=shared_club(), name="Hidden Club", slug="hidden", is_public=False)
    return league


def visit(client, request, who: str):
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    return client.get(INDEX)


@pytest.mark.django_db
class TestWhoSeesWhat:
    @pytest.mark.parametrize(
        ("who", "seen"),
        [
            ("anonymous", {"Tuesday Club"}),
            ("outsider", {"Tuesday Club"}),
            ("member", {"Tuesday Club", "Members Club"}),
            ("organiser", {"Tuesday Club"}),
        ],
    )
    def test_each_visitor_sees_public_leagues_and_their_own(
        self, client, request, leagues, who, seen
    ):
        response = visit(client, request, who)

        assert response.status_code == 200
        assert set(league_names(response.text)) == seen
        assert "Hidden Club" not in response.text

    def test_superusers_see_every_league(self, client, django_user_model, leagues):
        client.force_login(django_user_model.objects.create_superuser("root", password="x"))

        names = league_names(client.get(INDEX).text)

        assert set(names) == {"Tuesday Club", "Members Club", "Hidden Club"}

    def test_the_organiser_of_a_members_only_league_sees_it(self, client, organiser, leagues):
        League.objects.get(slug="hidden").organisers.add(organiser)
        client.force_login(organiser)

        assert "Hidden Club" in league_names(client.get(INDEX).text)

    def test_anonymous_visitors_learn_that_signing_in_shows_more(self, client, leagues):
        assert "Members-only leagues appear once you sign in." in client.get(INDEX).text

    def test_it_says_so_when_there_is_no_league(self, client, outsider):
        client.force_login(outsider)

        assert "There is no league you can see yet." in client.get(INDEX).text

    def test_it_refuses_to_post(self, client):
        assert client.post(INDEX).status_code == 405


@pytest.mark.django_db
class TestWhatItShows:
    def test_each_league_links_to_its_home_with_season_and_matches(self, client, member, leagues):
        client.force_login(member)
        html = client.get(INDEX).text

        assert 'href="/leagues/tuesday/"' in html
        assert "Season from Sept. 1, 2026" in html
        assert "2 matches" in html
        assert "Season Jan. 10, 2026 to June 30, 2026" in html
        assert "0 matches" in html

    def test_a_single_match_is_not_plural(self, client, league, players):
        Match.begin(league, players[:2], first_dealer=0)

        assert "1 match<" in client.get(INDEX).text

    def test_members_only_leagues_are_marked(self, client, member, leagues):
        client.force_login(member)
        html = client.get(INDEX).text

        members_card = html[html.index("Members Club") :]
        assert "Members only" in members_card
        assert "Members only" not in html[html.index("Tuesday Club") : html.index("Members Club")]

    def test_the_leagues_you_organise_are_marked(self, client, organiser, member, leagues):
        client.force_login(organiser)
        assert "You organise it" in client.get(INDEX).text

        client.force_login(member)
        assert "You organise it" not in client.get(INDEX).text

    def test_signed_in_visitors_are_offered_to_create_a_league(self, client, member, leagues):
        # Leagues are created in the app now, by any account (docs/organisers.md).
        new = f'href="{reverse("leagues:league_new")}"'
        assert new not in client.get(INDEX).text
        client.force_login(member)
        html = client.get(INDEX).text
        assert new in html
        assert "New leagues are created" not in html

    @pytest.mark.postgres  # a query count: PostgreSQL's may differ
    def test_it_runs_a_fixed_number_of_queries(
        self, client, organiser, players, django_assert_max_num_queries
    ):
        for n in range(6):
            league = League.objects.create(club=shared_club(), name=f"League {n}", slug=f"l{n}")
            league.organisers.add(organiser)
            Match.begin(league, players[:2], first_dealer=0)
        client.force_login(organiser)

        with django_assert_max_num_queries(3):
            html = client.get(INDEX).text

        assert len(league_names(html)) == 6


@pytest.mark.django_db
def test_the_home_page_and_the_navigation_link_to_the_leagues(client):
    html = client.get("/").text

    assert f'<a class="button" href="{INDEX}">Open the leagues</a>' in html
    assert f'<li><a href="{INDEX}">Leagues</a></li>' in html
