"""A finished game written as `score_hand --game mahjongg` reads it (MAHJONGG.md §1.2): each
seat's line with its context and the score the engine gave it, then the settlement line and
its net result, tab-separated. `manage.py play_bots --game mahjongg --lines` prints these,
and a test feeds them to `score_hand` to check that both answer alike."""

from __future__ import annotations

from .ending import context
from .state import GameState, Phase

WINDS = "ESWN"


def game_lines(state: GameState) -> list[str]:
    """`hand line<TAB>score` per seat, then `settlement line<TAB>net` (an unsettled draw
    has no payments: a comment says so, with every net +0)."""
    if state.phase is not Phase.OVER:
        raise ValueError("the game is not over")
    outcome = state.outcome
    lines = [
        f"{outcome.hands[seat]} {context(state, seat)}\t{outcome.scores[seat]}"
        for seat in range(state.players)
    ]
    net = " ".join(f"{WINDS[s]}={outcome.net[s]:+d}" for s in range(state.players))
    if not outcome.settled:
        lines.append(f"# a draw: no payments\t{net}")
        return lines
    winner = WINDS[outcome.winner] if outcome.winner is not None else "none"
    scores = " ".join(f"{WINDS[s]}={outcome.scores[s]}" for s in range(state.players))
    settle = state.profile.settle.value
    dealer = WINDS[state.dealer]
    lines.append(f"settle={settle} winner={winner} dealer={dealer} {scores}\t{net}")
    return lines


def game_header(state: GameState, match_number: int, game_number: int) -> str:
    game = state.game
    outcome = state.outcome
    seating = " ".join(f"{WINDS[game.seats[p]]}=player{p}" for p in range(game.players))
    if outcome.winner is None:
        result = "a draw"
    else:
        result = f"{WINDS[outcome.winner]} calls Mah-Jongg by={outcome.by}"
    return (
        f"# match {match_number} game {game_number}: round {game.round_wind.code} "
        f"game {game.number}, dealer {WINDS[state.dealer]}, {seating}: {result}"
    )
