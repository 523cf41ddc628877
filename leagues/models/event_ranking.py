"""A tournament's ranking and seating as its pages show them (leagues.models.event): the
finished tables' results by entrant number, ranked by the event's tiebreak list
(leagues.tournaments.ranking), and each session's tables with their winds."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from leagues.tournaments.ranking import Ranked, TableResult, rank

from .event import Entrant, Event, EventSession
from .match import Match, Seat


def results(event: Event) -> list[TableResult]:
    """Every finished table of the event's sessions, players by entrant number."""
    numbers = dict(event.entrants.values_list("player_id", "number"))
    sessions = event.sessions.prefetch_related(
        Prefetch(
            "matches",
            queryset=Match.objects.filter(status=Match.Status.FINISHED).prefetch_related(
                Prefetch("seats", queryset=Seat.objects.order_by("position"))
            ),
        )
    )
    out = []
    for session in sessions:
        for match in session.matches.all():
            seats = list(match.seats.all())
            out.append(
                TableResult(
                    session=session.number,
                    players=tuple(numbers.get(s.player_id) for s in seats),
                    points=tuple(s.total for s in seats),
                    places=tuple(s.place for s in seats),
                )
            )
    return out


def ranking(event: Event) -> list[Ranked]:
    """Everyone registered who is playing or has played, by the event's tiebreak list."""
    table_results = results(event)
    played = {p for r in table_results for p in r.players}
    numbers = [
        e.number
        for e in event.entrants.order_by("number")
        if e.status == Entrant.Status.ACTIVE or e.number in played
    ]
    return rank(numbers, table_results, event.tiebreaks)


@dataclass(frozen=True)
class RankingRow:
    place: int
    shared: bool
    entrant: Entrant
    points: float
    placings: tuple[int, ...]
    tables: int
    base_rank: float


def ranking_rows(event: Event) -> list[RankingRow]:
    entrants = {e.number: e for e in event.entrants.select_related("player")}
    return [
        RankingRow(
            place=r.place,
            shared=r.shared,
            entrant=entrants[r.player],
            points=r.points,
            placings=r.placings,
            tables=r.tables,
            base_rank=r.base_rank,
        )
        for r in ranking(event)
    ]


def plan_figures(event: Event) -> dict:
    return event.plan.get("quality", {})


def wind_names() -> list[str]:
    return [_("East"), _("South"), _("West"), _("North")]


SeatingRow = tuple[int, list[tuple[str, Entrant]]]


def seating_rows(event: Event, session: EventSession) -> list[SeatingRow]:
    """Each table's number and its seats: (the wind's name, the entrant), East first."""
    entrants = {e.number: e for e in event.entrants.select_related("player")}
    winds = wind_names()
    return [
        (n, [(winds[seat], entrants[p]) for seat, p in enumerate(table)])
        for n, table in enumerate(session.seating, start=1)
    ]
