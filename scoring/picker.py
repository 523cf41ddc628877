"""The card picker: build a hand by tapping cards, every card a plain link underneath.

The state lives in the URL, never in a session: the hand in the notation of RULES.md §1
(`hand=123c 123c 99b [5b J 7b] F`) and, while an exposed set is being built, its cards so far
(`open=5b J`; present but empty when the set has no card yet). Each card on the page is a link
to the same page with that card added or removed, so the picker works without JavaScript.

With JavaScript, `static/js/picker.js` (with picker-hand.js, the hand's rules, and
picker-draw.js) keeps the hand in the page: a tap shows the card in the hand and greys out
the palette at once, puts the new notation in the address (or the form's hand field), and
asks the server only for what the hand scores. The newest request wins (an older one is
aborted or its answer ignored), so no tap is lost however slow the network is.

Reusing the picker (the calculator and the round entry form do this)::

    from scoring.picker import Picker, PickerUrls, Selection

    selection = Selection.from_query(request.GET)  # or Selection.parse(text, open_text)
    picker = Picker(
        selection,
        PickerUrls(request.path, extra=(("round", str(round.pk)),)),
        target="round-preview",  # the id of the element that shows the score
        push_url=False,  # the address replaced, not a history entry per tap
        field_name="hand",  # inside a form: the typed box is the form's field `hand`
    )
    if picker.answers(request):  # picker.js asking for the score only
        template_name += "#picker-update"  # the `target` element and picker_hint.html

    {% include "scoring/picker.html" with picker=picker %}   {# hand, palette, hint, box #}
    <section id="round-preview">... picker.score / picker.problem ...</section>
    {% include "scoring/picker_scripts.html" %}  {# in <head>: static/js/picker*.js #}

The page wraps the picker and the `target` element in one element marked `data-picker-root`.
`PickerUrls` builds every link: the base URL, the names of the two query parameters, and any
extra parameters to carry along. picker.js asks the same base URL (with the extra parameters)
with the headers `HX-Request: true` and `HX-Target: <target>`; the view reads the selection
back with `Selection.from_query` and answers with the `target` element followed by
`scoring/picker_hint.html`, which carries the hand as the server read it (picker.js takes
that over, which is how a typed hand reaches the palette) and the one-line status. The
picker renders links only; with `field_name` its typed box is a plain input of the enclosing
form, otherwise `scoring/notation_form.html` is a GET form of its own.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.card_names import FLOWER_NAME, JOKER_NAME, card_name, card_plural
from scoring.hand_errors import error_kind, error_message
from scoring.mhing import JOKER, Card, MhingError, Score
from scoring.mhing.cards import COPIES_PER_CARD, FLOWERS_IN_DECK, HAND_SIZE, JOKERS_IN_DECK, Tile
from scoring.selection import FLOWER, SET_SIZE, WHY_NOT, Flower, Item, Selection

__all__ = [
    "FLOWER",
    "Choice",
    "ExposedChoice",
    "Flower",
    "Item",
    "Picker",
    "PickerUrls",
    "Selection",
]


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
    """What the picker's templates render: the hand, the palette and the links that change
    them, what the hand scores, and what picker.js needs to do the same in the browser.

    `target` is the id of the element showing the score (a leading '#' is ignored), the one
    picker.js asks the server for after each change; `status_id`, when given, the id of a
    one-line live region that picker.js fills with `status`. `push_url` whether each change
    goes into the browser's history (the calculator) or only replaces the address, which
    keeps the hand for a reload (a form);
    `id_prefix` keeps element ids unique when a page has more than one picker; `field_name`,
    when given, makes the typed box the enclosing form's field of that name; `hand_title`,
    the hand's heading ("Your hand" in the calculator, "Winner's hand" entering a round);
    `carry`, the enclosing form's fields that picker.js keeps in the address beside the hand,
    each as chosen now (the round form's winner, win type, discarder), so that a reload, Back
    or signing in again shows them as chosen rather than as the page was first served.
    """

    selection: Selection
    urls: PickerUrls
    target: str
    push_url: bool = True
    id_prefix: str = "picker"
    field_name: str | None = None
    status_id: str | None = None
    hand_title: str = ""
    carry: tuple[str, ...] = ()

    @property
    def heading(self) -> str:
        return self.hand_title or _("Your hand")

    def __post_init__(self) -> None:
        object.__setattr__(self, "target", self.target.lstrip("#"))

    def answers(self, request: HttpRequest) -> bool:
        """Whether `request` is picker.js asking for the score only."""
        htmx = getattr(request, "htmx", None)
        return bool(htmx) and htmx.target == self.target

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
        # Counted once, not once per card (Selection.copies counts the hand on every call).
        counts = self.selection.hand.card_counts()
        counts.update(self.selection.pending or ())
        return [card for card in Card if counts[card] >= COPIES_PER_CARD]

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

    @cached_property
    def hint(self) -> str | None:
        """The hint below the palette: "full" (14 cards), "joker" (a card's four copies are
        in the hand, a Mhing card can stand for a fifth) or None."""
        if self.selection.error:
            return None
        if self.selection.playing_cards >= HAND_SIZE:
            return "full"
        if self.full_cards and self.add_joker_url:
            return "joker"
        return None

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

    # -- what the hand scores ------------------------------------------------------------

    @cached_property
    def outcome(self) -> Score | MhingError | None:
        return self.selection.outcome()

    @property
    def score(self) -> Score | None:
        return self.outcome if isinstance(self.outcome, Score) else None

    @property
    def problem(self) -> str | None:
        return error_message(self.outcome) if isinstance(self.outcome, MhingError) else None

    @property
    def problem_kind(self) -> str | None:
        return error_kind(self.outcome) if isinstance(self.outcome, MhingError) else None

    @property
    def status(self) -> str:
        """The result in one line, for the status bar; empty while there is nothing to say."""
        if self.score:
            credits, points = self.score.credits, self.score.points
            return ngettext(
                "%(credits)s credit · %(points)s points",
                "%(credits)s credits · %(points)s points",
                credits,
            ) % {"credits": credits, "points": points}
        if self.problem:
            return self.problem
        if self.selection.building:
            return _building(self.pending_missing)
        return ""

    # -- what picker.js needs ------------------------------------------------------------

    @property
    def state_json(self) -> str:
        return json.dumps(self.selection.client_state(), separators=(",", ":"))

    @property
    def config_id(self) -> str:
        return f"{self.id_prefix}-config"

    @property
    def script_config(self) -> dict[str, Any]:
        """Everything picker.js needs besides the state: where to ask, the deck's limits and
        every text it writes, in the page's language (a count as "{n}", a card as
        "{card}"; plurals as [one, other])."""
        urls = self.urls
        names = {item.code: str(_item_name(item)) for row in PALETTE_ROWS for item in row}
        return {
            "prefix": self.id_prefix,
            "target": self.target,
            "status": self.status_id,
            "push": self.push_url,
            "url": urls.base_url,
            "params": [urls.hand_param, urls.open_param],
            "extra": [list(pair) for pair in urls.extra],
            "carry": list(self.carry),
            "limits": {
                "hand": HAND_SIZE,
                "copies": COPIES_PER_CARD,
                "jokers": JOKERS_IN_DECK,
                "flowers": FLOWERS_IN_DECK,
                "set": SET_SIZE,
            },
            "names": names,
            "why": {key: str(text) for key, text in WHY_NOT.items()},
            "text": _script_texts(),
        }


def _item_name(item: Item) -> str:
    if item is JOKER:
        return JOKER_NAME
    if item is FLOWER:
        return FLOWER_NAME
    return card_name(item)


def _building(missing: int, shown: object = None) -> str:
    return ngettext(
        "Building an exposed set: pick %(missing)s more card.",
        "Building an exposed set: pick %(missing)s more cards.",
        missing,
    ) % {"missing": missing if shown is None else shown}


def _flowers(count: int, shown: object) -> str:
    return ngettext("%(flowers)s flower", "%(flowers)s flowers", count) % {"flowers": shown}


def _script_texts() -> dict[str, Any]:
    card, set_ = {"card": "{card}"}, {"set": "{set}"}
    return {
        "count": _("%(count)s of 14 cards") % {"count": "{n}"},
        # Plurals as [one, other], the number left as "{n}".
        "flowers": [_flowers(n, "{n}") for n in (1, 2)],
        "building": [_building(n, "{n}") for n in (1, 2)],
        "add": _("Add %(card)s") % card,
        "remove": _("Remove %(card)s") % card,
        "take_out": _("Take %(card)s out of the set") % card,
        "exposed_set": _("Exposed set [%(set)s]") % set_,
        "remove_set": _("Remove the exposed set [%(set)s]") % set_,
        "remove_set_title": _("Remove this exposed set"),
        "exposed": _("exposed"),
        "new_set": _("new exposed set"),
        "pending_set": _("Exposed set being built"),
        "cards_in_hand": _("Cards in the hand"),
        "flowers_in_hand": _("Flowers"),
        "remove_flower": _("Remove a flower"),
        "empty": _("No cards yet. Tap the cards below to add them, or type the hand."),
        "unreadable": _("The cards cannot be shown until the notation is fixed."),
        "tip": _("Tap a card in the hand to take it out."),
        "palette": _("Add cards"),
        "palette_building": _("Pick the cards of the exposed set"),
        "scoring": _("Scoring…"),
        "retrying": _("The score could not be loaded: check the connection. Trying again…"),
        "failed": _("The score could not be loaded: reload the page."),
    }
