"""Starting a match, and the match page: each game draws its own (leagues/kinds/), Mhing's
the score sheet (RULES.md §7) with its hands and history."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from leagues.access import organised_league, visible_match
from leagues.models import Match
from leagues.models.season import archived_message


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def render_sheet(request: HtmxHttpRequest, match: Match) -> HttpResponse:
    """The match page, or only its `#score-sheet` when htmx asks (a history restore after a
    cache miss asks for the whole page), as the match's game draws it."""
    return match.kind.render_sheet(request, match)


def archived_page(request, match: Match) -> HttpResponse:
    """A correction page of a match in an archived season: said at once, with nothing to
    change (a form sent anyway is refused the same way, before anything is read from it)."""
    context = {"match": match, "refusal": archived_message(match.season)}
    if request.method == "POST":
        # The season was archived while the form was open: what was typed is shown to copy,
        # not lost (the form is not read otherwise).
        context["typed_hand"] = request.POST.get("hand", "").strip()[:200]
    status = 403 if request.method == "POST" else 200
    return render(request, "leagues/match_archived.html", context, status=status)


@require_GET
@vary_on_headers("HX-Request")
def match(request: HtmxHttpRequest, slug: str, pk: int) -> HttpResponse:
    return render_sheet(request, visible_match(request, slug, pk))


@require_http_methods(["GET", "POST"])
@login_required
def match_new(request: HttpRequest, slug: str) -> HttpResponse:
    league = organised_league(request, slug)
    return league.kind.match_new(request, league)
