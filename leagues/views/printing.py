"""Pages made for paper: the blank score sheet of a match (the match page and the standings
print as they are, with static/css/print.css). A Mah-Jongg match gets its own sheet
(leagues/mahjongg_blank_sheet.py): games, winds, payments and balances."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from leagues.access import visible_match
from leagues.blank_sheet import blank_sheet
from leagues.mahjongg_blank_sheet import mahjongg_blank_sheet


@require_GET
def blank(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    match = visible_match(request, slug, pk)
    if match.plays_mahjongg:
        return render(
            request,
            "leagues/blank_sheet_mahjongg.html",
            {"match": match, "league": match.league, "blank": mahjongg_blank_sheet(match)},
        )
    return render(
        request,
        "leagues/blank_sheet.html",
        {"match": match, "league": match.league, "blank": blank_sheet(match)},
    )
