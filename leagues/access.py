"""Who may see and change what, in one place for every league view.

Public leagues are open to everyone; a members-only league is shown to its organisers and to
players whose account is linked. Visitors who are not signed in are sent to sign in; signed-in
visitors without access get a 403 page. Only organisers change league data (and the match's
own players enter rounds where the league allows it: Match.can_enter).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import BooleanField
from django.db.models.expressions import RawSQL
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from .models import League, Match


class SignInRequired(PermissionDenied):
    """Raised for anonymous visitors; the middleware-free way to ask them to sign in is the
    `login_redirect` below, used by `visible_league`."""


def visible_league(request, slug: str) -> League:
    league = get_object_or_404(League, slug=slug)
    if not league.can_view(request.user):
        if not request.user.is_authenticated:
            raise SignInRequired(_("Sign in to see this league."))
        raise PermissionDenied(_("This league is for its members only."))
    return league


def organised_league(request, slug: str) -> League:
    league = visible_league(request, slug)
    if not league.is_organiser(request.user):
        raise PermissionDenied(_("Only the league's organisers can do this."))
    return league


def _organises(user) -> RawSQL:
    """Whether `user` organises the match's league, as a column of the match's query.

    Written out, as Django compiles an `Exists(...)` subquery at about the cost of a query of
    its own, where this costs nothing to speak of."""
    organisers = League.organisers.through._meta.db_table
    matches = Match._meta.db_table
    return RawSQL(
        f'EXISTS (SELECT 1 FROM "{organisers}" WHERE "{organisers}"."league_id" = '
        f'"{matches}"."league_id" AND "{organisers}"."user_id" = %s)',
        (user.pk,),
        output_field=BooleanField(),
    )


def visible_match(request, slug: str, pk: int) -> Match:
    """The match, if its league is visible to the user: 404 or 403 as visible_league says.

    One query, since a picker tap on the Mah-Jongg game form pays for it every time
    (docs/benchmarks.md; a round form's tap looks nothing up: leagues/kinds/mhing/views.py):
    the match with its league and season, and whether a signed-in user organises the
    league, remembered on that league object for League.is_organiser, which every match
    view asks (often twice). When the match is not there, the league is looked up on its
    own, so an unknown or hidden league answers as visible_league does, before a
    missing match's 404."""
    user = request.user
    matches = Match.objects.select_related("league", "season")
    asks = user.is_authenticated and not user.is_superuser
    if asks:
        matches = matches.annotate(_organises=_organises(user))
    try:
        match = matches.get(pk=pk, league__slug=slug)
    except Match.DoesNotExist:
        visible_league(request, slug)
        raise Http404("No Match matches the given query.") from None
    league = match.league
    if asks:
        league._organiser_known = (user.pk, bool(match._organises))
    if not league.can_view(user):
        if not user.is_authenticated:
            raise SignInRequired(_("Sign in to see this league."))
        raise PermissionDenied(_("This league is for its members only."))
    return match


@dataclass(frozen=True)
class Actions:
    """What the viewer may do on a match's sheet, whatever the game."""

    enter: bool  # enter a round (a game) or a draw
    correct: bool  # edit or delete any round
    undo: bool  # take back the last round
    # correct a round (a game): organisers; the table's players inside the correction
    # window (Match.can_amend), their correction waiting for an opponent again
    amend: bool = False


def actions_for(match: Match, user, last) -> Actions:
    """Organisers may do everything. A seated player who may enter rounds may also undo the
    last round, but only one they entered themselves: a slip of their own finger, not a
    correction of someone else's entry (that is for organisers, and goes in the history)."""
    if match.is_archived:  # read-only (docs/seasons.md): the sheet says why
        return Actions(enter=False, correct=False, undo=False)
    enter = match.can_enter(user)
    correct = match.can_correct(user)
    undo = match.can_undo(user, last)
    amend = correct or (enter and match.can_amend(user, None))
    return Actions(enter=enter, correct=correct, undo=undo, amend=amend)
