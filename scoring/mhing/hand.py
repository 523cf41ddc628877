"""The entered hand as a value object, and its validation (RULES.md §1)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

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


@dataclass(frozen=True)
class ExposedSet:
    """A set lying open on the table, as entered: three cards, jokers as `JOKER`."""

    tiles: tuple[Tile, ...]

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        return tuple(t for t in self.tiles if t is not JOKER)

    @property
    def jokers(self) -> int:
        return len(self.tiles) - len(self.cards)

    @property
    def text(self) -> str:
        return " ".join(str(t) for t in self.tiles)

    def possible_set_ids(self) -> tuple[int, ...]:
        """Every set this can be: jokers in an exposed set still stand for whatever keeps
        the set valid (RULES.md §2), so `[5b J J]` may be 555b, 345b, 456b or 567b."""
        if len(self.tiles) != 3:
            return ()
        return sets_containing([int(c) for c in self.cards])


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
        for s in self.exposed:
            if not s.possible_set_ids():
                raise BadExposedSet(s.text, len(s.tiles))
        if self.flowers > FLOWERS_IN_DECK:
            raise TooManyFlowers(self.flowers)
        if self.total_jokers > JOKERS_IN_DECK:
            raise TooManyJokers(self.total_jokers)
        concealed = [0] * KINDS
        for card in self.concealed:
            concealed[card] += 1
        counts = concealed[:]
        for s in self.exposed:
            for card in s.cards:
                counts[card] += 1
        if max(counts) > COPIES_PER_CARD:
            card = next(c for c in CARDS if counts[c] > COPIES_PER_CARD)
            raise TooManyCopies(card, counts[card])
        if self.playing_cards != HAND_SIZE:
            raise WrongCardCount(self.playing_cards)
        return concealed
