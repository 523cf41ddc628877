"""The roster page and a player's page for organisers (leagues.views.roster): add, rename,
retire, link and unlink; merging is in test_organiser_merge.py."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.models import League, LeagueEvent, Match, Player
from tests.clubs import shared_club

from . import organiser_fixtures
from .organiser_fixtures import assert_sign_in_asked, login

# PostgreSQL run: a name unique in the club, case-insensitively (Lower).
pytestmark = pytest.mark.postgres

co_organiser = organiser_fixtures.co_organiser


@pytest.fixture
def roster_url(league):
    return reverse("leagues:roster", args=[league.slug])


@pytest.fixture
def on_roster(league, players):
    league.players.add(*players)
    return players


def player_url(league, player) -> str:
    return reverse("leagues:roster_player", args=[league.slug, player.pk])


def actions(league, player) -> dict[str, dict]:
    return {
        "rename": {"action": "rename", "name": "Renamed", "was": player.display_name},
        "retire": {"action": "retire"},
        "link": {"action": "link", "username": "otto"},
        "unlink": {"action": "unlink"},
    }


@pytest.mark.django_db
class TestWhoMay:
    @pytest.mark.parametrize("persona", ["organiser", "co_organiser"])
    def test_organisers_see_and_use_the_pages(
        self, client, request, league, on_roster, roster_url, persona
    ):
        login(client, request, persona)
        html = client.get(roster_url).content.decode()
        assert all(p.display_name in html for p in on_roster)
        assert client.get(player_url(league, on_roster[1])).status_code == 200
        assert client.post(roster_url, {"name": "Tom"}).status_code == 302
        assert league.players.filter(display_name="Tom").exists()

    @pytest.mark.parametrize("persona", ["member", "outsider", "anonymous"])
    def test_others_change_nothing(self, client, request, league, on_roster, roster_url, persona):
        login(client, request, persona)
        target = on_roster[1]
        responses = [client.get(roster_url), client.get(player_url(league, target))]
        responses.append(client.post(roster_url, {"name": "Tom"}))
        for data in actions(league, target).values():
            responses.append(client.post(player_url(league, target), data))
        for response in responses:
            if persona == "anonymous":
                assert_sign_in_asked(response)
            else:
                assert response.status_code == 403
        target.refresh_from_db()
        assert target.display_name == "Quentin" and target.user is None
        assert not league.retired_players.exists()
        assert not Player.objects.filter(display_name="Tom").exists()
        assert not league.events.exists()


@pytest.mark.django_db
class TestAdding:
    def test_a_new_name_is_a_new_player(self, organiser_client, league, roster_url):
        response = organiser_client.post(roster_url, {"name": "  Uma   Lee "}, follow=True)
        assert "Uma Lee is a new player" in response.content.decode()
        assert league.players.get().display_name == "Uma Lee"
        event = league.events.get()
        assert (event.action, event.details) == ("player_added", {"player": "Uma Lee"})

    def test_a_known_name_adds_that_player(self, organiser_client, league, roster_url, players):
        organiser_client.post(roster_url, {"name": "rosa"})
        assert list(league.players.all()) == [players[2]]
        assert Player.objects.count() == 4

    def test_a_player_on_the_roster_already_is_refused(
        self, organiser_client, league, roster_url, on_roster
    ):
        response = organiser_client.post(roster_url, {"name": "Rosa"})
        assert "already on the roster" in response.content.decode()
        assert not league.events.exists()

    def test_an_empty_name_is_refused(self, organiser_client, league, roster_url):
        response = organiser_client.post(roster_url, {"name": "   "})
        assert response.status_code == 200 and not league.players.exists()


@pytest.mark.django_db
class TestRenaming:
    def rename(self, client, league, player, name, was=None):
        data = {"action": "rename", "name": name, "was": was or player.display_name}
        return client.post(player_url(league, player), data)

    def test_it_renames_and_logs_both_names(self, organiser_client, league, on_roster):
        self.rename(organiser_client, league, on_roster[1], "Quentin B.")
        on_roster[1].refresh_from_db()
        assert on_roster[1].display_name == "Quentin B."
        assert league.events.get().details == {"player": "Quentin", "to": "Quentin B."}

    def test_a_name_in_use_is_refused_with_a_hint_to_merge(
        self, organiser_client, league, on_roster
    ):
        response = self.rename(organiser_client, league, on_roster[1], "rosa")
        html = response.content.decode()
        assert "already used by another player" in html and "merge" in html
        on_roster[1].refresh_from_db()
        assert on_roster[1].display_name == "Quentin"

    def test_a_rename_from_an_outdated_page_is_refused(self, organiser_client, league, on_roster):
        response = self.rename(organiser_client, league, on_roster[1], "Q.", was="Quentin old")
        assert "Someone renamed this player meanwhile" in response.content.decode()
        on_roster[1].refresh_from_db()
        assert on_roster[1].display_name == "Quentin"

    def test_a_player_of_a_league_the_organiser_does_not_organise_is_not_renamed(
        self, organiser_client, league, on_roster, outsider
    ):
        other = League.objects.create(club=shared_club(), name="Other Club", slug="other")
        other.organisers.add(outsider)
        other.players.add(on_roster[1])
        response = self.rename(organiser_client, league, on_roster[1], "Q.")
        assert "Other Club" in response.content.decode()
        on_roster[1].refresh_from_db()
        assert on_roster[1].display_name == "Quentin"

    def test_a_superuser_may(self, client, django_user_model, league, on_roster):
        other = League.objects.create(club=shared_club(), name="Other Club", slug="other")
        other.players.add(on_roster[1])
        client.force_login(django_user_model.objects.create_superuser("root", password="x"))
        self.rename(client, league, on_roster[1], "Q.")
        on_roster[1].refresh_from_db()
        assert on_roster[1].display_name == "Q."


@pytest.mark.django_db
class TestRetiring:
    def test_a_retired_player_is_listed_apart_and_not_offered_for_a_match(
        self, organiser_client, league, on_roster, roster_url
    ):
        organiser_client.post(player_url(league, on_roster[3]), {"action": "retire"})
        assert list(league.retired_players.all()) == [on_roster[3]]
        html = organiser_client.get(roster_url).content.decode()
        retired_part = html[html.index('id="roster-retired"') :]
        assert "Sven" in retired_part
        assert (
            "Sven" not in html[html.index('id="roster-active"') : html.index('id="roster-retired"')]
        )
        new_match = organiser_client.get(reverse("leagues:match_new", args=[league.slug]))
        assert "Sven" not in new_match.content.decode()
        assert "Rosa" in new_match.content.decode()
        assert league.events.get().action == LeagueEvent.Action.PLAYER_RETIRED

    def test_a_retired_player_stays_in_old_matches_and_the_standings(
        self, organiser_client, league, match, players
    ):
        organiser_client.post(player_url(league, players[3]), {"action": "retire"})
        page = organiser_client.get(reverse("leagues:league", args=[league.slug]))
        assert "Sven" in page.content.decode()
        assert Match.objects.get().seats.filter(player=players[3]).exists()

    def test_the_standings_mark_a_retired_player_and_only_them(
        self, organiser_client, client, league, match, players
    ):
        organiser_client.post(player_url(league, players[3]), {"action": "retire"})
        page = client.get(reverse("leagues:league", args=[league.slug])).content.decode()
        rows = {
            name: page[page.index(f">{name}</a>") :].split("</th>")[0]
            for name in (p.display_name for p in players)
        }
        assert "(retired)" in rows["Sven"]
        assert all("(retired)" not in row for name, row in rows.items() if name != "Sven")
        german = client.get(
            reverse("leagues:league", args=[league.slug]), HTTP_ACCEPT_LANGUAGE="de"
        ).content.decode()
        assert "(ausgeschieden)" in german[german.index(">Sven</a>") :].split("</th>")[0]

    def test_and_comes_back(self, organiser_client, league, on_roster):
        url = player_url(league, on_roster[3])
        organiser_client.post(url, {"action": "retire"})
        organiser_client.post(url, {"action": "return"})
        assert not league.retired_players.exists()
        assert [e.action for e in league.events.all()] == ["player_returned", "player_retired"]


@pytest.mark.django_db
class TestLinking:
    """An account is linked only by its owner, accepting an invitation:
    the roster page has no way to link someone else's account, nor says whether a user
    name exists."""

    def link(self, client, league, player, username):
        return client.post(player_url(league, player), {"action": "link", "username": username})

    def test_an_organiser_cannot_link_someone_elses_account(
        self, organiser_client, league, on_roster, outsider
    ):
        page = organiser_client.get(player_url(league, on_roster[1])).content.decode()
        assert 'name="username"' not in page
        assert "accepting an invitation" in page
        known = self.link(organiser_client, league, on_roster[1], "otto")
        unknown = self.link(organiser_client, league, on_roster[1], "nobody")
        on_roster[1].refresh_from_db()
        assert on_roster[1].user is None
        # The same answer whether the account exists or not.
        assert known.status_code == unknown.status_code
        assert "otto" not in known.content.decode()
        assert "nobody" not in unknown.content.decode()

    def test_an_organiser_unlinks_an_account(self, organiser_client, league, on_roster, member):
        assert on_roster[0].user == member
        organiser_client.post(player_url(league, on_roster[0]), {"action": "unlink"})
        on_roster[0].refresh_from_db()
        assert on_roster[0].user is None
        assert league.events.first().details == {"player": "Pia", "account": "pia"}
