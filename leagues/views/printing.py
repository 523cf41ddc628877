"""Pages made for paper: the blank score sheet of a match (the match page and the standings
print as they are, with static/css/print.css), as the match's game lays it out
(leagues/kinds/<game>/blank_sheet.py; Mah-Jongg's: games, winds, payments and balances)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from leagues.access import visible_match


@require_GET
def blank(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    match = visible_match(request, slug, pk)
    kind = match.kind
    return render(
        request,
        kind.blank_sheet_template,
        {"match": match, "league": match.league, "blank": kind.blank_sheet(match)},
    )
