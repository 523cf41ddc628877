"""Bots playing whole games and matches through the engine, exactly as a server drives
them: every decision from the seat's view, every move through `apply`."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scoring.mahjongg.profile import Profile

from .actions import Action
from .bots import choose_action
from .engine import apply, awaiting
from .match import Match, new_match, record_game, start_game
from .state import GameState, Phase
from .views import view_for

Bot = Callable[[dict[str, Any], int, random.Random], Action]


def play_game(
    state: GameState, rng: random.Random, bot: Bot = choose_action
) -> tuple[GameState, int]:
    """Play the game to its end; the final state and the number of moves."""
    moves = 0
    while state.phase is not Phase.OVER:
        seat = awaiting(state)[0]
        state, _ = apply(state, seat, bot(view_for(state, seat), seat, rng))
        moves += 1
    return state, moves


@dataclass(frozen=True)
class MatchReport:
    match: Match
    finals: tuple[GameState, ...]  # every game's final state, in order
    moves: int
    seconds: float


def play_match(profile: Profile, seed: int | str, bot: Bot = choose_action) -> MatchReport:
    """A whole match among bots: the same profile and seed play the same match."""
    match = new_match(profile, seed)
    rng = random.Random(f"mahjongg-bots:{seed}")
    finals: list[GameState] = []
    moves = 0
    started = time.perf_counter()
    while not match.finished:
        state, _ = start_game(match)
        state, n = play_game(state, rng, bot)
        moves += n
        finals.append(state)
        match = record_game(match, state)
    return MatchReport(match, tuple(finals), moves, time.perf_counter() - started)
