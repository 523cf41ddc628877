"""Ending a match here, abandoning or deleting it: a confirmation page each, organisers
only. Ending here is also offered on the new-season page, which it returns to."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from leagues.access import organised_league, visible_match
from leagues.forms import VersionForm
from leagues.models.match_end import (
    ABANDON,
    DELETE,
    END,
    abandon_match,
    delete_match,
    end_match,
    why_it_stays,
)

_DONE = {END: end_match, ABANDON: abandon_match, DELETE: delete_match}


def _confirm(request: HttpRequest, slug: str, pk: int, action: str) -> HttpResponse:
    organised_league(request, slug)
    match = visible_match(request, slug, pk)
    form = VersionForm(request.POST or None, initial={"version": match.version})
    # Sent from the new-season page: back there, where the other running matches are.
    from_season = request.POST.get("back") == "season" or request.GET.get("back") == "season"
    refusal: list[str] = []
    if form.is_bound and form.is_valid():
        try:
            _DONE[action](match, by=request.user, expected_version=form.cleaned_data["version"])
        except ValidationError as error:
            # Asked again with the match as it is now: the organiser sees what changed first.
            refusal = error.messages
            match = visible_match(request, slug, pk)
            form = VersionForm(initial={"version": match.version})
        else:
            if action == DELETE:
                messages.success(request, _("The match is deleted."))
                return redirect(match.league)
            if action == ABANDON:
                messages.success(request, _("The match is abandoned: it no longer counts."))
                return redirect(match)
            messages.success(request, _("The match is over: its result counts in the standings."))
            if from_season:
                return redirect(reverse("leagues:season_new", args=[slug]))
            return redirect(match)
    match.rounds_played = getattr(match, match.kind.played).count()  # the game's words
    return render(
        request,
        "leagues/match_end.html",
        {
            "league": match.league,
            "match": match,
            "form": form,
            "refusal": refusal,
            # Said before the organiser tries (a saved link, a second tab), not after.
            "stays": why_it_stays(match, action),
            "action": action,
            "deleting": action == DELETE,
            "from_season": from_season,
            "players": match.seated_players(),
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def match_end_here(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return _confirm(request, slug, pk, END)


@require_http_methods(["GET", "POST"])
@login_required
def match_abandon(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return _confirm(request, slug, pk, ABANDON)


@require_http_methods(["GET", "POST"])
@login_required
def match_delete(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return _confirm(request, slug, pk, DELETE)
