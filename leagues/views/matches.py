"""Starting a match, and the match page: the score sheet (RULES.md §7) with its hands and
history."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from leagues.access import organised_league, visible_match
from leagues.errors import refused_when_busy
from leagues.forms import MatchForm, add_model_error
from leagues.models import Match
from leagues.qr import round_entry_qr
from leagues.sheet import sheet_context

MATCH_TEMPLATE = "leagues/match.html"


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def render_sheet(request: HtmxHttpRequest, match: Match) -> HttpResponse:
    """The match page, or only its `#score-sheet` when htmx asks (a history restore after a
    cache miss asks for the whole page)."""
    if match.plays_mahjongg:
        from .mahjongg import render_mahjongg_sheet

        return render_mahjongg_sheet(request, match)
    template_name = MATCH_TEMPLATE
    context = sheet_context(match, request.user)
    if request.htmx and not request.htmx.history_restore_request:
        template_name += "#score-sheet"
    elif context["actions"].enter and not match.is_finished:
        # For a phone at the table: the round entry (club nights).
        context["round_entry_qr"] = round_entry_qr(request, match)
    return render(request, template_name, context)


@require_GET
@vary_on_headers("HX-Request")
def match(request: HtmxHttpRequest, slug: str, pk: int) -> HttpResponse:
    return render_sheet(request, visible_match(request, slug, pk))


@require_http_methods(["GET", "POST"])
@login_required
def match_new(request: HttpRequest, slug: str) -> HttpResponse:
    league = organised_league(request, slug)
    if league.plays_mahjongg:
        from .mahjongg import mahjongg_match_new

        return mahjongg_match_new(request, league)
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
    return render(request, "leagues/match_new.html", {"league": league, "form": form})
