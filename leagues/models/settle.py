"""A match settled: what both games' settling ends with. Each game works out its own figures
(Mhing from its rounds, `settle_rounds`; Mah-Jongg from a replay of its games,
leagues.models.mahjongg_game) and hands them to `record_result`, which stores them and
brings the league's ratings and standings along. `Match.settle` asks the match's game
(leagues/kinds/) which of them to run."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from .match import Match, Seat
from .match_length import how_it_ends
from .rating import rerate
from .standing import refresh_standings


def settle_rounds(match: Match) -> None:
    """Match.settle for a match entered round by round (Mhing's)."""
    tally = match.tally()
    last = match.rounds.order_by("-number").values_list("created_at", flat=True).first()
    record_result(
        match, tally.totals, tally.placings(), tally.finished, hands=tally.rounds, last_hand_at=last
    )


def record_result(
    match: Match,
    totals: Sequence[int],
    places: Sequence[int],
    finished_by_play: bool,
    *,
    hands: int,
    last_hand_at: datetime | None,
) -> None:
    """Where each game's settling ends, fed with its own figures (seat by seat, in seat
    order: the totals and places; whether its rules end the match; the hands entered and
    when the last one was): the seats' figures, how and whether the match has ended, then
    the ratings (when it finished or stops being finished) and the players' standings."""
    was = Match.objects.filter(pk=match.pk).values_list("status", flat=True).get()
    seats = list(match.seats.order_by("position"))
    for seat, total, place in zip(seats, totals, places, strict=True):
        seat.total, seat.place = total, place
    Seat.objects.bulk_update(seats, ["total", "place"])
    match.ended = how_it_ends(match, finished_by_play, hands, last_hand_at)
    finished = finished_by_play or bool(match.ended)
    match.status = Match.Status.FINISHED if finished else Match.Status.RUNNING
    Match.objects.filter(pk=match.pk).update(status=match.status, ended=match.ended)
    if Match.Status.FINISHED in (was, match.status):
        rerate(match.league)
    refresh_standings(
        match.league_id, [seat.player_id for seat in seats], season_id=match.season_id
    )
