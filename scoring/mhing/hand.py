"""The entered hand as a value object, and its validation (RULES.md §1)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import (
    CARDS,
    COPIES_PER_CARD,
    FLOWERS_IN_DECK,
    HAND_SIZE,
    JOKER,
    JOKERS_IN_DECK,
    KINDS,
    Card,
    Tile,
)
from .errors import BadExposedSet, TooManyCopies, TooManyFlowers, TooManyJokers, WrongCardCount
from .melds import sets_containing

# What three tiles lying on the table hold and may be: (their cards, their possible set ids).
# At most 35**3 such tuples exist (far fewer occur), and scoring a hand reads each twice.
_readings: dict[tuple[Tile, ...], tuple[tuple[Card, ...], tuple[int, ...]]] = {}


def _reading(tiles: tuple[Tile, ...]) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    found = _readings.get(tiles)
    if found is None:
        cards = tuple(t for t in tiles if t is not JOKER)
        if len(tiles) != 3:
            return cards, ()  # not a set: not worth keeping
        found = (cards, sets_containing([int(c) for c in cards]))
        _readings[tiles] = found
    return found


@dataclass(frozen=True)
class ExposedSet:
    """A set lying open on the table, as entered: three cards, jokers as `JOKER`."""

    tiles: tuple[Tile, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        return _reading(self.tiles)[0]

    @property
    def jokers(self) -> int:
        return len(self.tiles) - len(self.cards)

    @property
    def text(self) -> str:
        return " ".join(str(t) for t in self.tiles)

    def possible_set_ids(self) -> tuple[int, ...]:
        """Every set this can be: jokers in an exposed set still stand for whatever keeps
        the set valid (RULES.md §2), so `[5b J J]` may be 555b, 345b, 456b or 567b."""
        return _reading(self.tiles)[1]


@dataclass(frozen=True)
class Hand:
    """A winner's hand: concealed cards, jokers in hand, exposed sets and flowers."""

    concealed: tuple[Card, ...] = ()
    jokers: int = 0
    exposed: tuple[ExposedSet, ...] = ()
    flowers: int = 0

    def __post_init__(self) -> None:
        # Card order never matters; keep one canonical order so equal hands compare equal.
        object.__setattr__(self, "concealed", tuple(sorted(self.concealed)))

    @property
    def playing_cards(self) -> int:
        return len(self.concealed) + self.jokers + 3 * len(self.exposed)

    @property
    def total_jokers(self) -> int:
        return self.jokers + sum(s.jokers for s in self.exposed)

    def card_counts(self) -> Counter[Card]:
        counts = Counter(self.concealed)
        for s in self.exposed:
            counts.update(s.cards)
        return counts

    def validate(self) -> None:
        """Raise the first `InvalidHand` that applies; return quietly when the hand is sound."""
        self.checked_counts()

    def checked_counts(self) -> list[int]:
        """Validate, and return how many of each card kind (by index) the hand conceals.

        Exposed sets first (a typing slip there is the most specific), then flowers and
        jokers, then copies (a fifth copy is always a mistake), then the count, which a hand
        still being entered fails last.
        """
        readings = [_reading(s.tiles) for s in self.exposed]
        jokers = self.jokers
        for entered, (cards, set_ids) in zip(self.exposed, readings, strict=True):
            if not set_ids:
                raise BadExposedSet(entered.text, len(entered.tiles))
            jokers += 3 - len(cards)
        if self.flowers > FLOWERS_IN_DECK:
            raise TooManyFlowers(self.flowers)
        if jokers > JOKERS_IN_DECK:
            raise TooManyJokers(jokers)
        concealed = [0] * KINDS
        for card in self.concealed:
            concealed[card] += 1
        counts = concealed
        if readings:
            counts = concealed[:]
            for cards, _set_ids in readings:
                for card in cards:
                    counts[card] += 1
        if max(counts) > COPIES_PER_CARD:
            card = next(c for c in CARDS if counts[c] > COPIES_PER_CARD)
            raise TooManyCopies(card, counts[card])
        if self.playing_cards != HAND_SIZE:
            raise WrongCardCount(self.playing_cards)
        return concealed
