"""The card picker: build a hand by clicking cards, every click a plain link.

The state lives in the URL, never in a session: the hand in the notation of RULES.md §1
(`hand=123c 123c 99b [5b J 7b] F`) and, while an exposed set is being built, its cards so far
(`open=5b J`; present but empty when the set has no card yet). Each card on the page is a link
to the same page with that card added or removed, so the picker works without JavaScript and
htmx only swaps in the new state.

Reusing the picker (the calculator does this; the round entry form will too)::

    from scoring.picker import Picker, PickerUrls, Selection

    selection = Selection.from_query(request.GET)  # or Selection.parse(text, open_text)
    picker = Picker(
        selection,
        PickerUrls(reverse("leagues:hand_picker"), extra=(("round", str(round.pk)),)),
        target="#hand-picker",  # the element htmx replaces with the view's response
        push_url=False,  # keep the browser's address as it is
        field_name="hand",  # also render <input type="hidden" name="hand" value="...">
    )

    {% include "scoring/picker.html" with picker=picker %}

`PickerUrls` builds every link: the base URL, the names of the two query parameters, and any
extra parameters to carry along. The view behind the base URL reads the selection back with
`Selection.from_query` and renders the element named by `target` (the picker, and whatever
else depends on the hand). The picker renders links only, no form of its own, so it may sit
inside a form that posts the hidden field. `scoring/notation_form.html` is the matching
text box for typing a hand, for pages that are not inside a form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from urllib.parse import urlencode

from django.utils.translation import gettext as _

from scoring.card_names import card_plural
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
            return _("Fix the notation or clear the hand first.")
        if item is FLOWER:
            if self.hand.flowers >= FLOWERS_IN_DECK:
                return _("All eight flowers are in the hand.")
            return None
        if self.playing_cards >= HAND_SIZE:
            return _("The hand already has 14 cards.")
        if item is JOKER:
            if self.jokers >= JOKERS_IN_DECK:
                return _("All six Mhing cards are in the hand.")
        elif self.copies(item) >= COPIES_PER_CARD:
            return _("All four are in the hand: a Mhing card can stand for a fifth.")
        if self.pending is not None and not self._fits_pending(item):
            return _("Does not fit the exposed set being built.")
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


@dataclass(frozen=True)
class PickerUrls:
    """Builds the picker's links: `base_url?<extra>&hand=...&open=...`."""

    base_url: str
    hand_param: str = "hand"
    open_param: str = "open"
    extra: tuple[tuple[str, str], ...] = ()

    do_not_call_in_templates = True  # templates read its fields; links come from `Picker`

    def __call__(self, selection: Selection) -> str:
        params = list(self.extra)
        if selection.notation:
            params.append((self.hand_param, selection.notation))
        if selection.open_notation is not None:
            params.append((self.open_param, selection.open_notation))
        if not params:
            return self.base_url
        # Brackets stay readable in shared links: ?hand=123c+[5b+J+7b]
        return f"{self.base_url}?{urlencode(params, safe='[]')}"

    def for_notation(self, text: str) -> str:
        """The link to a hand given in the notation."""
        return self(Selection.parse(text))


@dataclass(frozen=True)
class Choice:
    """One card on the page: what it is, where clicking it leads (None: disabled), and why
    it is disabled."""

    item: Item
    url: str | None
    note: str | None = None

    @property
    def code(self) -> str:
        return self.item.code


@dataclass(frozen=True)
class ExposedChoice:
    tiles: tuple[Tile, ...]
    remove_url: str

    @property
    def text(self) -> str:
        return " ".join(str(tile) for tile in self.tiles)


PALETTE_ROWS: tuple[tuple[Item, ...], ...] = (
    tuple(Card(i) for i in range(0, 9)),
    tuple(Card(i) for i in range(9, 18)),
    tuple(Card(i) for i in range(18, 27)),
    (*(Card(i) for i in range(27, 34)), JOKER, FLOWER),
)


@dataclass(frozen=True)
class Picker:
    """What `scoring/picker.html` renders: the palette, the hand and the links that change it.

    `target` is the CSS selector htmx swaps (`outerHTML`) with the response to a link;
    `push_url` whether the link goes into the browser's history; `id_prefix` keeps element
    ids unique when a page has more than one picker; `field_name`, when given, adds a hidden
    input holding the hand's notation, for pickers inside a form.
    """

    selection: Selection
    urls: PickerUrls
    target: str
    push_url: bool = True
    id_prefix: str = "picker"
    field_name: str | None = None

    def _url(self, selection: Selection) -> str:
        return self.urls(selection)

    @cached_property
    def palette(self) -> list[list[Choice]]:
        rows = []
        for row in PALETTE_ROWS:
            choices = []
            for item in row:
                reason = self.selection.why_not(item)
                url = None if reason else self._url(self.selection.add(item))
                choices.append(Choice(item, url, reason))
            rows.append(choices)
        return rows

    @cached_property
    def full_cards(self) -> list[Card]:
        """Cards whose four copies are all in the hand: the page suggests a Mhing card."""
        if self.selection.error:
            return []
        return [card for card in Card if self.selection.copies(card) >= COPIES_PER_CARD]

    @cached_property
    def add_joker_url(self) -> str | None:
        if self.selection.why_not(JOKER):
            return None
        return self._url(self.selection.add(JOKER))

    @cached_property
    def concealed(self) -> list[Choice]:
        hand = self.selection.hand
        items: list[Item] = [*hand.concealed, *(JOKER,) * hand.jokers]
        return [Choice(item, self._url(self.selection.remove(item))) for item in items]

    @cached_property
    def exposed(self) -> list[ExposedChoice]:
        return [
            ExposedChoice(s.tiles, self._url(self.selection.remove_exposed(i)))
            for i, s in enumerate(self.selection.hand.exposed)
        ]

    @cached_property
    def pending(self) -> list[Choice]:
        return [
            Choice(tile, self._url(self.selection.remove_pending(i)))
            for i, tile in enumerate(self.selection.pending or ())
        ]

    @cached_property
    def flowers(self) -> list[Choice]:
        url = self._url(self.selection.remove(FLOWER))
        return [Choice(FLOWER, url) for _ in range(self.selection.hand.flowers)]

    @property
    def full_cards_names(self) -> str:
        return ", ".join(card_plural(card) for card in self.full_cards)

    @property
    def pending_missing(self) -> int:
        return SET_SIZE - len(self.selection.pending or ())

    @property
    def pending_slots(self) -> range:
        """Empty places left in the exposed set being built, drawn as outlines."""
        return range(self.pending_missing if self.selection.building else 0)

    @property
    def can_start_set(self) -> bool:
        """Room for three more cards, in a hand that parses."""
        s = self.selection
        return not s.error and not s.building and s.playing_cards + SET_SIZE <= HAND_SIZE

    @property
    def start_set_url(self) -> str:
        return self._url(self.selection.start_set())

    @property
    def cancel_set_url(self) -> str:
        return self._url(self.selection.cancel_set())

    @property
    def clear_url(self) -> str:
        return self._url(self.selection.clear())
