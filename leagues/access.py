"""Who may see and change what, in one place for every league view.

Public leagues are open to everyone; a members-only league is shown to its organisers and to
players whose account is linked. Visitors who are not signed in are sent to sign in; signed-in
visitors without access get a 403 page. Only organisers change league data (and the match's
own players enter rounds where the league allows it: Match.can_enter).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
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


def visible_match(request, slug: str, pk: int) -> Match:
    league = visible_league(request, slug)
    match = get_object_or_404(
        Match.objects.select_related("league", "season"), pk=pk, league=league
    )
    match.league = league
    return match
