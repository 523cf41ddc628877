"""A Mhing match's page (the score sheet) and the page that starts one: the hooks
`render_sheet` and `match_new` of Mhing's GameKind (leagues/kinds/mhing/__init__.py)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from leagues.errors import refused_when_busy
from leagues.forms import MatchForm, add_model_error
from leagues.kinds.mhing.sheet import sheet_context
from leagues.models import League, Match
from leagues.nights.qr import round_entry_qr

MATCH_TEMPLATE = "leagues/mhing/match.html"


def render_mhing_sheet(request, match: Match) -> HttpResponse:
    template_name = MATCH_TEMPLATE
    context = sheet_context(match, request.user)
    if request.htmx and not request.htmx.history_restore_request:
        template_name += "#score-sheet"
    elif context["actions"].enter and not match.is_finished:
        # For a phone at the table: the round entry (club nights).
        context["round_entry_qr"] = round_entry_qr(request, match)
    return render(request, template_name, context)


def mhing_match_new(request: HttpRequest, league: League) -> HttpResponse:
    """leagues.views.matches.match_new for a Mhing league."""
    form = MatchForm(league, request.POST or None)
    if form.is_bound and form.is_valid():
        try:
            with refused_when_busy():
                started = form.begin_match(by=request.user)
        except ValidationError as error:
            add_model_error(form, error)
        else:
            messages.success(request, _("The match has begun. Enter its rounds as they end."))
            return redirect(started)
    return render(request, "leagues/mhing/match_new.html", {"league": league, "form": form})
