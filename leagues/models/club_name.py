"""Naming a club: a club is first named after its first league. Any organiser of one of its
leagues may rename it (who runs a club is derived: the organisers of its leagues,
leagues.models.club); the change is kept in the history of the
league it was made from."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext as _

from leagues.names import refuse_control_characters

from .club import Club
from .league_log import LeagueEvent, log_event
from .roster import _atomic

NAME_LENGTH = 120


@_atomic
def rename_club(league, name: str, by) -> bool:
    """Give the club of `league` the name `name`; whether it changed."""
    club = Club.objects.select_for_update().get(pk=league.club_id)
    if not club.is_run_by(by):
        raise PermissionDenied
    refuse_control_characters(name)
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"name": _("Give the club a name.")}, code="empty")
    if len(name) > NAME_LENGTH:
        raise ValidationError(
            {"name": _("At most %(count)s characters.") % {"count": NAME_LENGTH}}, code="long"
        )
    if name == club.name:
        return False
    before = club.name
    club.name = name
    club.save(update_fields=["name"])
    log_event(league, LeagueEvent.Action.CLUB_RENAMED, by=by, old=before, new=name)
    return True
