"""Tiles at the live Mah-Jongg table (MAHJONGG.md §1.1) and the wall built from a seed (§6).

A tile is a plain int: 0..33 are the 34 kinds of `scoring.mahjongg.tiles` (bamboo 1-9,
circles 1-9, characters 1-9, the winds, the dragons), 34..41 the bonus tiles F1-F4, S1-S4
(one copy each). Names as in the notation: `5b`, `Ew`, `Rd`, `F3`, `S1`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.mahjongg.tiles import (
    BONUS_CODES,
    CODE_TO_CARD,
    COPIES_PER_CARD,
    KINDS,
    SUIT_TILES,
    TILES,
    Bonus,
)

Tile = int
BONUS_BASE = KINDS  # 34: F1; 41: S4
BONUS_TILES = tuple(range(BONUS_BASE, BONUS_BASE + len(Bonus)))
DEAD_WALL_RESERVE = 14  # §6: the game is drawn when 14 tiles remain in the live wall


class UnknownTileName(ValueError):
    def __init__(self, name: object) -> None:
        super().__init__(f"not a tile: {name!r}")
        self.name = name


def is_bonus(tile: Tile) -> bool:
    return tile >= BONUS_BASE


def is_honour(tile: Tile) -> bool:
    return SUIT_TILES <= tile < BONUS_BASE


def bonus_of(tile: Tile) -> Bonus:
    return Bonus(tile - BONUS_BASE)


_CODES = [TILES[t].code for t in range(KINDS)] + [b.code for b in Bonus]
_BY_CODE = {code.lower(): tile for tile, code in enumerate(_CODES)}
assert all(_BY_CODE[code] == card for code, card in CODE_TO_CARD.items())
assert all(_BY_CODE[code] == BONUS_BASE + bonus for code, bonus in BONUS_CODES.items())


def tile_code(tile: Tile) -> str:
    """`5b`, `Ew`, `Rd`, `F3`."""
    return _CODES[tile]


def parse_tile(name: object) -> Tile:
    """A tile's name, any case, back to its tile. Raises `UnknownTileName`."""
    if isinstance(name, str) and (tile := _BY_CODE.get(name.strip().lower())) is not None:
        return tile
    raise UnknownTileName(name)


def full_set(bonus_tiles: bool) -> list[Tile]:
    """One set: 136 tiles, 144 with flowers and seasons (§1.1), in tile order."""
    tiles = [t for t in range(KINDS) for _ in range(COPIES_PER_CARD)]
    return tiles + (list(BONUS_TILES) if bonus_tiles else [])


def set_counts(bonus_tiles: bool) -> dict[Tile, int]:
    counts: dict[Tile, int] = {}
    for tile in full_set(bonus_tiles):
        counts[tile] = counts.get(tile, 0) + 1
    return counts


def throw(rng: random.Random) -> tuple[int, int]:
    return (rng.randint(1, 6), rng.randint(1, 6))


def build_wall(
    seed: int | str, bonus_tiles: bool
) -> tuple[tuple[Tile, ...], tuple[tuple[int, int], tuple[int, int]], int]:
    """The wall a seed builds (§6): `(tiles, dice, dead)`.

    The shuffled set stands as four walls of 17 stacks of two (18 with bonus tiles). East
    throws two dice and counts the walls counter-clockwise from his own (1 = East's); that
    wall's player throws; the sum of both throws is the number of stacks counted off the
    right end of that wall (running on into the neighbour's): the dead wall.

    `tiles` is the wall in the order the engine takes it: the live wall from the break,
    stack by stack (top tile first) all the way round, then the dead wall, whose last stack
    lies beside the break. Draws take from the front; replacements from the back: the dead
    wall first, and once it is used up the far end of the live wall ([ruling] §6).
    `dead` is the dead wall's size in tiles (2 × the dice).
    """
    rng = random.Random(f"mahjongg:{seed}")
    tiles = full_set(bonus_tiles)
    rng.shuffle(tiles)
    first, second = throw(rng), throw(rng)
    per_wall = len(tiles) // 8  # stacks per wall
    stacks = [tiles[i : i + 2] for i in range(0, len(tiles), 2)]
    wall = (sum(first) - 1) % 4
    count = sum(first) + sum(second)
    right_end = (wall + 1) * per_wall  # the stack after the right end of the counted wall
    start = right_end % len(stacks)  # the live wall starts beyond the break
    ring = stacks[start:] + stacks[:start]  # the dead wall is now the last `count` stacks
    ordered = tuple(tile for stack in ring for tile in stack)
    return ordered, (first, second), 2 * count


def counts_of(tiles: Sequence[Tile]) -> list[int]:
    counts = [0] * KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts
