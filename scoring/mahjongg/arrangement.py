"""How a hand's tiles group (MAHJONGG.md §2): the caller's possible arrangements, the special
hands, and a non-caller's unsplit hand.

The split of concealed tiles into sets and a pair is Mhing's (`scoring.mhing.blocks`): sets
never cross suits, so each suit (and each honour) is split on its own and the ways combined.
Mah-Jongg has no jokers, so it asks for the ways with none.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from scoring.mhing.blocks import block_options
from scoring.mhing.melds import SEQ_BASE
from scoring.mhing.notation import format_cards

from .hand import Meld, MeldKind
from .tiles import KINDS, SUIT_TILES, TILES, Tile, is_terminal_or_honour


class GroupKind(Enum):
    CHI = "chi"
    PON = "pon"
    KAN = "kan"
    PAIR = "pair"


class Where(Enum):
    HAND = "hand"  # concealed in the hand
    EXPOSED = "exposed"  # `[ ]`
    DECLARED = "declared"  # `{ }`, a declared concealed kan


_SIZE = {GroupKind.CHI: 3, GroupKind.PON: 3, GroupKind.KAN: 4, GroupKind.PAIR: 2}
_OF_MELD = {MeldKind.CHI: GroupKind.CHI, MeldKind.PON: GroupKind.PON, MeldKind.KAN: GroupKind.KAN}


class Group(NamedTuple):
    """Tiles that score together. `tile` is a pon's, kan's or pair's tile, a chi's lowest.
    `open`: the set scores as open, being in `[ ]` or completed by a claimed discard (§2.1).
    (A named tuple: the search builds a few per arrangement.)"""

    kind: GroupKind
    tile: Tile
    where: Where = Where.HAND
    open: bool = False

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is GroupKind.CHI:
            return (self.tile, TILES[self.tile + 1], TILES[self.tile + 2])
        return (self.tile,) * _SIZE[self.kind]

    @property
    def is_set(self) -> bool:
        return self.kind is not GroupKind.PAIR

    @property
    def text(self) -> str:
        """`555b`, `[RdRdRd]`, `{EwEwEwEw}`: as it lies."""
        inner = format_cards(self.tiles)
        if self.where is Where.EXPOSED:
            return f"[{inner}]"
        if self.where is Where.DECLARED:
            return f"{{{inner}}}"
        return inner

    @classmethod
    def of_meld(cls, meld: Meld) -> Group:
        if meld.concealed:
            return cls(GroupKind.KAN, meld.tiles[0], Where.DECLARED)
        return cls(_OF_MELD[meld.kind], meld.tiles[0], Where.EXPOSED, open=True)


class ArrangementKind(Enum):
    STANDARD = "standard"  # four sets and a pair
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    NINE_GATES = "nine_gates"
    NOT_SPLIT = "not_split"  # a non-caller's hand (§3.1): its pons, the rest loose


@dataclass(frozen=True)
class Arrangement:
    kind: ArrangementKind
    groups: tuple[Group, ...]  # laid-out sets first, then concealed sets, then the pair
    loose: tuple[Tile, ...] = ()  # tiles in no group
    winning: int | None = None  # index of the group the winning tile completes

    @property
    def pair(self) -> Group | None:
        return next((g for g in self.groups if g.kind is GroupKind.PAIR), None)

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.is_set)


_NO_TILES = (0,) * 9


def standard_splits(counts: list[int], sets_needed: int) -> list[tuple[Group, ...]]:
    """Every way to split the concealed tiles (`counts` per kind) into `sets_needed` sets and
    one pair: the sets (pons, then chis, each in tile order), then the pair."""
    blocks = []
    for first in (0, 9, 18):
        block = tuple(counts[first : first + 9])
        if block != _NO_TILES:
            blocks.append(block_options(first, block, 0)[0])
    for tile in range(SUIT_TILES, KINDS):
        if counts[tile]:
            blocks.append(block_options(tile, (counts[tile],), 0)[0])
    partial: list[tuple[tuple[int, ...], int]] = [((), -1)]
    for options in blocks:
        partial = [
            (sets + block_sets, pair if block_pair < 0 else block_pair)
            for sets, pair in partial
            for block_sets, block_pair, _jokers, _key in options
            if pair < 0 or block_pair < 0
        ]
        if not partial:
            return []
    return [
        (*(_set_group(set_id) for set_id in sorted(sets)), Group(GroupKind.PAIR, TILES[pair]))
        for sets, pair in partial
        if pair >= 0 and len(sets) == sets_needed
    ]


def _set_group(set_id: int) -> Group:
    if set_id >= SEQ_BASE:
        return Group(GroupKind.CHI, TILES[set_id - SEQ_BASE])
    return Group(GroupKind.PON, TILES[set_id])


# §2.2: one each of these thirteen, plus a second of any one.
ORPHANS = tuple(t for t in range(KINDS) if is_terminal_or_honour(t))
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def special_kind(counts: list[int], melds: tuple[Meld, ...]) -> ArrangementKind | None:
    """The special hand the 14 concealed tiles form, if any: nothing may be laid out (bonus
    tiles aside). No hand is two of them."""
    held = [t for t in range(KINDS) if counts[t]]
    if melds or not held:
        return None
    if len(held) == 7 and all(counts[t] == 2 for t in held):
        # [ruling] seven different tiles: four alike are a kan, not two pairs.
        return ArrangementKind.SEVEN_PAIRS
    if len(held) == 13 and tuple(held) == ORPHANS:
        return ArrangementKind.THIRTEEN_ORPHANS
    first = held[0]
    if held[-1] < SUIT_TILES and first % 9 == 0 and held[-1] == first + 8:
        suit = counts[first : first + 9]
        if all(n >= least for n, least in zip(suit, _NINE_GATES, strict=True)):
            return ArrangementKind.NINE_GATES
    return None


def special_arrangement(kind: ArrangementKind, counts: list[int]) -> Arrangement:
    if kind is ArrangementKind.SEVEN_PAIRS:
        pairs = tuple(Group(GroupKind.PAIR, TILES[t]) for t in range(KINDS) if counts[t])
        return Arrangement(kind, pairs)
    loose = tuple(TILES[t] for t in range(KINDS) for _ in range(counts[t]))
    return Arrangement(kind, (), loose)


def unsplit(melds: tuple[Meld, ...], counts: list[int], honour_pairs: bool = False) -> Arrangement:
    """A non-caller's hand (§3.1): laid-out sets as they lie; each tile held three or four
    times in the hand is one concealed pon; with `honour_pairs` (the variant `pairs=all`),
    each dragon or wind held exactly twice is a pair; every other tile is loose."""
    groups = [Group.of_meld(meld) for meld in melds]
    loose = []
    for t in range(KINDS):
        if counts[t] >= 3:
            groups.append(Group(GroupKind.PON, TILES[t]))
            loose.extend([TILES[t]] * (counts[t] - 3))
        elif honour_pairs and counts[t] == 2 and t >= SUIT_TILES:
            groups.append(Group(GroupKind.PAIR, TILES[t]))
        else:
            loose.extend([TILES[t]] * counts[t])
    return Arrangement(ArrangementKind.NOT_SPLIT, tuple(groups), tuple(loose))
