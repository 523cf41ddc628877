"""Matches that end at closing time: "End the match here" keeps the result
and counts it (abandon still does not), from the match page and from the new-season page;
a league's match length (hands or minutes) ends a match after the hand in play; a season
dated later can be set while matches run (docs/organisers.md, docs/seasons.md)."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from leagues.models import LeagueEvent, Match, PlayerStanding
from leagues.models.mahjongg_entry import record_game

from .conftest import BIG_HAND, win
from .mahjongg_fixtures import mj_league, mj_match  # noqa: F401 (fixtures)
from .mahjongg_fixtures import win as mj_win

# PostgreSQL run: dates and times of seasons and matches.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


class _Nothing:
    played = wins = 0


def standing(league, player):
    """The player's row in the current season's table (none yet: nothing counted)."""
    rows = PlayerStanding.objects.filter(league=league, player=player)
    return rows.filter(season=league.current_season).first() or _Nothing()


def end_url(match, **query):
    url = reverse("leagues:match_end_here", args=[match.league.slug, match.pk])
    return url + ("?back=season" if query.get("back") else "")


class TestEndHereFromTheMatchPage:
    def test_the_result_stands_and_counts_in_the_standings(
        self, organiser_client, league, match, players
    ):
        match.record_round(win(players[1]))
        page = organiser_client.get(match.get_absolute_url()).content.decode()
        assert end_url(match) in page and "End the match here" in page

        asked = organiser_client.get(end_url(match)).content.decode()
        assert "End this match here?" in asked and "1 round" in asked
        response = organiser_client.post(end_url(match), {"version": match.version})

        assert response.status_code == 302 and response.url == match.get_absolute_url()
        match.refresh_from_db()
        assert (match.status, match.ended) == (Match.Status.FINISHED, Match.Ended.HERE)
        shown = organiser_client.get(match.get_absolute_url()).content.decode()
        assert "Ended here by an organiser" in shown and end_url(match) not in shown
        # Quentin won the only round: he wins the match, and everyone played one.
        assert (standing(league, players[1]).played, standing(league, players[1]).wins) == (1, 1)
        assert (standing(league, players[0]).played, standing(league, players[0]).wins) == (1, 0)
        event = LeagueEvent.objects.get(league=league, action=LeagueEvent.Action.MATCH_ENDED)
        assert event.details["rounds"] == 1

    def test_no_round_can_be_added_after(self, organiser_client, league, match, players):
        match.record_round(win(players[1]))
        organiser_client.post(end_url(match), {"version": match.version})
        match.refresh_from_db()
        with pytest.raises(Exception, match="over"):
            match.record_round(win(players[2]))

    def test_an_abandoned_match_still_counts_for_nothing(
        self, organiser_client, league, match, players
    ):
        match.record_round(win(players[1]))
        url = reverse("leagues:match_abandon", args=[league.slug, match.pk])
        organiser_client.post(url, {"version": match.version})

        match.refresh_from_db()
        assert match.status == Match.Status.ABANDONED and match.ended == ""
        assert standing(league, players[1]).played == 0
        refused = organiser_client.get(end_url(match)).content.decode()
        assert "This match cannot be ended here" in refused

    def test_a_match_with_nothing_played_is_not_ended(self, organiser_client, match):
        response = organiser_client.post(end_url(match), {"version": match.version})

        assert "Nothing has been played in this match yet" in response.content.decode()
        match.refresh_from_db()
        assert match.status == Match.Status.RUNNING

    def test_a_member_cannot_end_it(self, client, member, match, players):
        match.record_round(win(players[1]))
        client.force_login(member)
        response = client.post(end_url(match), {"version": match.version})
        assert response.status_code in (403, 404)
        match.refresh_from_db()
        assert match.status == Match.Status.RUNNING

    def test_a_mahjongg_match_ends_here_too(self, organiser_client, mj_league, mj_match, players):  # noqa: F811
        record_game(mj_match, mj_win(1))
        mj_match.refresh_from_db()
        assert mj_match.status == Match.Status.RUNNING

        organiser_client.post(end_url(mj_match), {"version": mj_match.version})

        mj_match.refresh_from_db()
        assert (mj_match.status, mj_match.ended) == (Match.Status.FINISHED, Match.Ended.HERE)
        assert standing(mj_league, players[1]).wins == 1
        page = organiser_client.get(mj_match.get_absolute_url()).content.decode()
        assert "Ended here by an organiser" in page


class TestTheNewSeasonPage:
    def url(self, league):
        return reverse("leagues:season_new", args=[league.slug])

    def test_it_lists_the_running_matches_and_ends_them_there(
        self, organiser_client, league, match, players
    ):
        match.record_round(win(players[2]))
        page = organiser_client.get(self.url(league)).content.decode()
        assert match.get_absolute_url() in page
        assert "Pia, Quentin, Rosa, Sven" in page and end_url(match) in page

        response = organiser_client.post(
            end_url(match), {"version": match.version, "back": "season"}
        )

        assert response.status_code == 302 and response.url == self.url(league)
        after = organiser_client.get(self.url(league)).content.decode()
        assert end_url(match) not in after and "still running" not in after
        assert standing(league, players[2]).wins == 1
        started = organiser_client.post(
            self.url(league),
            {"name": "Spring", "starts_on": timezone.localdate().isoformat(), "confirm": "on"},
        )
        assert started.status_code == 302 and league.seasons.count() == 2

    def test_a_season_dated_later_is_set_while_a_match_runs(self, organiser_client, league, match):
        later = timezone.localdate() + timedelta(days=3)
        response = organiser_client.post(
            self.url(league), {"name": "Spring", "starts_on": later.isoformat(), "confirm": "on"}
        )

        assert response.status_code == 302
        assert league.seasons.count() == 2
        match.refresh_from_db()
        assert match.status == Match.Status.RUNNING and not match.season.is_archived

    def test_a_season_from_today_still_waits_for_running_matches(
        self, organiser_client, league, match
    ):
        response = organiser_client.post(
            self.url(league),
            {"name": "Spring", "starts_on": timezone.localdate().isoformat(), "confirm": "on"},
        )

        assert "End them here" in response.content.decode()
        assert league.seasons.count() == 1


class TestMatchLength:
    def test_a_match_ends_after_its_number_of_hands(self, organiser_client, league, players):
        league.match_hands = 2
        league.save()
        match = Match.begin(league, players, first_dealer=0)
        page = organiser_client.get(match.get_absolute_url()).content.decode()
        assert "ends after 2 hands" in page

        match.record_round(win(players[1]))
        match.record_round(win(players[3]))

        match.refresh_from_db()
        assert (match.status, match.ended) == (Match.Status.FINISHED, Match.Ended.LENGTH)
        assert standing(league, players[1]).played == 1
        page = organiser_client.get(match.get_absolute_url()).content.decode()
        assert "Ended by its length" in page
        # Undone, the last hand leaves the match short of its length: it runs again.
        match.undo_last_round(by=None)
        match.refresh_from_db()
        assert (match.status, match.ended) == (Match.Status.RUNNING, "")

    def test_past_its_time_it_ends_after_the_hand_in_play(self, league, players):
        assert league.match_minutes == 150  # the default: a club evening
        match = Match.begin(league, players, first_dealer=0)
        match.record_round(win(players[1]))
        match.refresh_from_db()
        assert match.status == Match.Status.RUNNING
        Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - timedelta(minutes=151))
        match.refresh_from_db()

        match.record_round(win(players[2]))

        match.refresh_from_db()
        assert (match.status, match.ended) == (Match.Status.FINISHED, Match.Ended.LENGTH)

    def test_a_target_reached_first_is_an_end_by_play(self, league, players):
        league.match_hands = 2
        league.save()
        match = Match.begin(league, players, first_dealer=0, rules={"target": 500})
        match.record_round(win(players[1], BIG_HAND))  # 17 credits: 512 points

        match.refresh_from_db()
        assert (match.status, match.ended) == (Match.Status.FINISHED, "")

    def test_the_settings_page_sets_the_length(self, organiser_client, league):
        page = organiser_client.get(reverse("leagues:league_settings", args=[league.slug]))
        text = page.content.decode()
        assert 'name="match_hands"' in text and 'name="match_minutes"' in text
        assert 'value="150"' in text

    def test_a_mahjongg_match_ends_after_its_games(self, mj_league, players):  # noqa: F811
        mj_league.match_hands = 1
        mj_league.save()
        match = Match.begin(mj_league, players)
        record_game(match, mj_win(2))

        match.refresh_from_db()
        assert (match.status, match.ended) == (Match.Status.FINISHED, Match.Ended.LENGTH)
        assert match.played_on == date.today()


def test_a_new_league_proposes_a_match_that_fits_an_evening(client, member):
    """500 points ended a match on its first one-suit hand (17 credits, 512 points): the
    create page proposes 2000 and 2 h 30, so the clock ends most evenings."""
    client.force_login(member)
    page = client.get(reverse("leagues:league_new")).content.decode()

    assert 'name="default_target" value="2000"' in page
    assert 'name="match_minutes" value="150"' in page


class TestLeagueFiles:
    """A match ended here, or by its length, comes back ended from the league's file; before,
    its rounds alone left it running."""

    def test_a_mhing_match_ended_here_comes_back_ended(
        self, client, organiser_client, league, match, players
    ):
        from leagues.exchange.importer import import_league

        match.record_round(win(players[1]))
        organiser_client.post(end_url(match), {"version": match.version})
        document = json.loads(
            client.get(reverse("leagues:export_json", args=[league.slug])).content
        )
        assert document["matches"][0]["ended"] == "here"

        copy = import_league(document, slug="copy").league

        again = copy.matches.get()
        assert (again.status, again.ended) == (Match.Status.FINISHED, Match.Ended.HERE)
        assert copy.standings.filter(player__display_name="Quentin", season=None).get().wins == 1

    def test_a_mahjongg_match_ended_by_length_comes_back(self, client, mj_league, players):  # noqa: F811
        from leagues.exchange.importer import import_league

        mj_league.match_hands = 1
        mj_league.save()
        match = Match.begin(mj_league, players)
        record_game(match, mj_win(2))
        document = json.loads(
            client.get(reverse("leagues:export_json", args=[mj_league.slug])).content
        )

        copy = import_league(document, slug="copy").league

        again = copy.matches.get()
        assert (again.status, again.ended) == (Match.Status.FINISHED, Match.Ended.LENGTH)

    def test_an_unknown_end_is_refused(self, client, league, match, players):
        from leagues.exchange.importer import ImportRefused, import_league

        match.record_round(win(players[1]))
        document = json.loads(
            client.get(reverse("leagues:export_json", args=[league.slug])).content
        )
        document["matches"][0].update(status="finished", ended="tea")

        with pytest.raises(ImportRefused, match="ended"):
            import_league(document, slug="copy")
