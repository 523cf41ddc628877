"""The round's state: immutable values, replaced (never changed) by every action.

Frozen dataclasses of tuples, so an old state stays valid after `apply` (a server can keep
it, a test can compare it) and a state is cheap to copy: only the seat that changed is
rebuilt. Cards are tiles (`tiles.py`): plain ints.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from scoring.mhing import Score

from .actions import Answer
from .tiles import JOKER, Tile


class Phase(StrEnum):
    DISCARD = "discard"  # the player on turn discards (or, just after drawing, calls Mhing)
    CLAIMS = "claims"  # the last discard lies open: the others claim it or pass
    OVER = "over"


class SetKind(StrEnum):
    SEQUENCE = "sequence"
    TRIPLET = "triplet"


@dataclass(frozen=True, slots=True)
class Meld:
    """A set exposed with a claimed discard: the claimed card first, then the two hand cards.

    A claimed Mhing card lies as a joker (`JOKER`); `named` is the card it was claimed as.
    """

    tiles: tuple[Tile, Tile, Tile]
    kind: SetKind
    claimed_from: int
    named: Tile | None = None


@dataclass(frozen=True, slots=True)
class SeatState:
    concealed: tuple[Tile, ...]  # sorted; jokers (34) last; flowers never stay in a hand
    exposed: tuple[Meld, ...] = ()
    flowers: int = 0
    discards: tuple[Tile, ...] = ()  # in order; a claimed discard leaves its pile

    @property
    def exposed_tiles(self) -> tuple[tuple[Tile, ...], ...]:
        return tuple(m.tiles for m in self.exposed)

    @property
    def jokers(self) -> int:
        return self.concealed.count(JOKER)


@dataclass(frozen=True)
class Outcome:
    """How the round ended: a winner with the score of the hand, or a draw (no winner)."""

    winner: int | None = None
    discarder: int | None = None  # whose discard completed the hand; None when self-drawn
    score: Score | None = None

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def self_drawn(self) -> bool:
        return self.winner is not None and self.discarder is None

    @property
    def points(self) -> int:
        return self.score.points if self.score else 0

    @property
    def credits(self) -> int:
        return self.score.credits if self.score else 0


@dataclass(frozen=True)
class RoundState:
    players: int
    dealer: int
    wall: tuple[Tile, ...]  # all 150 cards as shuffled; the stock is wall[taken:]
    taken: int
    seats: tuple[SeatState, ...]
    turn: int  # on turn (DISCARD), or who discarded (CLAIMS)
    phase: Phase
    # The card the player on turn has just drawn: only then may they call Mhing.
    # None after claiming a set (the claimant discards without drawing).
    just_drawn: Tile | None = None
    last_discard: tuple[int, Tile] | None = None  # (seat, card): the newest card on a pile
    answers: tuple[Answer | None, ...] = ()  # CLAIMS: each seat's answer so far
    outcome: Outcome | None = None
    moves: int = 0  # actions applied; a version number for clients
    seed: int | str | None = None

    @property
    def stock(self) -> tuple[Tile, ...]:
        return self.wall[self.taken :]

    @property
    def stock_count(self) -> int:
        return len(self.wall) - self.taken

    @property
    def discarder(self) -> int | None:
        return self.turn if self.phase is Phase.CLAIMS else None

    def with_seat(self, seat: int, new: SeatState) -> tuple[SeatState, ...]:
        return self.seats[:seat] + (new,) + self.seats[seat + 1 :]

    def evolve(self, **changes: object) -> RoundState:
        return replace(self, **changes)
