"""Scoring a match over rounds (RULES.md §6): the points race and chips.

Pure functions over plain values, shared by the league (hands entered after real-card play)
and live play, so that both end and settle a match in exactly the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

DEFAULT_TARGET = 500
CHIPS_START = 500
MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_CHIPS_PLAYERS = 4


class Variant(StrEnum):
    POINTS = "points"
    CHIPS = "chips"


@dataclass(frozen=True)
class RoundResult:
    """What a round contributes to the match: a winner's seat and points, or a draw.

    `discarder` is the seat whose discard completed the winning hand (None for self-drawn).
    """

    winner: int | None = None
    points: int = 0
    discarder: int | None = None

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@dataclass(frozen=True)
class MatchRules:
    players: int
    variant: Variant = Variant.POINTS
    target: int = DEFAULT_TARGET
    # Chips: the match may also end after an agreed number of rounds (None: play until one
    # player holds all chips).
    round_limit: int | None = None

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"a match has 2 to 6 players, not {self.players}")
        if self.variant is Variant.CHIPS and self.players > MAX_CHIPS_PLAYERS:
            raise ValueError(f"chips are played by 2 to 4 players, not {self.players}")
        if self.target <= 0:
            raise ValueError("the target must be a positive number of points")
        if self.round_limit is not None and self.round_limit <= 0:
            raise ValueError("the number of rounds must be positive")


@dataclass(frozen=True)
class MatchTally:
    """Where a match stands after some rounds: each seat's total (points race: points won;
    chips: chips held) and whether it is over."""

    totals: tuple[int, ...]
    rounds: int
    finished: bool

    def placings(self) -> tuple[int, ...]:
        """Rank per seat, 1 = best; equal totals share a rank."""
        return tuple(1 + sum(other > own for other in self.totals) for own in self.totals)


def dealer_for_round(first_dealer: int, number: int, players: int) -> int:
    """The seat dealing round `number` (1-based): the deal passes left after every round,
    whoever won, draws included (RULES.md §5)."""
    return (first_dealer + number - 1) % players


def start(rules: MatchRules) -> MatchTally:
    start_total = CHIPS_START if rules.variant is Variant.CHIPS else 0
    return MatchTally(totals=(start_total,) * rules.players, rounds=0, finished=False)


def chip_payments(totals: Sequence[int], result: RoundResult) -> tuple[int, ...]:
    """Change of each seat's chips for one won round (RULES.md §6, chips).

    Every other player owes the hand's points, the discarder double; a barefoot player (no
    chips) pays nothing, and one with fewer chips than owed pays what they have.
    """
    if result.is_draw:
        return (0,) * len(totals)
    change = [0] * len(totals)
    for seat, held in enumerate(totals):
        if seat == result.winner:
            continue
        owed = result.points * (2 if seat == result.discarder else 1)
        paid = min(owed, max(held, 0))
        change[seat] -= paid
        change[result.winner] += paid
    return tuple(change)


def add_round(rules: MatchRules, tally: MatchTally, result: RoundResult) -> MatchTally:
    """The tally after one more round. Raises ValueError for a round after the end."""
    if tally.finished:
        raise ValueError("the match is over: no further round can be added")
    seats = range(rules.players)
    for seat in (result.winner, result.discarder):
        if seat is not None and seat not in seats:
            raise ValueError(f"seat {seat} is not in this match")
    if result.discarder is not None and result.discarder == result.winner:
        raise ValueError("the winner cannot have discarded the winning card")
    rounds = tally.rounds + 1
    if rules.variant is Variant.CHIPS:
        change = chip_payments(tally.totals, result)
        totals = tuple(held + delta for held, delta in zip(tally.totals, change, strict=True))
        all_chips = rules.players * CHIPS_START
        finished = max(totals) == all_chips or (
            rules.round_limit is not None and rounds >= rules.round_limit
        )
    else:
        totals = tuple(
            total + (result.points if seat == result.winner else 0)
            for seat, total in enumerate(tally.totals)
        )
        # The match ends the moment a player reaches the target (RULES.md §6).
        finished = max(totals) >= rules.target
    return MatchTally(totals=totals, rounds=rounds, finished=finished)


def replay(rules: MatchRules, results: Sequence[RoundResult]) -> MatchTally:
    """The tally after the given rounds, in order; refuses rounds after the end."""
    tally = start(rules)
    for result in results:
        tally = add_round(rules, tally, result)
    return tally
