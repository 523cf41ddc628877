"""Abandoning and deleting a match (leagues.views.match_end): confirmation pages for
organisers; an abandoned match stays, marked, and counts for nothing."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from leagues.models import LeagueEvent, Match, PlayerRating, PlayerStanding, Round
from leagues.models.season_change import start_season
from leagues.models.standing import compute_standings

from . import organiser_fixtures
from .conftest import BIG_HAND, win
from .organiser_fixtures import assert_sign_in_asked, login

co_organiser = organiser_fixtures.co_organiser


def url(match: Match, what: str) -> str:
    return reverse(f"leagues:match_{what}", args=[match.league.slug, match.pk])


def standings(league) -> dict[int, tuple]:
    return {
        row.player_id: row.figures()[3:]
        for row in PlayerStanding.objects.filter(league=league, season=None)
    }


@pytest.fixture
def finished(league, players, organiser):
    """A finished two-player race to 100, and the running four-player `match`."""
    done = Match.begin(league, players[:2], first_dealer=0, by=organiser, rules={"target": 100})
    done.record_round(win(players[0], BIG_HAND), by=organiser)
    done.refresh_from_db()
    assert done.is_finished
    return done


@pytest.mark.django_db
class TestWhoMay:
    @pytest.mark.parametrize("what", ["abandon", "delete"])
    @pytest.mark.parametrize("persona", ["member", "outsider", "anonymous"])
    def test_others_change_nothing(self, client, request, match, persona, what):
        login(client, request, persona)
        responses = [client.get(url(match, what)), client.post(url(match, what), {"version": 1})]
        for response in responses:
            if persona == "anonymous":
                assert_sign_in_asked(response)
            else:
                assert response.status_code == 403
        match.refresh_from_db()
        assert match.status == Match.Status.RUNNING
        assert not match.league.events.exists()

    @pytest.mark.parametrize("persona", ["organiser", "co_organiser"])
    def test_organisers_are_asked_to_confirm(self, client, request, match, persona):
        login(client, request, persona)
        for what in ("abandon", "delete"):
            response = client.get(url(match, what))
            assert response.status_code == 200
            assert "Pia, Quentin, Rosa, Sven" in response.content.decode()
        page = client.get(match.get_absolute_url()).content.decode()
        assert url(match, "abandon") in page and url(match, "delete") in page

    def test_the_match_page_offers_neither_to_members(self, client, member, match):
        client.force_login(member)
        page = client.get(match.get_absolute_url()).content.decode()
        assert url(match, "delete") not in page


@pytest.mark.django_db
class TestAbandoning:
    def test_it_stops_the_match_and_leaves_it_out_of_the_standings(
        self, organiser_client, league, match, finished, players, organiser
    ):
        match.record_round(win(players[2]), by=organiser)
        match.refresh_from_db()
        rating_before = {r.player_id for r in PlayerRating.objects.filter(league=league)}
        response = organiser_client.post(url(match, "abandon"), {"version": match.version})
        assert response.status_code == 302
        match.refresh_from_db()
        assert match.is_abandoned
        # Rosa won a round only in the abandoned match, Sven sat only there: gone from the
        # standings; Pia and Quentin keep the finished match's figures.
        assert set(standings(league)) == {players[0].pk, players[1].pk}
        assert standings(league) == {
            r.player_id: r.figures()[3:] for r in compute_standings(league.pk)
        }
        assert {r.player_id for r in PlayerRating.objects.filter(league=league)} == rating_before
        page = organiser_client.get(match.get_absolute_url()).content.decode()
        assert "Abandoned" in page
        assert "Abandoned" in organiser_client.get(league.get_absolute_url()).content.decode()
        event = league.events.get()
        assert event.action == LeagueEvent.Action.MATCH_ABANDONED
        assert event.details["players"] == ["Pia", "Quentin", "Rosa", "Sven"]

    def test_no_round_can_be_added_afterwards(self, organiser_client, match, players):
        organiser_client.post(url(match, "abandon"), {"version": match.version})
        match.refresh_from_db()
        new_round = reverse("leagues:round_new", args=[match.league.slug, match.pk])
        organiser_client.post(
            new_round,
            {
                "outcome": "won",
                "winner": players[0].pk,
                "win_type": "self_draw",
                "hand": "123c 456b 789k 234c 55k",
                "version": match.version,
            },
        )
        assert not Round.objects.filter(match=match).exists()
        with pytest.raises(Exception, match="abandoned"):
            match.record_round(win(players[0]), by=None)

    def test_a_stale_page_is_refused(self, organiser_client, match, players, organiser):
        version = match.version
        match.record_round(win(players[1]), by=organiser)
        response = organiser_client.post(url(match, "abandon"), {"version": version})
        assert "The match changed meanwhile" in response.content.decode()
        match.refresh_from_db()
        assert match.status == Match.Status.RUNNING

    def test_a_finished_match_is_not_abandoned(self, organiser_client, finished):
        response = organiser_client.post(url(finished, "abandon"), {"version": finished.version})
        assert "cannot be abandoned" in response.content.decode()
        finished.refresh_from_db()
        assert finished.is_finished

    def test_its_page_says_why_before_anything_is_tried(self, organiser_client, finished):
        """Reached from a saved link or a second tab: the reason and the way out, no button
        that could only be refused."""
        page = organiser_client.get(url(finished, "abandon")).content.decode()

        assert 'id="match-stays"' in page
        assert "<h1>This match cannot be abandoned</h1>" in page  # not "Abandon this match?"
        assert (
            "The match is finished: it cannot be abandoned. Delete it if it should not count."
            in page
        )
        assert 'id="confirm-match-end"' not in page
        assert finished.get_absolute_url() in page

    def test_an_abandoned_match_says_so_on_the_page_to_abandon_it(self, organiser_client, match):
        organiser_client.post(url(match, "abandon"), {"version": match.version})

        page = organiser_client.get(url(match, "abandon")).content.decode()

        assert "The match is abandoned already: it counts for nothing." in page
        assert 'id="confirm-match-end"' not in page
        # Deleting it is still offered, on its own page.
        assert (
            'id="confirm-match-end"' in organiser_client.get(url(match, "delete")).content.decode()
        )

    @pytest.mark.parametrize("what", ["abandon", "delete"])
    def test_a_match_of_an_archived_season_says_so_at_once(
        self, organiser_client, finished, organiser, what
    ):
        start_season(finished.league, name="Spring", starts_on=date(2026, 11, 15), by=organiser)

        page = organiser_client.get(url(finished, what)).content.decode()

        assert "is archived: its matches can no longer be changed." in page
        assert 'id="confirm-match-end"' not in page


@pytest.mark.django_db
class TestDeleting:
    def test_it_deletes_the_match_and_rerates(
        self, organiser_client, league, finished, match, players
    ):
        response = organiser_client.post(url(finished, "delete"), {"version": finished.version})
        assert response.status_code == 302 and response.url == league.get_absolute_url()
        assert not Match.objects.filter(pk=finished.pk).exists()
        assert not PlayerRating.objects.filter(league=league).exists()  # no finished match left
        assert standings(league) == {
            r.player_id: r.figures()[3:] for r in compute_standings(league.pk)
        }
        assert standings(league)[players[0].pk][:3] == (1, 0, 0)  # the running match only
        event = league.events.get()
        assert (event.action, event.details["rounds"]) == (LeagueEvent.Action.MATCH_DELETED, 1)

    def test_an_abandoned_match_may_be_deleted(self, organiser_client, match):
        organiser_client.post(url(match, "abandon"), {"version": match.version})
        match.refresh_from_db()
        organiser_client.post(url(match, "delete"), {"version": match.version})
        assert not Match.objects.exists()

    def test_a_stale_page_is_refused(self, organiser_client, match, players, organiser):
        version = match.version
        match.record_round(win(players[1]), by=organiser)
        organiser_client.post(url(match, "delete"), {"version": version})
        assert Match.objects.filter(pk=match.pk).exists()


@pytest.mark.django_db
class TestAbandonedElsewhere:
    """An abandoned match counts for nothing on the player page either, and a league file
    brings it back abandoned, not running."""

    def test_the_player_page_does_not_count_it(self, organiser_client, league, match, players):
        from leagues.players.records import PlayerRecord

        organiser_client.post(url(match, "abandon"), {"version": match.version})
        sven = players[3]  # sat only in the abandoned match
        record = PlayerRecord(sven, type(league).objects.filter(pk=league.pk))
        assert [r.played for r in record.leagues] == [0]
        assert len(record.seats) == 1  # still listed among the player's matches

    def test_a_league_file_keeps_it_abandoned(self, organiser_client, organiser, league, match):
        from leagues.exchange.export import league_document
        from leagues.exchange.importer import import_league

        organiser_client.post(url(match, "abandon"), {"version": match.version})
        document = league_document(league)
        copy = import_league(document, slug="copy", by=organiser).league
        statuses = sorted(copy.matches.values_list("status", flat=True))
        originals = sorted(league.matches.values_list("status", flat=True))
        assert statuses == originals and Match.Status.ABANDONED in statuses
        assert standings(copy).keys() == {
            r.player_id for r in compute_standings(copy.pk) if r.season_id is None
        }
