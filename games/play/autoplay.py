"""Bots playing whole rounds and matches through the engine: for `manage.py play_bots`,
the tests' random games, and measuring the engine's speed.

Every decision goes through the seat's view and every move through `apply`, exactly as a
server would drive them, so a bot game exercises the same paths as a live one.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .bots import choose_action
from .match import Match, new_match, record_round, start_round
from .round import apply, awaiting
from .state import Phase, RoundState
from .views import view_for

Bot = Callable[[dict[str, Any], int, random.Random], Action]


def play_round(
    state: RoundState, rng: random.Random, bot: Bot = choose_action
) -> tuple[RoundState, int]:
    """Play the round to its end; returns the final state and the number of moves."""
    moves = 0
    while state.phase is not Phase.OVER:
        seat = awaiting(state)[0]
        state, _ = apply(state, seat, bot(view_for(state, seat), seat, rng))
        moves += 1
    return state, moves


@dataclass(frozen=True)
class MatchReport:
    match: Match
    moves: int
    seconds: float


def play_match(
    players: int,
    seed: int | str,
    *,
    variant: str = "points",
    target: int = 500,
    round_limit: int | None = None,
    bot: Bot = choose_action,
) -> MatchReport:
    """A whole match among bots, from the seed: the same seed plays the same match."""
    match = new_match(players, seed, variant=variant, target=target, round_limit=round_limit)
    rng = random.Random(f"bots:{seed}")
    moves = 0
    started = time.perf_counter()
    while not match.finished:
        state, _ = start_round(match)
        state, n = play_round(state, rng, bot)
        moves += n
        match = record_round(match, state.outcome)
    return MatchReport(match, moves, time.perf_counter() - started)
