"""Ending a match otherwise than by play: ending it here (closing time: it keeps its result
and counts), abandoning it (the players stopped for good: it stays, marked abandoned, and
counts for nothing) or deleting it (entered by mistake: it goes, rounds and all). Each only
by organisers (the views check it), with the match's version as
the page showed it, and recorded in the league's history."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from leagues.errors import StaleEdit, match_gone

from .league_log import LeagueEvent, log_event
from .match import Match
from .rating import rerate
from .roster import _atomic
from .season import Season, archived_message
from .standing import refresh_standings


def _details(match: Match) -> dict:
    return {
        "match": match.pk,
        "date": match.played_on.isoformat(),
        "players": [p.display_name for p in match.seated_players()],
        "rounds": match.rounds.count(),
    }


END, ABANDON, DELETE = "end", "abandon", "delete"


def why_it_stays(match: Match, action: str) -> str | None:
    """Why the match can be neither ended here, abandoned nor deleted (`action`), as the page
    asking to confirm it says at once; None: it can be. The saves check again, locked."""
    if match.is_archived:  # read with the match (leagues.access.visible_match)
        return archived_message(match.season)
    if action == DELETE:
        return None
    if match.is_abandoned:
        return _("The match is abandoned already: it counts for nothing.")
    if action == END:
        if match.is_finished:
            return _("The match is over already: its result stands.")
        if not getattr(match, match.kind.played).exists():
            return _nothing_played()
        return None
    if match.is_finished:
        return _finished()
    return None


def _nothing_played() -> str:
    return _(
        "Nothing has been played in this match yet, so it has no result to keep: abandon it, "
        "or delete it if it was entered by mistake."
    )


@_atomic
def end_match(match: Match, by, expected_version: int) -> None:
    """End a running match after its last hand entered (closing time): the hand still on the
    table is not counted, the places are those of the totals so far, and the match counts in
    the standings and ratings like one played to its end."""
    locked = match._lock(expected_version, _changed_meanwhile)
    if locked.is_finished:
        raise ValidationError(_("The match is over already: its result stands."), code="finished")
    if not getattr(locked, locked.kind.played).exists():
        raise ValidationError(_nothing_played(), code="empty")
    locked.ended = Match.Ended.HERE
    Match.objects.filter(pk=locked.pk).update(ended=locked.ended)
    locked.settle()  # finished: places, ratings and standings follow
    log_event(match.league, LeagueEvent.Action.MATCH_ENDED, by=by, **_details(match))
    match.refresh_from_db()


def _finished() -> str:
    return _("The match is finished: it cannot be abandoned. Delete it if it should not count.")


@_atomic
def abandon_match(match: Match, by, expected_version: int) -> None:
    """Stop a running match: no more rounds, left out of the standings and ratings."""
    locked = match._lock(expected_version, _changed_meanwhile)
    if locked.is_finished:
        raise ValidationError(_finished(), code="finished")
    Match.objects.filter(pk=match.pk).update(status=Match.Status.ABANDONED)
    refresh_standings(
        match.league_id, [seat.player_id for seat in match.seats.all()], match.season_id
    )
    log_event(match.league, LeagueEvent.Action.MATCH_ABANDONED, by=by, **_details(match))
    match.refresh_from_db()


@_atomic
def delete_match(match: Match, by, expected_version: int) -> None:
    """Delete the match and its rounds; the league's ratings and the standings of its players
    are computed again."""
    locked = Match.objects.select_for_update().filter(pk=match.pk).first()
    if locked is None:  # two deletions at once: the other one was first
        raise match_gone()
    # An archived season is read-only, deletions included (docs/seasons.md).
    Season.objects.get(pk=locked.season_id).refuse_changes(locked)
    if locked.version != expected_version:
        raise StaleEdit(_changed_meanwhile(), code="stale")
    details = _details(locked)
    seated = list(locked.seats.values_list("player_id", flat=True))
    counted = locked.is_finished
    league = match.league
    locked.delete()
    if counted:
        rerate(league)
    refresh_standings(league.pk, seated, locked.season_id)
    log_event(league, LeagueEvent.Action.MATCH_DELETED, by=by, **details)


def _changed_meanwhile() -> str:
    return _("The match changed meanwhile (someone entered or changed a round): look at it again.")
