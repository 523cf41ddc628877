"""Abandoning or deleting a match: a confirmation page each, organisers only."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from leagues.access import organised_league, visible_match
from leagues.forms import VersionForm
from leagues.models.match_end import abandon_match, delete_match, why_it_stays


def _confirm(request: HttpRequest, slug: str, pk: int, deleting: bool) -> HttpResponse:
    organised_league(request, slug)
    match = visible_match(request, slug, pk)
    form = VersionForm(request.POST or None, initial={"version": match.version})
    refusal: list[str] = []
    if form.is_bound and form.is_valid():
        try:
            if deleting:
                delete_match(match, by=request.user, expected_version=form.cleaned_data["version"])
            else:
                abandon_match(match, by=request.user, expected_version=form.cleaned_data["version"])
        except ValidationError as error:
            # Asked again with the match as it is now: the organiser sees what changed first.
            refusal = error.messages
            match = visible_match(request, slug, pk)
            form = VersionForm(initial={"version": match.version})
        else:
            if deleting:
                messages.success(request, _("The match is deleted."))
                return redirect(match.league)
            messages.success(request, _("The match is abandoned: it no longer counts."))
            return redirect(match)
    return render(
        request,
        "leagues/match_end.html",
        {
            "league": match.league,
            "match": match,
            "form": form,
            "refusal": refusal,
            # Said before the organiser tries (a saved link, a second tab), not after.
            "stays": why_it_stays(match, deleting),
            "deleting": deleting,
            "players": match.seated_players(),
            "rounds": match.rounds.count(),
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def match_abandon(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return _confirm(request, slug, pk, deleting=False)


@require_http_methods(["GET", "POST"])
@login_required
def match_delete(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return _confirm(request, slug, pk, deleting=True)
