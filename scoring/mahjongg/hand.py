"""One player's tiles at the end of a game, with the context they score in, and their
validation (MAHJONGG.md §1.2)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from scoring.mhing.notation import format_cards

from .errors import (
    BadSet,
    ByWithoutWin,
    KanReplacementWithoutKan,
    MissingKey,
    RepeatedBonusTile,
    TooManyCopies,
    WinNotConcealed,
    WinWithoutBy,
    WrongTileCount,
)
from .tiles import COPIES_PER_CARD, KINDS, SUIT_TILES, TILES, Bonus, Tile, Wind

DEFAULT_LIMIT = 3000  # §3.4, "unless agreed"
SEVEN_PAIRS_SCORE = 3000  # §3.4, 002: "Dieses Bild zählt 3000 Punkte"
CALLER_TILES = 14  # the caller's tiles, a kan counted as three (§1.2)
OTHER_TILES = 13


class MeldKind(Enum):
    CHI = "chi"
    PON = "pon"
    KAN = "kan"


class WinBy(Enum):
    """How the caller got the winning tile (`by=`)."""

    WALL = "wall"  # self-drawn
    DISCARD = "discard"
    KAN = "kan"  # a kan's replacement tile: self-drawn too (§3.3 [ruling])
    LAST = "last"  # self-drawn, the last tile of the live wall

    @property
    def self_drawn(self) -> bool:
        return self is not WinBy.DISCARD


class Pairs(Enum):
    """Whose pairs of dragons and winds score (`pairs=`, §3.1): the caller's only (002, the
    default), or every player's (004's unfinished hands are valued by their pairs too)."""

    CALLER = "caller"
    ALL = "all"


@dataclass(frozen=True)
class Meld:
    """A set laid out: `[ ]` exposed (chi, pon or open kan), or `{ }` a declared concealed
    kan. Tiles are kept sorted; `kind` is None when the tiles form no set (`validate`
    reports that)."""

    tiles: tuple[Tile, ...]
    concealed: bool = False  # `{ }`

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", tuple(sorted(self.tiles)))

    @property
    def kind(self) -> MeldKind | None:
        tiles = self.tiles
        if self.concealed:
            return MeldKind.KAN if len(tiles) == 4 and tiles[0] == tiles[3] else None
        if len(tiles) == 4:
            return MeldKind.KAN if tiles[0] == tiles[3] else None
        if len(tiles) != 3:
            return None
        if tiles[0] == tiles[2]:
            return MeldKind.PON
        first = tiles[0]
        if (
            first < SUIT_TILES
            and first % 9 <= 6
            and tiles[1] == first + 1
            and tiles[2] == first + 2
        ):
            return MeldKind.CHI
        return None

    @property
    def is_kan(self) -> bool:
        return self.kind is MeldKind.KAN

    @property
    def text(self) -> str:
        """`[RdRdRd]`, `[345b]`, `{4444c}`."""
        inner = format_cards(self.tiles)
        return f"{{{inner}}}" if self.concealed else f"[{inner}]"


@dataclass(frozen=True)
class Hand:
    """A player's tiles and context as entered. Order never matters: tiles, melds and bonus
    tiles are kept sorted, so equal hands compare equal however they were typed."""

    concealed: tuple[Tile, ...] = ()
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Bonus, ...] = ()
    seat_wind: Wind | None = None
    round_wind: Wind | None = None
    win: Tile | None = None  # the winning tile: only on the caller's line
    by: WinBy | None = None
    limit: int | None = None  # `limit=`; None: the agreed limit the caller of `score` gives
    pairs: Pairs | None = None  # `pairs=`; None: the agreed variant the caller of `score` gives

    def __post_init__(self) -> None:
        object.__setattr__(self, "concealed", tuple(sorted(self.concealed)))
        object.__setattr__(
            self, "melds", tuple(sorted(self.melds, key=lambda m: (m.concealed, m.tiles)))
        )
        object.__setattr__(self, "bonus", tuple(sorted(self.bonus)))

    @property
    def is_caller(self) -> bool:
        return self.win is not None

    @property
    def kans(self) -> int:
        return sum(1 for meld in self.melds if len(meld.tiles) == 4)

    @property
    def tile_count(self) -> int:
        return len(self.concealed) + sum(len(meld.tiles) for meld in self.melds)

    @property
    def tiles_needed(self) -> int:
        return (CALLER_TILES if self.is_caller else OTHER_TILES) + self.kans

    def all_tiles(self) -> list[Tile]:
        """Every tile held, laid out and concealed (not the bonus tiles)."""
        tiles = list(self.concealed)
        for meld in self.melds:
            tiles.extend(meld.tiles)
        return tiles

    def concealed_counts(self) -> list[int]:
        counts = [0] * KINDS
        for tile in self.concealed:
            counts[tile] += 1
        return counts

    def validate(self) -> None:
        """Raise the first `InvalidLine` that applies; return quietly when the hand is sound.

        The most specific slips first (a bracket that is no set, a repeated bonus tile, a
        fifth copy), then the context, then the count, which a hand still being typed fails
        anyway, then what needs a sound count (the winning tile, a kan for `by=kan`).
        """
        for meld in self.melds:
            if meld.kind is None:
                raise BadSet(format_cards(meld.tiles), len(meld.tiles), meld.concealed)
        for index in range(1, len(self.bonus)):  # sorted, so a repeat sits beside its twin
            if self.bonus[index] == self.bonus[index - 1]:
                raise RepeatedBonusTile(self.bonus[index])
        counts = [0] * KINDS
        for tile in self.all_tiles():
            counts[tile] += 1
        if max(counts) > COPIES_PER_CARD:
            tile = next(t for t in TILES if counts[t] > COPIES_PER_CARD)
            raise TooManyCopies(tile, counts[tile])
        if self.seat_wind is None:
            raise MissingKey("seat")
        if self.round_wind is None:
            raise MissingKey("round")
        if self.win is not None and self.by is None:
            raise WinWithoutBy()
        if self.by is not None and self.win is None:
            raise ByWithoutWin()
        if self.tile_count != self.tiles_needed:
            raise WrongTileCount(self.tile_count, self.tiles_needed, self.kans, self.is_caller)
        if self.win is not None and self.win not in self.concealed:
            raise WinNotConcealed(self.win)
        if self.by is WinBy.KAN and not self.kans:
            raise KanReplacementWithoutKan()
