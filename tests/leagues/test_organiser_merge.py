"""Merging two player records (leagues.models.merge, the roster's merge page), on the demo
leagues: everything follows the player kept, and the standings and ratings are what a
rebuild from scratch gives."""

from __future__ import annotations

from itertools import combinations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from django.utils.formats import date_format

from leagues.models import League, LeagueEvent, Player, PlayerRating, Round, Seat
from leagues.models.merge import merge_players
from leagues.models.rating import rerate
from tests.clubs import shared_club

from .test_standings_in_step import assert_in_step

# PostgreSQL run: locking and constraints while two players are merged.
pytestmark = pytest.mark.postgres


@pytest.fixture
def demo(db):
    call_command("load_demo", verbosity=0)
    return League.objects.get(slug="riverside")


@pytest.fixture
def demo_client(client, demo):
    client.force_login(get_user_model().objects.get(username="organiser"))
    return client


def apart(league: League) -> tuple[Player, Player]:
    """Two players of the league who never sat in one match (the ones with most seats)."""
    seated = {}
    for match_id, player_id in Seat.objects.filter(match__league=league).values_list(
        "match_id", "player_id"
    ):
        seated.setdefault(player_id, set()).add(match_id)
    pairs = [(a, b) for a, b in combinations(sorted(seated), 2) if not seated[a] & seated[b]]
    assert pairs, "the demo has no two players who never met"
    a, b = max(pairs, key=lambda pair: len(seated[pair[0]]) + len(seated[pair[1]]))
    return Player.objects.get(pk=a), Player.objects.get(pk=b)


def ratings(league: League) -> dict[int, tuple]:
    return {
        r.player_id: (round(r.mu, 9), round(r.sigma, 9), r.matches)
        for r in PlayerRating.objects.filter(league=league)
    }


def merge_url(league: League) -> str:
    return reverse("leagues:roster_merge", args=[league.slug])


@pytest.mark.django_db
class TestMergingOnTheDemo:
    def test_everything_follows_and_the_figures_are_rebuilt(self, demo_client, demo):
        merged, kept = apart(demo)
        seats = Seat.objects.filter(player__in=[merged, kept]).count()
        won = Round.objects.filter(winner__in=[merged, kept]).count()
        leagues = list(League.objects.filter(matches__seats__player=merged).distinct())
        form = {"merged": merged.pk, "kept": kept.pk}
        confirm = demo_client.get(merge_url(demo), form).content.decode()
        assert "This cannot be undone" in confirm
        response = demo_client.post(merge_url(demo), form)
        assert response.status_code == 302
        assert not Player.objects.filter(pk=merged.pk).exists()
        assert Seat.objects.filter(player=kept).count() == seats
        assert Round.objects.filter(winner=kept).count() == won
        for league in leagues:
            assert_in_step(league, "a merge")
            now = ratings(league)
            rerate(league)
            assert ratings(league) == now
            assert merged.pk not in now
            event = league.events.get(action=LeagueEvent.Action.PLAYERS_MERGED)
            assert event.details["player"] == merged.display_name
            assert event.details["into"] == kept.display_name

    def test_players_who_sat_in_one_match_are_not_merged(self, demo_client, demo):
        seat = Seat.objects.filter(match__league=demo).select_related("match").first()
        other = seat.match.seats.exclude(pk=seat.pk).first()
        before = (ratings(demo), Seat.objects.filter(player=seat.player).count())
        response = demo_client.post(
            merge_url(demo), {"merged": seat.player_id, "kept": other.player_id}
        )
        html = response.content.decode()
        assert response.status_code == 200
        first_shared = (
            Seat.objects.filter(player=seat.player, match__seats__player=other.player)
            .order_by("match__played_on")
            .first()
            .match
        )
        assert "both sat in one match" in html
        assert f"match of {date_format(first_shared.played_on)}" in html
        assert "Merge them" not in html
        assert (ratings(demo), Seat.objects.filter(player=seat.player).count()) == before
        assert not demo.events.filter(action=LeagueEvent.Action.PLAYERS_MERGED).exists()

    def test_an_account_passes_to_the_player_kept(self, demo):
        member = get_user_model().objects.get(username="member")
        anna = Player.objects.get(user=member)
        new = Player.objects.create(club=demo.club, display_name="Anna B.")
        demo.players.add(new)
        organiser = get_user_model().objects.get(username="organiser")
        merge_players(demo, anna, new, by=organiser)
        new.refresh_from_db()
        assert new.user == member


@pytest.mark.django_db
class TestWhoMayMerge:
    @pytest.fixture
    def pair(self, league, players):
        league.players.add(*players)
        return {"merged": players[2].pk, "kept": players[3].pk}

    @pytest.mark.parametrize("persona", ["member", "outsider"])
    def test_others_are_refused(self, client, request, league, pair, persona):
        client.force_login(request.getfixturevalue(persona))
        assert client.get(merge_url(league), pair).status_code == 403
        assert client.post(merge_url(league), pair).status_code == 403
        assert Player.objects.count() == 4

    def test_anonymous_visitors_are_asked_to_sign_in(self, client, league, pair):
        response = client.post(merge_url(league), pair)
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
        assert Player.objects.count() == 4

    def test_an_organiser_of_only_one_of_the_players_leagues_is_refused(
        self, organiser_client, league, pair, players
    ):
        League.objects.create(club=shared_club(), name="Other Club", slug="other").players.add(
            players[2]
        )
        response = organiser_client.post(merge_url(league), pair)
        assert "Other Club" in response.content.decode()
        assert Player.objects.count() == 4

    def test_a_co_organiser_may(self, client, django_user_model, league, pair):
        cora = django_user_model.objects.create_user("cora")
        league.organisers.add(cora)
        client.force_login(cora)
        assert client.post(merge_url(league), pair).status_code == 302
        assert Player.objects.count() == 3
