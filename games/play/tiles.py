"""The 150 cards as small integers, and their names in the notation of RULES.md §1.

A round moves cards between the stock, hands, exposed sets and discard piles thousands of
times, so a card is a plain `int`: 0..33 are the playing cards (the values of
`scoring.mhing.Card`, so a `Card` may be passed wherever a tile is expected), 34 is a Mhing
card (joker), 35 a flower. The four flower designs never matter to play or scoring (only
how many a winner has), so flowers are not told apart.
"""

from __future__ import annotations

from scoring.mhing import JOKER as SCORING_JOKER
from scoring.mhing import Card, ExposedSet, Hand
from scoring.mhing.cards import (
    CODE_TO_CARD,
    COPIES_PER_CARD,
    DECK_SIZE,
    FLOWERS_IN_DECK,
    JOKERS_IN_DECK,
    KINDS,
)

Tile = int

JOKER: Tile = KINDS  # 34
FLOWER: Tile = KINDS + 1  # 35
TILE_KINDS = KINDS + 2

# How many of each tile the deck holds (RULES.md §1): 4 of each card, 6 jokers, 8 flowers.
DECK_COUNTS: tuple[int, ...] = (COPIES_PER_CARD,) * KINDS + (JOKERS_IN_DECK, FLOWERS_IN_DECK)
assert sum(DECK_COUNTS) == DECK_SIZE == 150

_CODES: tuple[str, ...] = tuple(Card(t).code for t in range(KINDS)) + ("J", "F")
_BY_CODE: dict[str, Tile] = {code: int(card) for code, card in CODE_TO_CARD.items()}
_BY_CODE.update({"j": JOKER, "f": FLOWER})
_BY_CODE.update({code: tile for tile, code in enumerate(_CODES)})  # as written: no lower()


class UnknownCardName(ValueError):
    """A card name that is not in the notation of RULES.md §1."""

    def __init__(self, name: object) -> None:
        self.name = name
        super().__init__(f"unknown card {name!r}")


def full_deck() -> list[Tile]:
    """All 150 cards in a fixed order, ready to be shuffled."""
    return [tile for tile, copies in enumerate(DECK_COUNTS) for _ in range(copies)]


def tile_code(tile: Tile) -> str:
    """`5b`, `Rd`, `J`, `F`."""
    return _CODES[tile]


def parse_tile(name: object) -> Tile:
    """A card name (case-insensitive) back to its tile. Raises `UnknownCardName`."""
    if isinstance(name, str):
        tile = _BY_CODE.get(name) or _BY_CODE.get(name.strip().lower())
        if tile is not None:
            return tile
    raise UnknownCardName(name)


def parse_tiles(names: list[str]) -> tuple[Tile, ...]:
    """`parse_tile` of each name. The names as codes() writes them are looked up in one pass
    (a stored round holds about 200, read again on every move of a live table); any other
    spelling goes through `parse_tile`, which reads it or raises `UnknownCardName`."""
    try:
        return tuple(map(_BY_CODE.__getitem__, names))
    except (KeyError, TypeError):
        return tuple(parse_tile(name) for name in names)


def codes(tiles: tuple[Tile, ...] | list[Tile]) -> list[str]:
    return [_CODES[t] for t in tiles]


def is_suit_card(tile: Tile) -> bool:
    return tile < 27


def suit_of(tile: Tile) -> int:
    return tile // 9


def rank_of(tile: Tile) -> int:
    """0-based rank of a suit card (0 is a 1)."""
    return tile % 9


def scoring_hand(
    concealed: tuple[Tile, ...], exposed: tuple[tuple[Tile, ...], ...], flowers: int
) -> Hand:
    """The hand as `scoring.mhing` takes it: exposed sets exactly as they lie."""
    cards = tuple(Card(t) for t in concealed if t < JOKER)
    jokers = len(concealed) - len(cards)
    sets = tuple(
        ExposedSet(tuple(SCORING_JOKER if t == JOKER else Card(t) for t in tiles))
        for tiles in exposed
    )
    return Hand(cards, jokers, sets, flowers)
