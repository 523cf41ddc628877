"""Mah-Jongg tiles (MAHJONGG.md §1.1): the 34 kinds, bonus tiles, and winds as seats.

The 34 kinds of suit tiles and honours are exactly Mhing's playing cards, in the same dense
order (bamboo 1-9, circles 1-9, characters 1-9, the four winds, the three dragons), so they
are shared: `Tile` *is* `scoring.mhing.cards.Card`, and the notation's codes (`5b`, `Ew`,
`Rd`) are read with the same table (`CODE_TO_CARD`). (Mhing's own `cards.Tile` means "a card
or a joker in an exposed set"; Mah-Jongg has no jokers, so here the word means a tile kind.)

What Mah-Jongg adds: bonus tiles (flowers and seasons, one copy each, each belonging to a
wind by its number) and winds as seats and rounds (`Wind`).
"""

from __future__ import annotations

from enum import IntEnum

from scoring.mhing.cards import (
    CODE_TO_CARD,
    COPIES_PER_CARD,
    DRAGON_TILES,
    KINDS,
    SUIT_TILES,
    SUITS,
    WIND_TILES,
    Card,
    Suit,
)

Tile = Card  # the same 34 kinds as Mhing's cards (see the module's docstring)
TILES: tuple[Tile, ...] = tuple(Card)  # TILES[i] is Tile(i), without the enum lookup

__all__ = [
    "CODE_TO_CARD",
    "COPIES_PER_CARD",
    "DRAGON_TILES",
    "KINDS",
    "SUITS",
    "SUIT_TILES",
    "TILES",
    "WIND_TILES",
    "Bonus",
    "Suit",
    "Tile",
    "Wind",
    "is_honour",
    "is_simple",
    "is_terminal",
    "is_terminal_or_honour",
]


def is_honour(tile: int) -> bool:
    return tile >= SUIT_TILES


def is_terminal(tile: int) -> bool:
    """A suit tile 1 or 9."""
    return tile < SUIT_TILES and tile % 9 in (0, 8)


def is_simple(tile: int) -> bool:
    """A suit tile 2-8."""
    return tile < SUIT_TILES and 1 <= tile % 9 <= 7


def is_terminal_or_honour(tile: int) -> bool:
    return tile >= SUIT_TILES or tile % 9 in (0, 8)


class Wind(IntEnum):
    """A seat wind or a round wind, in turn order (§6: E → S → W → N)."""

    EAST = 0
    SOUTH = 1
    WEST = 2
    NORTH = 3

    @property
    def code(self) -> str:
        """`E`, `S`, `W`, `N`: how `seat=`, `round=`, `winner=` and `dealer=` write it."""
        return "ESWN"[self]

    @property
    def tile(self) -> Tile:
        """The wind's tile: `Ew` for East."""
        return TILES[WIND_TILES[0] + self]

    @classmethod
    def parse(cls, text: str) -> Wind | None:
        """`E`/`Ew` (any case) → `Wind.EAST`; None for anything else."""
        return _WIND_CODES.get(text.lower())


_WIND_CODES = {code: wind for wind in Wind for code in (wind.code.lower(), wind.code.lower() + "w")}


class Bonus(IntEnum):
    """Flowers `F1`-`F4` and seasons `S1`-`S4` (the variant of §1.1): one copy of each; the
    number names the wind the tile belongs to (1 East, 2 South, 3 West, 4 North)."""

    F1 = 0
    F2 = 1
    F3 = 2
    F4 = 3
    S1 = 4
    S2 = 5
    S3 = 6
    S4 = 7

    @property
    def code(self) -> str:
        return self.name

    @property
    def is_flower(self) -> bool:
        return self < 4

    @property
    def wind(self) -> Wind:
        return Wind(self % 4)

    def __str__(self) -> str:
        return self.name


BONUS_CODES = {bonus.code.lower(): bonus for bonus in Bonus}
