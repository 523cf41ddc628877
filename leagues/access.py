"""Who may see and change what, in one place for every league view.

Public leagues are open to everyone; a members-only league is shown to its organisers and to
players whose account is linked. Visitors who are not signed in are sent to sign in; signed-in
visitors without access get a 403 page. Only organisers change league data (and the match's
own players enter rounds where the league allows it: Match.can_enter).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef
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


def visible_match(request, slug: str, pk: int) -> Match:
    """The match, if its league is visible to the user: 404 or 403 as visible_league says.

    One query when the match is there: the match, its league and season, and whether the
    user organises the league (remembered on that league object for League.is_organiser,
    which every match view asks). A picker tap on the round or game form pays for each query
    (docs/benchmarks.md). When it is not there, the league is looked up on its own, so an
    unknown or hidden league answers as visible_league does, before a missing match's 404."""
    user = request.user
    matches = Match.objects.select_related("league", "season").filter(pk=pk, league__slug=slug)
    if user.is_authenticated:
        organisers = League.organisers.through.objects.filter(
            league_id=OuterRef("league_id"), user_id=user.pk
        )
        matches = matches.annotate(_organises=Exists(organisers))
    match = matches.first()
    if match is None:
        visible_league(request, slug)
        raise Http404("No Match matches the given query.")
    league = match.league
    if user.is_authenticated:
        league._organiser_known = (user.pk, match._organises)
    if not league.can_view(user):
        if not user.is_authenticated:
            raise SignInRequired(_("Sign in to see this league."))
        raise PermissionDenied(_("This league is for its members only."))
    return match
