"""Starting a league's next season (docs/seasons.md): the checks, archiving the current
season and opening the next, in one transaction. Above the match and the league, which it
locks and reads; the Season model and the current season are in season.py, below them."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from leagues.errors import refused_when_busy
from leagues.names import refuse_control_characters
from mhing_site.templatetags.dates import long_date

from .league import League, lock_league
from .league_log import LeagueEvent, log_event
from .match import Match
from .season import Season, current_season


class SeasonNotStarted(ValidationError):
    """The new season cannot start: matches still run, or the form's values are wrong."""


def start_season(league, *, name: str, starts_on: date, by=None) -> Season:
    """Archive the current season and start the next one, in one transaction. Refused while
    a match of the current season is running, for a start before the current season's
    start, and while a season started for a
    later day waits. A season dated later than today becomes current on that day: until
    then matches still go into the current one."""
    with refused_when_busy():
        return _start_season(league, name=name, starts_on=starts_on, by=by)


@transaction.atomic
def _start_season(league, *, name: str, starts_on: date, by) -> Season:
    def hold_matches(season: Season) -> list:
        return list(
            Match.objects.select_for_update()
            .filter(season=season)
            .order_by("played_on", "pk")
            .values_list("pk", "status", "played_on")
        )

    old = current_season(league)
    # Hold every match of the old season, so a correction saving at this moment either
    # finishes before the season is archived or sees it archived (Match._lock). The matches
    # first, then the league, in the order a round's save takes them (Match._lock, then
    # refresh_standings): the other order deadlocked against a correction on PostgreSQL
    # (tests/faults/test_concurrent_club_season.py).
    hold_matches(old)
    lock_league(league.pk)
    if current_season(league).pk != old.pk:
        raise SeasonNotStarted(
            _("Another organiser started a new season meanwhile. Nothing was changed."),
            code="stale",
        )
    matches = hold_matches(old)  # again under the league's lock: any begun meanwhile
    running = [pk for pk, status, _day in matches if status == Match.Status.RUNNING]
    # A season dated later may be set while matches run: one still running at its
    # midnight is played to its end in this season (docs/seasons.md).
    if running and starts_on <= timezone.localdate():
        raise SeasonNotStarted(running_message(running), code="running")
    try:
        refuse_control_characters(name)
    except ValidationError as error:
        raise SeasonNotStarted({"name": error.messages}, code="name") from None
    name = name.strip()
    if not name:
        raise SeasonNotStarted({"name": _("Give the new season a name.")}, code="name")
    if league.seasons.filter(name__iexact=name).exists():
        raise SeasonNotStarted(
            {"name": _("The league already has a season called “%(name)s”.") % {"name": name}},
            code="name_taken",
        )
    waiting = league.seasons.filter(number__gt=old.number).first()
    if waiting is not None:
        raise SeasonNotStarted(
            _("“%(name)s” is already set to begin on %(date)s.")
            % {"name": waiting.name, "date": long_date(waiting.starts_on)},
            code="waiting",
        )
    # The day the current season began is allowed: a club that made its league
    # today can close that first season today; it then ends the day it began.
    if starts_on < old.starts_on:
        raise SeasonNotStarted(
            {
                "starts_on": _(
                    "The new season cannot start before the current one began (%(date)s)."
                )
                % {"date": long_date(old.starts_on)}
            },
            code="starts_on",
        )
    # A start beyond next year is a typing slip (year 9999 left no later date for the season
    # after it): refused, with the limit said.
    if starts_on > timezone.localdate() + timedelta(days=366):
        raise SeasonNotStarted(
            {"starts_on": _("The new season must start at most a year from today.")},
            code="starts_on_far",
        )
    season = open_next_season(
        league,
        old,
        name=name,
        starts_on=starts_on,
        old_ends_on=max(old.starts_on, starts_on - timedelta(days=1)),
        by=by,
        archived_at=beginning(starts_on),
    )
    log_event(
        league,
        LeagueEvent.Action.SEASON_STARTED,
        by=by,
        season=name,
        number=season.number,
        starts_on=starts_on.isoformat(),
        archived=old.name,
    )
    return season


def open_next_season(
    league,
    old: Season,
    *,
    name: str,
    starts_on: date,
    ends_on: date | None = None,
    old_ends_on: date | None = None,
    by=None,
    archived_at: datetime | None = None,
) -> Season:
    """Archive `old` (at `archived_at`, else now) and open the league's next season; no
    checks (start_season makes them; an import follows the file's seasons as they were)."""
    old.archived_at = archived_at or timezone.now()
    old.archived_by = by if by is not None and by.is_authenticated else None
    old.ends_on = old_ends_on or starts_on - timedelta(days=1)
    old.save(update_fields=["archived_at", "archived_by", "ends_on"])
    season = Season.objects.create(
        league=league, number=old.number + 1, name=name, starts_on=starts_on, ends_on=ends_on
    )
    # The league's dates are the current season's (module docstring).
    League.objects.filter(pk=league.pk).update(season_start=starts_on, season_end=ends_on)
    league.season_start, league.season_end = starts_on, ends_on
    return season


def beginning(starts_on: date) -> datetime:
    """When a season starting on `starts_on` becomes current: now for today or a day past,
    else that day's first moment in the site's time zone."""
    now = timezone.now()
    if starts_on <= timezone.localdate(now):
        return now
    return timezone.make_aware(datetime.combine(starts_on, time.min))


def running_message(match_ids: list[int]) -> str:
    described = []
    for match in Match.objects.filter(pk__in=match_ids).order_by("played_on", "pk"):
        names = ", ".join(seat.player.display_name for seat in match.seats.select_related("player"))
        # The date as every page writes it ("17. November 2026"), not as stored.
        described.append(f"{long_date(match.played_on)} ({names})")
    return _(
        "These matches of the current season are still running: %(matches)s. End them here "
        "to keep their results, or abandon those that should not count, before a new season "
        "starts today; one dated later can be set while they run."
    ) % {"matches": "; ".join(described)}
