"""A match still running when a season dated later begins at midnight
(docs/seasons.md "A match running at midnight"): it belongs to the season it began in and is
played to its end there, rounds and games saved after midnight, counted in that season;
once it has ended it is as read-only as the rest of the archive.

Midnight is made to pass as the other season tests do: the old season's `archived_at`, set
to the new one's first moment, is moved to a second ago."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from leagues.errors import SeasonArchived
from leagues.models import Match, PlayerStanding, Season
from leagues.models.match_end import abandon_match
from leagues.models.season_change import start_season

from .conftest import BIG_HAND, SMALL_HAND, win
from .mahjongg_fixtures import mj_league
from .test_mahjongg_pages import game_new_url, game_post

__all__ = ["mj_league"]

# PostgreSQL run: seasons split at midnight in the club's time zone.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def winter_tomorrow(league, organiser) -> Season:
    """An organiser starts "Winter" for tomorrow (before tonight's match begins: a new season
    is refused while a match runs)."""
    tomorrow = timezone.localdate() + timedelta(days=1)
    return start_season(league, name="Winter", starts_on=tomorrow, by=organiser)


def midnight_passes(league, winter: Season) -> None:
    old = league.seasons.get(number=winter.number - 1)
    Season.objects.filter(pk=old.pk).update(archived_at=timezone.now() - timedelta(seconds=1))
    assert league.current_season == winter


class TestAMatchRunningAtMidnight:
    def test_it_takes_rounds_after_midnight_and_finishes_in_the_season_it_began_in(
        self, league, players, organiser
    ):
        old = league.current_season
        winter = winter_tomorrow(league, organiser)
        match = Match.begin(league, players[:2], first_dealer=0, rules={"target": 100})
        match.record_round(win(players[1], SMALL_HAND))
        midnight_passes(league, winter)

        match = Match.objects.get(pk=match.pk)
        assert not match.is_archived
        match.record_round(win(players[0], BIG_HAND), by=organiser)  # 512 points: it ends

        match = Match.objects.get(pk=match.pk)
        assert match.is_finished and match.season == old and match.rounds.count() == 2
        pia = PlayerStanding.objects.get(player=players[0], season=old)
        assert (pia.played, pia.wins) == (1, 1)
        assert not PlayerStanding.objects.filter(season=league.current_season).exists()
        # Ended: read-only, as the archive is.
        assert match.is_archived
        with pytest.raises(SeasonArchived):
            match.undo_last_round(organiser)

    def test_it_can_be_abandoned_after_midnight(self, league, players, organiser):
        winter = winter_tomorrow(league, organiser)
        match = Match.begin(league, players[:2], first_dealer=0)
        midnight_passes(league, winter)

        abandon_match(Match.objects.get(pk=match.pk), organiser, match.version)

        assert Match.objects.get(pk=match.pk).is_abandoned

    def test_a_mahjongg_game_is_saved_after_midnight_on_the_game_form(
        self, organiser_client, mj_league, players, organiser
    ):
        old = mj_league.current_season
        winter = winter_tomorrow(mj_league, organiser)
        mj_match = Match.begin(mj_league, players, by=organiser)
        midnight_passes(mj_league, winter)

        page = organiser_client.get(mj_match.get_absolute_url()).content.decode()
        assert "played to its end there" in page
        assert organiser_client.get(game_new_url(mj_match)).status_code == 200
        response = organiser_client.post(game_new_url(mj_match), game_post(mj_match))

        assert response.status_code == 302
        mj_match.refresh_from_db()
        assert mj_match.mj_games.count() == 1 and mj_match.season == old
