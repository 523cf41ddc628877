"""What happened, returned by `new_round` and `apply` beside the new state.

Events are for logs and animations; the state (through `view_for`) stays the truth a client
renders. Two events hold a secret: the card a player drew, and a player's answer to a
discard before the window closes. `event_to_dict(event, viewer)` shows those only to the
seat concerned, so events, like views, can be sent per seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from scoring.mhing.serialize import score_to_dict

from .actions import Answer
from .state import Outcome
from .tiles import Tile, codes, tile_code


@dataclass(frozen=True, slots=True)
class RoundStarted:
    players: int
    dealer: int
    type: ClassVar[str] = "round_started"

    def to_dict(self, viewer: int | None) -> dict[str, Any]:
        return {"type": self.type, "players": self.players, "dealer": self.dealer}


@dataclass(frozen=True, slots=True)
class FlowersLaidOut:
    """A player laid out flowers and drew as many replacements (the cards stay private)."""

    seat: int
    count: int
    type: ClassVar[str] = "flowers_laid_out"

    def to_dict(self, viewer: int | None) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "count": self.count}


@dataclass(frozen=True, slots=True)
class Drew:
    seat: int
    card: Tile
    type: ClassVar[str] = "drew"

    def to_dict(self, viewer: int | None) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "seat": self.seat}
        if viewer == self.seat:
            data["card"] = tile_code(self.card)
        return data


@dataclass(frozen=True, slots=True)
class Discarded:
    seat: int
    card: Tile
    type: ClassVar[str] = "discarded"

    def to_dict(self, viewer: int | None) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "card": tile_code(self.card)}


@dataclass(frozen=True, slots=True)
class Answered:
    """A player answered the open discard. Others learn only that they answered."""

    seat: int
    answer: Answer
    type: ClassVar[str] = "answered"

    def to_dict(self, viewer: int | None) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "seat": self.seat}
        if viewer == self.seat:
            data["answer"] = self.answer.to_dict()
        return data


@dataclass(frozen=True, slots=True)
class ClaimsClosed:
    """The table closed the window; these seats had not answered and so passed."""

    timed_out: tuple[int, ...]
    type: ClassVar[str] = "claims_closed"

    def to_dict(self, viewer: int | None) -> dict[str, Any]:
        return {"type": self.type, "timed_out": list(self.timed_out)}


@dataclass(frozen=True, slots=True)
class Claimed:
    """A claim won the window: `kind` is sequence, triplet or mhing; `cards` are the set
    as exposed (claimed card first), empty for Mhing."""

    seat: int
    kind: str
    from_seat: int
    card: Tile
    cards: tuple[Tile, ...] = ()
    named: Tile | None = None
    type: ClassVar[str] = "claimed"

    def to_dict(self, viewer: int | None) -> dict[str, Any]:
        return {
            "type": self.type,
            "seat": self.seat,
            "kind": self.kind,
            "from": self.from_seat,
            "card": tile_code(self.card),
            "cards": codes(self.cards),
            "named": None if self.named is None else tile_code(self.named),
        }


@dataclass(frozen=True, slots=True)
class DiscardDead:
    """Nobody claimed the discard: it stays on the pile, out of play."""

    seat: int
    card: Tile
    type: ClassVar[str] = "discard_dead"

    def to_dict(self, viewer: int | None) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "card": tile_code(self.card)}


@dataclass(frozen=True, slots=True)
class RoundEnded:
    outcome: Outcome
    type: ClassVar[str] = "round_ended"

    def to_dict(self, viewer: int | None) -> dict[str, Any]:
        return {"type": self.type, **outcome_to_dict(self.outcome)}


Event = (
    RoundStarted
    | FlowersLaidOut
    | Drew
    | Discarded
    | Answered
    | ClaimsClosed
    | Claimed
    | DiscardDead
    | RoundEnded
)


def event_to_dict(event: Event, viewer: int | None) -> dict[str, Any]:
    """The event as `viewer` (a seat, or None for a spectator) may see it."""
    return event.to_dict(viewer)


def outcome_to_dict(outcome: Outcome) -> dict[str, Any]:
    """Public once the round is over: the winner, who discarded, the score breakdown."""
    if outcome.is_draw:
        return {
            "result": "draw",
            "winner": None,
            "discarder": None,
            "self_drawn": False,
            "score": None,
        }
    return {
        "result": "win",
        "winner": outcome.winner,
        "discarder": outcome.discarder,
        "self_drawn": outcome.self_drawn,
        "score": score_to_dict(outcome.score),
    }
