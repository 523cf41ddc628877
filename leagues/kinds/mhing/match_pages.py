"""A Mhing match's page (the score sheet) and the page that starts one: the hooks
`render_sheet` and `match_new` of Mhing's GameKind (leagues/kinds/mhing/__init__.py)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from leagues.forms import MatchForm
from leagues.kinds.mhing.sheet import sheet_context
from leagues.kinds.pages import render_sheet, start_match
from leagues.models import League, Match

MATCH_TEMPLATE = "leagues/mhing/match.html"


def render_mhing_sheet(request, match: Match) -> HttpResponse:
    return render_sheet(request, match, MATCH_TEMPLATE, sheet_context(match, request.user))


def mhing_match_new(request: HttpRequest, league: League) -> HttpResponse:
    """leagues.views.matches.match_new for a Mhing league."""
    begun = _("The match has begun. Enter its rounds as they end.")
    return start_match(request, league, MatchForm, "leagues/mhing/match_new.html", begun)
