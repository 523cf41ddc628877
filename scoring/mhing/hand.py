"""The entered hand as a value object, and its validation (RULES.md §1)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import eq

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

# What three tiles lying on the table hold and may be: their cards, their possible set ids,
# their text, and the key exposed sets are sorted by. At most 35**3 such tuples exist (far
# fewer occur), and scoring a hand reads each several times.
_Reading = tuple[tuple[Card, ...], tuple[int, ...], str, tuple[tuple[Card, ...], int]]
_readings: dict[tuple[Tile, ...], _Reading] = {}


def _reading(tiles: tuple[Tile, ...]) -> _Reading:
    found = _readings.get(tiles)
    if found is None:
        cards = tuple(t for t in tiles if t is not JOKER)
        set_ids = sets_containing([int(c) for c in cards]) if len(tiles) == 3 else ()
        text = " ".join(str(t) for t in tiles)
        found = (cards, set_ids, text, (tuple(sorted(cards)), len(tiles) - len(cards)))
        if len(tiles) == 3:  # not a set otherwise: not worth keeping
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
        return _reading(self.tiles)[2]

    @property
    def sort_key(self) -> tuple[tuple[Card, ...], int]:
        """Its cards in order, then its jokers: how a hand's exposed sets are ordered for the
        search, so that its result does not depend on the order they were entered in."""
        return _reading(self.tiles)[3]

    def possible_set_ids(self) -> tuple[int, ...]:
        """Every set this can be: jokers in an exposed set still stand for whatever keeps
        the set valid (RULES.md §2), so `[5b J J]` may be 555b, 345b, 456b or 567b."""
        return _reading(self.tiles)[1]


@dataclass(frozen=True, init=False)
class Hand:
    """A winner's hand: concealed cards, jokers in hand, exposed sets and flowers."""

    concealed: tuple[Card, ...] = ()
    jokers: int = 0
    exposed: tuple[ExposedSet, ...] = ()
    flowers: int = 0

    def __init__(
        self,
        concealed: tuple[Card, ...] = (),
        jokers: int = 0,
        exposed: tuple[ExposedSet, ...] = (),
        flowers: int = 0,
    ) -> None:
        # Written into the instance's dict directly: a frozen dataclass's own __init__ makes
        # a call per field, and a batch builds a hand per line. Card order never matters;
        # keep one canonical order so equal hands compare equal.
        fields = self.__dict__
        fields["concealed"] = tuple(sorted(concealed))
        fields["jokers"] = jokers
        fields["exposed"] = exposed
        fields["flowers"] = flowers

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
        """Raise the first `InvalidHand` that applies; return quietly when the hand is sound.

        Exposed sets first (a typing slip there is the most specific), then flowers and
        jokers, then copies (a fifth copy is always a mistake), then the count, which a hand
        still being entered fails last.
        """
        jokers = self.jokers
        cards = self.concealed  # sorted, as `__init__` leaves them
        if self.exposed:
            cards = list(cards)
            for entered in self.exposed:
                held, set_ids, _text, _key = _readings.get(entered.tiles) or _reading(entered.tiles)
                if not set_ids:
                    raise BadExposedSet(entered.text, len(entered.tiles))
                jokers += 3 - len(held)
                cards += held
            cards.sort()
        if self.flowers > FLOWERS_IN_DECK:
            raise TooManyFlowers(self.flowers)
        if jokers > JOKERS_IN_DECK:
            raise TooManyJokers(jokers)
        # Sorted, a card with a fifth copy is one equal to the card four places on.
        if any(map(eq, cards, cards[COPIES_PER_CARD:])):
            later = cards[COPIES_PER_CARD:]
            card = next(a for a, b in zip(cards, later, strict=False) if a == b)
            raise TooManyCopies(CARDS[card], cards.count(card))
        if len(self.concealed) + self.jokers + 3 * len(self.exposed) != HAND_SIZE:
            raise WrongCardCount(self.playing_cards)

    def checked_counts(self) -> list[int]:
        """Validate (`validate`), and return how many of each card kind (by index) the hand
        conceals."""
        self.validate()
        concealed = [0] * KINDS
        for card in self.concealed:
            concealed[card] += 1
        return concealed
