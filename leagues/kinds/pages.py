"""The two pages every game's match has, drawn the same way for each game: the score sheet
(whole, or its `#score-sheet` partial for htmx) and the page that starts a match. Each game's
hooks (leagues/kinds/<game>/) hand in their own template, context, form and words."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from leagues.errors import refused_when_busy
from leagues.forms import add_model_error
from leagues.models import League, Match
from leagues.nights.qr import round_entry_qr


def render_sheet(
    request, match: Match, template_name: str, context: dict[str, Any]
) -> HttpResponse:
    if request.htmx and not request.htmx.history_restore_request:
        template_name += "#score-sheet"
    elif context["actions"].enter and not match.is_finished:
        # For a phone at the table: the round or game entry (club nights, leagues/nights/qr.py).
        context["round_entry_qr"] = round_entry_qr(request, match)
    return render(request, template_name, context)


def start_match(
    request: HttpRequest, league: League, form_class, template_name: str, begun: str
) -> HttpResponse:
    """The league's new-match form; `begun`: the message once the match has begun."""
    form = form_class(league, request.POST or None)
    if form.is_bound and form.is_valid():
        try:
            with refused_when_busy():
                started = form.begin_match(by=request.user)
        except ValidationError as error:
            add_model_error(form, error)
        else:
            messages.success(request, begun)
            return redirect(started)
    return render(request, template_name, {"league": league, "form": form})
