"""A tournament's pages for the room and the record: the projector (1920 px: the time left
in the session, its seating, the ranking; it refreshes itself), the printable seating list
and table cards, and the downloads (the ranking as CSV, the EMA/MERS result list)."""

from __future__ import annotations

from decimal import Decimal

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from leagues.exchange.export import _SheetWriter
from leagues.models import EventSession
from leagues.models.event_ranking import ranking_rows, seating_rows
from leagues.views.exports import _download

from .events import _session, visible_event


@require_GET
@vary_on_headers("HX-Request")
def event_projector(request: HttpRequest, slug: str) -> HttpResponse:
    """The session in play (else the last seated), its clock, seating and the ranking; htmx
    asks for `#projector` alone every 15 s, and the clock counts down in the page between."""
    event = visible_event(request, slug)
    session = (
        event.sessions.exclude(state=EventSession.State.ENDED).order_by("number").first()
        or event.sessions.order_by("-number").first()
    )
    template_name = "leagues/events/projector.html"
    if getattr(request, "htmx", False) and not request.htmx.history_restore_request:
        template_name += "#projector"
    return render(
        request,
        template_name,
        {
            "event": event,
            "league": event.league,
            "session": session,
            "tables": seating_rows(event, session) if session else [],
            "rows": ranking_rows(event),
            "seconds_left": session.seconds_left() if session else None,
            "now": timezone.now(),
        },
    )


@require_GET
def event_print(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The seating list (alphabetical: who sits where) and a card for each table."""
    event = visible_event(request, slug)
    session = _session(event, number)
    tables = seating_rows(event, session)
    where = sorted(
        (
            (entrant.name.casefold(), entrant, n, wind)
            for n, seats in tables
            for wind, entrant in seats
        ),
        key=lambda row: row[0],
    )
    return render(
        request,
        "leagues/events/print.html",
        {
            "event": event,
            "league": event.league,
            "session": session,
            "tables": tables,
            "where": [row[1:] for row in where],
        },
    )


def _number(value: float) -> int | Decimal:
    """A number cell: whole points as a whole number (Seat totals are), else two places."""
    return int(value) if float(value).is_integer() else Decimal(f"{value:.2f}")


@require_GET
def event_ranking_csv(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    response = _download("text/csv", f"{event.league.slug}-ranking.csv")
    response.write("\ufeff")
    out = _SheetWriter(response)
    out.writerow(
        ["place", "shared", "number", "name", "ema_number", "points", "placings", "tables"]
    )
    for row in ranking_rows(event):
        out.writerow(
            [
                row.place,
                "yes" if row.shared else "",
                row.entrant.number,
                row.entrant.name,
                row.entrant.ema_number,
                _number(row.points),
                "/".join(str(n) for n in row.placings),
                row.tables,
            ]
        )
    return response


@require_GET
def event_ema_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The result list the EMA asks of a MERS tournament: place, name, EMA number, and the
    base rank 1000 × (N − place) / (N − 1) (a shared place: the average over the places it
    fills, leagues.tournaments.ranking)."""
    event = visible_event(request, slug)
    response = _download("text/csv", f"{event.league.slug}-ema.csv")
    response.write("\ufeff")
    out = _SheetWriter(response)
    out.writerow(["place", "name", "ema_number", "points", "base_rank"])
    for row in ranking_rows(event):
        out.writerow(
            [
                row.place,
                row.entrant.name,
                row.entrant.ema_number,
                _number(row.points),
                Decimal(f"{row.base_rank:.2f}"),
            ]
        )
    return response
