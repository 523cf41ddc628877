"""A Mah-Jongg game's state: immutable values, replaced by every action (like Mhing's).

Seats are numbered by their wind in this game: 0 East, 1 South, 2 West, 3 North (no North
with 3 players); turns go 0 → 1 → 2 → 3 (§6). The players behind the seats, the round wind
and the dealer come from `game` (`scoring.mahjongg.rotation.Game`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from scoring.mahjongg.profile import Profile
from scoring.mahjongg.rotation import Game
from scoring.mahjongg.tiles import Wind

from .actions import Answer
from .tiles import DEAD_WALL_RESERVE, Tile


class Phase(StrEnum):
    DISCARD = "discard"  # the player on turn: kan, Mah-Jongg (after drawing) or discard
    CLAIMS = "claims"  # the discard lies open: the others claim it or pass
    OVER = "over"


class MeldKind(StrEnum):
    CHI = "chi"
    PON = "pon"
    KAN = "kan"


@dataclass(frozen=True, slots=True)
class Meld:
    """A set laid out: claimed (`claimed_from`, `claimed` the discard), an added kan, or a
    concealed kan (`concealed`: `{ }` in the notation)."""

    tiles: tuple[Tile, ...]  # sorted
    kind: MeldKind
    concealed: bool = False
    claimed_from: int | None = None
    claimed: Tile | None = None


@dataclass(frozen=True, slots=True)
class SeatState:
    concealed: tuple[Tile, ...]  # sorted; bonus tiles never stay in a hand
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = ()  # laid out, sorted
    discards: tuple[Tile, ...] = ()  # in order; a claimed discard leaves its pile


@dataclass(frozen=True)
class Outcome:
    """How the game ended, with every hand in the notation of §1.2 (without the context
    keys the table gives: seat, round, limit, pairs) and what `scoring.mahjongg` made of
    them: each seat's score, the payments' net per seat (all zero for an unsettled draw)."""

    winner: int | None  # the caller's seat; None: a draw
    discarder: int | None  # whose discard completed the hand
    win: Tile | None
    by: str | None  # wall, discard, kan, last
    hands: tuple[str, ...]  # per seat
    scores: tuple[int, ...]  # per seat
    net: tuple[int, ...]  # per seat
    settled: bool  # payments were made (a win, or a settled draw)
    payments: tuple[dict[str, Any], ...] = ()

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@dataclass(frozen=True)
class GameState:
    profile: Profile
    game: Game  # who sits where, the round wind, the dealer
    wall: tuple[Tile, ...]  # the live wall from the break, then the dead wall (tiles.build_wall)
    dice: tuple[tuple[int, int], tuple[int, int]]
    dead: int  # the dead wall's size as built
    front: int  # tiles drawn from the live wall's front
    back: int  # wall[back:] have been taken as replacements
    seats: tuple[SeatState, ...]
    turn: int  # on turn (DISCARD), or the discarder (CLAIMS)
    phase: Phase
    # The tile the player on turn has just drawn (a replacement included) and how: only then
    # may they declare a kan or call Mah-Jongg. None after claiming a chi or pon.
    drawn: Tile | None = None
    drawn_by: str | None = None  # wall, kan, last
    last_discard: tuple[int, Tile] | None = None  # the newest discard, while it lies open
    answers: tuple[Answer | None, ...] = ()
    outcome: Outcome | None = None
    moves: int = 0
    seed: int | str | None = None

    @property
    def players(self) -> int:
        return self.profile.players

    @property
    def dealer(self) -> int:
        return int(self.game.dealer)

    @property
    def round_wind(self) -> Wind:
        return self.game.round_wind

    @property
    def dead_start(self) -> int:
        return len(self.wall) - self.dead

    @property
    def live_count(self) -> int:
        """Tiles left in the live wall (replacements may have eaten into its far end)."""
        return min(self.back, self.dead_start) - self.front

    @property
    def dead_count(self) -> int:
        return max(self.back - self.dead_start, 0)

    @property
    def final_discard(self) -> bool:
        """The open discard is the last tile's ([ruling] §6): claimable only for Mah-Jongg."""
        return self.phase is Phase.CLAIMS and self.live_count <= DEAD_WALL_RESERVE

    def with_seat(self, seat: int, new: SeatState) -> tuple[SeatState, ...]:
        return self.seats[:seat] + (new,) + self.seats[seat + 1 :]

    def evolve(self, **changes: object) -> GameState:
        return replace(self, **changes)
