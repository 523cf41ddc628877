"""The 150 Mhing cards (RULES.md §1): 34 playing-card kinds, jokers and flowers.

A playing card is a `Card`, an `IntEnum` whose value is a dense index 0..33 (bamboo 1-9,
circles 1-9, characters 1-9, the four winds, the three dragons). The dense index lets the
arrangement search work on plain count lists while callers still see typed values.
"""

from __future__ import annotations

from enum import Enum, IntEnum


class Suit(Enum):
    BAMBOO = "b"
    CIRCLES = "c"
    CHARACTERS = "k"

    @property
    def index(self) -> int:
        return _SUIT_ORDER.index(self)

    @property
    def english(self) -> str:
        return self.name.lower()


_SUIT_ORDER = (Suit.BAMBOO, Suit.CIRCLES, Suit.CHARACTERS)
SUITS = _SUIT_ORDER

SUIT_TILES = 27  # indices below this are suit cards
WIND_TILES = range(27, 31)
DRAGON_TILES = range(31, 34)
KINDS = 34  # distinct playing-card kinds

COPIES_PER_CARD = 4
JOKERS_IN_DECK = 6
FLOWERS_IN_DECK = 8
DECK_SIZE = KINDS * COPIES_PER_CARD + JOKERS_IN_DECK + FLOWERS_IN_DECK  # 150
HAND_SIZE = 14  # 13 in hand + the winning card

_HONOUR_CODES = ("Ew", "Sw", "Ww", "Nw", "Rd", "Gd", "Wd")
_HONOUR_NAMES = (
    "East wind",
    "South wind",
    "West wind",
    "North wind",
    "red dragon",
    "green dragon",
    "white dragon",
)


class Card(IntEnum):
    B1, B2, B3, B4, B5, B6, B7, B8, B9 = range(0, 9)
    C1, C2, C3, C4, C5, C6, C7, C8, C9 = range(9, 18)
    K1, K2, K3, K4, K5, K6, K7, K8, K9 = range(18, 27)
    EAST, SOUTH, WEST, NORTH = range(27, 31)
    RED, GREEN, WHITE = range(31, 34)

    @classmethod
    def suited(cls, suit: Suit, rank: int) -> Card:
        if not 1 <= rank <= 9:
            raise ValueError(f"rank {rank} is not 1-9")
        return cls(suit.index * 9 + rank - 1)

    @property
    def is_honour(self) -> bool:
        return self >= SUIT_TILES

    @property
    def is_wind(self) -> bool:
        return self in WIND_TILES

    @property
    def is_dragon(self) -> bool:
        return self in DRAGON_TILES

    @property
    def suit(self) -> Suit | None:
        return None if self.is_honour else _SUIT_ORDER[self // 9]

    @property
    def rank(self) -> int | None:
        return None if self.is_honour else self % 9 + 1

    @property
    def code(self) -> str:
        """The card in RULES.md notation: `5b`, `Ew`, `Rd`."""
        return CODES[self]  # looked up: formatting it anew took most of a hand's JSON time

    @property
    def english(self) -> str:
        """A readable English name: '5 of bamboo', 'red dragon'."""
        if self.is_honour:
            return _HONOUR_NAMES[self - SUIT_TILES]
        return f"{self.rank} of {self.suit.english}"

    def __str__(self) -> str:
        return self.code


CARDS: tuple[Card, ...] = tuple(Card)  # CARDS[i] is Card(i), without the enum lookup
# CODES[i] is Card(i).code: suit cards rank then suit letter, honours by name.
CODES: tuple[str, ...] = tuple(
    _HONOUR_CODES[i - SUIT_TILES] if i >= SUIT_TILES else f"{i % 9 + 1}{_SUIT_ORDER[i // 9].value}"
    for i in range(KINDS)
)
CODE_TO_CARD: dict[str, Card] = {card.code.lower(): card for card in Card}


class Joker:
    """The Mhing card. A single shared instance, `JOKER`; it stands for any playing card."""

    _instance: Joker | None = None

    def __new__(cls) -> Joker:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    code = "J"

    def __repr__(self) -> str:
        return "JOKER"

    def __str__(self) -> str:
        return "J"


JOKER = Joker()

Tile = Card | Joker  # what can lie in an exposed set as entered
