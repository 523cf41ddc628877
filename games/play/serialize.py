"""The whole round state as JSON-ready data, and back: `state_from_dict(state_to_dict(s)) == s`.

This is what a server stores after every action. It holds everything, the stock's order and
every hand included, so it must never be sent to a browser: send `view_for` instead.
A finished round stores only who won; the score is recomputed from the winner's cards.
"""

from __future__ import annotations

from typing import Any

from .actions import action_from_dict
from .claims import winning_score
from .state import Meld, Outcome, Phase, RoundState, SeatState, SetKind
from .tiles import DECK_COUNTS, codes, parse_tile, parse_tiles, tile_code

FORMAT = 1
# The 150 cards of the deck in order, which a stored wall must hold exactly.
_DECK = sorted(t for t, n in enumerate(DECK_COUNTS) for _ in range(n))


class StateFormatError(ValueError):
    """Stored data that is not a round state this version can read."""


def _seat_to_dict(seat: SeatState) -> dict[str, Any]:
    return {
        "concealed": codes(seat.concealed),
        "exposed": [
            {
                "tiles": codes(m.tiles),
                "kind": m.kind.value,
                "from": m.claimed_from,
                "named": None if m.named is None else tile_code(m.named),
            }
            for m in seat.exposed
        ],
        "flowers": seat.flowers,
        "discards": codes(seat.discards),
    }


def state_to_dict(state: RoundState) -> dict[str, Any]:
    outcome = None
    if state.outcome is not None:
        outcome = {
            "winner": state.outcome.winner,
            "discarder": state.outcome.discarder,
            # For readers of the stored data; loading recomputes them.
            "credits": state.outcome.credits,
            "points": state.outcome.points,
        }
    return {
        "format": FORMAT,
        "players": state.players,
        "dealer": state.dealer,
        "seed": state.seed,
        "wall": codes(state.wall),
        "taken": state.taken,
        "seats": [_seat_to_dict(s) for s in state.seats],
        "turn": state.turn,
        "phase": state.phase.value,
        "just_drawn": None if state.just_drawn is None else tile_code(state.just_drawn),
        "last_discard": (
            None
            if state.last_discard is None
            else {"seat": state.last_discard[0], "card": tile_code(state.last_discard[1])}
        ),
        "answers": [None if a is None else a.to_dict() for a in state.answers],
        "outcome": outcome,
        "moves": state.moves,
    }


def _seat_from_dict(data: dict[str, Any]) -> SeatState:
    return SeatState(
        concealed=tuple(sorted(parse_tiles(data["concealed"]))),
        exposed=tuple(
            Meld(
                parse_tiles(m["tiles"]),
                SetKind(m["kind"]),
                m["from"],
                None if m["named"] is None else parse_tile(m["named"]),
            )
            for m in data["exposed"]
        ),
        flowers=data["flowers"],
        discards=parse_tiles(data["discards"]),
    )


def state_from_dict(data: dict[str, Any]) -> RoundState:
    """Rebuild a stored state. Raises `StateFormatError` for data it cannot read."""
    try:
        if data.get("format") != FORMAT:
            raise StateFormatError(f"unknown state format {data.get('format')!r}")
        seats = tuple(_seat_from_dict(s) for s in data["seats"])
        last = data["last_discard"]
        outcome = None
        if data["outcome"] is not None:
            winner = data["outcome"]["winner"]
            score = None
            if winner is not None:
                w = seats[winner]
                score = winning_score(w.concealed, w.exposed_tiles, w.flowers)
                if score is None:
                    raise StateFormatError(f"seat {winner} won with a hand that does not win")
            outcome = Outcome(winner, data["outcome"]["discarder"], score)
        state = RoundState(
            players=data["players"],
            dealer=data["dealer"],
            wall=parse_tiles(data["wall"]),
            taken=data["taken"],
            seats=seats,
            turn=data["turn"],
            phase=Phase(data["phase"]),
            just_drawn=None if data["just_drawn"] is None else parse_tile(data["just_drawn"]),
            last_discard=None if last is None else (last["seat"], parse_tile(last["card"])),
            answers=tuple(None if a is None else action_from_dict(a) for a in data["answers"]),
            outcome=outcome,
            moves=data["moves"],
            seed=data["seed"],
        )
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise StateFormatError(f"not a stored round state: {error}") from error
    if len(state.seats) != state.players or sorted(state.wall) != _DECK:
        raise StateFormatError("the stored state does not hold the 150 cards of the deck")
    return state
