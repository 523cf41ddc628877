"""What the card picker has picked: the hand and the exposed set being built (`Selection`).

Each change returns a new `Selection`; `scoring.picker` turns one into links and a page, and
the picker's script keeps the same state in the browser between two answers of the server
(`client_state()` is how it is handed over). The rules of what may be added and how each
change works are mirrored in static/js/picker-hand.js, so a tapped card greys out at once:
change one, change the other (tests/scoring/test_browser_picker.py compares the two). The
server stays the judge of the hand itself (parsing, validation, scoring).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext_lazy

from scoring.hand_errors import UnfinishedSet
from scoring.mhing import (
    JOKER,
    Card,
    ExposedSet,
    Hand,
    InvalidHand,
    MhingError,
    NotWinningHand,
    Score,
    format_hand,
    parse_hand,
    score_hand,
)
from scoring.mhing.cards import (
    COPIES_PER_CARD,
    FLOWERS_IN_DECK,
    HAND_SIZE,
    JOKERS_IN_DECK,
    Joker,
    Tile,
)


class Flower:
    """A flower, as the picker shows it: the rules core only counts them (`Hand.flowers`)."""

    code = "F"

    def __repr__(self) -> str:
        return "FLOWER"


FLOWER = Flower()

Item = Card | Joker | Flower  # anything the palette offers

SET_SIZE = 3

# Why a card cannot be added now (Selection.why_not), by the key picker.js uses too.
WHY_NOT = {
    "fix": gettext_lazy("Fix the notation or clear the hand first."),
    "flowers": gettext_lazy("All eight flowers are in the hand."),
    "full": gettext_lazy("The hand already has 14 cards."),
    "jokers": gettext_lazy("All six Mhing cards are in the hand."),
    "copies": gettext_lazy("All four are in the hand: a Mhing card can stand for a fifth."),
    "fit": gettext_lazy("Does not fit the exposed set being built."),
}


@dataclass(frozen=True)
class Selection:
    """What has been picked: the hand and, while one is being built, an open exposed set.

    Every change returns a new `Selection`. A hand that does not parse keeps its text and its
    error; nothing can be added to it until it is fixed or cleared.
    """

    hand: Hand = field(default_factory=Hand)
    pending: tuple[Tile, ...] | None = None  # None: not building an exposed set
    text: str = ""
    error: InvalidHand | None = None

    @classmethod
    def parse(cls, text: str = "", pending: str | None = None) -> Selection:
        text = " ".join(text.split())
        try:
            hand = parse_hand(text)
        except InvalidHand as error:
            return cls(text=text, error=error)
        if pending is None:
            return cls(hand, None, text)
        try:
            open_set = parse_hand(pending)
        except InvalidHand:
            return cls(hand, None, text, UnfinishedSet(pending))
        tiles = open_set.concealed + (JOKER,) * open_set.jokers
        if open_set.exposed or open_set.flowers or len(tiles) > SET_SIZE:
            return cls(hand, None, text, UnfinishedSet(pending))
        return cls(hand, tiles, text)

    @classmethod
    def from_query(
        cls, query: Mapping[str, str], hand_param: str = "hand", open_param: str = "open"
    ) -> Selection:
        return cls.parse(query.get(hand_param, ""), query.get(open_param))

    @property
    def notation(self) -> str:
        """The hand in the notation: canonical once it parses, else as it was typed."""
        return self.text if self.error else format_hand(self.hand)

    @property
    def shown_notation(self) -> str:
        """What the notation box shows: the hand as it was typed (or saved, grouped as
        played: "123b 234b 456c 789k 55c", not "122334b 45556c 789k") while it is
        that hand, else `notation`. Links and the picker's state keep the canonical one."""
        if not self.error and self.text and _reads_as(self.text, self.hand):
            return self.text
        return self.notation

    @property
    def open_notation(self) -> str | None:
        if self.pending is None:
            return None
        return " ".join(str(tile) for tile in self.pending)

    @property
    def building(self) -> bool:
        return self.pending is not None

    @property
    def is_empty(self) -> bool:
        return self.error is None and self.hand == Hand() and not self.building

    @property
    def playing_cards(self) -> int:
        return self.hand.playing_cards + len(self.pending or ())

    def copies(self, card: Card) -> int:
        return self.hand.card_counts()[card] + (self.pending or ()).count(card)

    @property
    def jokers(self) -> int:
        return self.hand.total_jokers + (self.pending or ()).count(JOKER)

    def why_not(self, item: Item) -> str | None:
        """Why `item` cannot be added now, or None when it can."""
        if self.error:
            return str(WHY_NOT["fix"])
        if item is FLOWER:
            if self.hand.flowers >= FLOWERS_IN_DECK:
                return str(WHY_NOT["flowers"])
            return None
        if self.playing_cards >= HAND_SIZE:
            return str(WHY_NOT["full"])
        if item is JOKER:
            if self.jokers >= JOKERS_IN_DECK:
                return str(WHY_NOT["jokers"])
        elif self.copies(item) >= COPIES_PER_CARD:
            return str(WHY_NOT["copies"])
        if self.pending is not None and not self._fits_pending(item):
            return str(WHY_NOT["fit"])
        return None

    def _fits_pending(self, item: Card | Joker) -> bool:
        """Jokers fill the rest: can the set still become a sequence or a triplet?"""
        tiles = (*self.pending, item)
        padded = tiles + (JOKER,) * (SET_SIZE - len(tiles))
        return bool(ExposedSet(padded).possible_set_ids())

    def add(self, item: Item) -> Selection:
        """The selection with `item` added: a flower to the flowers, a card to the exposed
        set being built (closing it at three cards) or else to the concealed cards."""
        hand = self.hand
        if item is FLOWER:
            return replace(self, hand=replace(hand, flowers=hand.flowers + 1))
        if self.pending is not None:
            tiles = (*self.pending, item)
            if len(tiles) < SET_SIZE:
                return replace(self, pending=tiles)
            exposed = (*hand.exposed, ExposedSet(tiles))
            return replace(self, hand=replace(hand, exposed=exposed), pending=None)
        if item is JOKER:
            return replace(self, hand=replace(hand, jokers=hand.jokers + 1))
        return replace(self, hand=replace(hand, concealed=(*hand.concealed, item)))

    def remove(self, item: Item) -> Selection:
        """The selection with one concealed `item` (or a flower) taken out."""
        hand = self.hand
        if item is FLOWER:
            return replace(self, hand=replace(hand, flowers=max(0, hand.flowers - 1)))
        if item is JOKER:
            return replace(self, hand=replace(hand, jokers=max(0, hand.jokers - 1)))
        concealed = list(hand.concealed)
        if item in concealed:
            concealed.remove(item)
        return replace(self, hand=replace(hand, concealed=tuple(concealed)))

    def remove_exposed(self, index: int) -> Selection:
        exposed = self.hand.exposed[:index] + self.hand.exposed[index + 1 :]
        return replace(self, hand=replace(self.hand, exposed=exposed))

    def remove_pending(self, index: int) -> Selection:
        pending = self.pending or ()
        return replace(self, pending=pending[:index] + pending[index + 1 :])

    def start_set(self) -> Selection:
        return replace(self, pending=())

    def cancel_set(self) -> Selection:
        return replace(self, pending=None)

    def clear(self) -> Selection:
        return Selection()

    def outcome(self) -> Score | MhingError | None:
        """The hand scored, or why it cannot be; None while there is nothing to score (no
        cards yet, or an exposed set is being built)."""
        if self.error:
            return self.error
        if self.is_empty or self.building:
            return None
        try:
            return score_hand(self.hand)
        except (InvalidHand, NotWinningHand) as error:
            return error

    def client_state(self) -> dict[str, Any]:
        """The selection as picker.js keeps it: card codes, in the hand's canonical order.
        A hand that does not parse is only its text (`error`), as on the page."""
        hand = self.hand
        return {
            "concealed": [card.code for card in hand.concealed],
            "jokers": hand.jokers,
            "exposed": [[str(tile) for tile in s.tiles] for s in hand.exposed],
            "pending": None if self.pending is None else [str(t) for t in self.pending],
            "flowers": hand.flowers,
            "error": self.error is not None,
            "text": self.notation,
        }


def _reads_as(text: str, hand: Hand) -> bool:
    try:
        return parse_hand(text) == hand
    except InvalidHand:
        return False
