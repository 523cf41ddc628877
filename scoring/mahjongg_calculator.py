"""The Mah-Jongg calculator's state and what its page shows (MAHJONGG.md; docs/mahjongg.md).

The whole hand lives in the URL as one line of notation, context included
(`?hand=[RdRdRd] 111c 555b 789k EwEw seat=E round=S win=Ew by=wall`). Every control on the
page is a button of one GET form that sends that line back with one change (`add=5b`,
`remove=5b`, `seat=W`, `win=Ew`, `by=wall`, …, and `as=pon` for how a tile is added); the
view applies the change with `scoring.mahjongg.picking` and answers with the new line in the
address: without JavaScript by a redirect, with htmx by the changed part of the page and
`HX-Push-Url`. So reload, back and forward, and a shared link all show the same hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from urllib.parse import urlencode

from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext_lazy
from django.utils.translation import gettext as _

from scoring.card_names import card_name
from scoring.mahjongg import (
    BY_KEY,
    Group,
    GroupKind,
    Hand,
    InvalidLine,
    Item,
    MahjonggError,
    Meld,
    Score,
    Tile,
    WinBy,
    Wind,
    format_hand,
    parse_hand,
    picking,
    score_hand,
)
from scoring.mahjongg.picking import AddAs, Refused
from scoring.mahjongg.tiles import BONUS_CODES, CODE_TO_CARD, Bonus
from scoring.mahjongg_messages import error_kind, error_message, refusal_message

# The palette: each suit, then the honours, then the bonus tiles.
PALETTE_ROWS: tuple[tuple[Tile | Bonus, ...], ...] = (
    tuple(Tile(i) for i in range(0, 9)),
    tuple(Tile(i) for i in range(9, 18)),
    tuple(Tile(i) for i in range(18, 27)),
    tuple(Tile(i) for i in range(27, 34)),
    tuple(Bonus),
)

ADD_AS_LABELS = {
    AddAs.TILE: gettext_lazy("single tiles"),
    AddAs.CHI: gettext_lazy("chi [ ]"),
    AddAs.PON: gettext_lazy("pon [ ]"),
    AddAs.KAN: gettext_lazy("open kan [ ]"),
    AddAs.CONCEALED_KAN: gettext_lazy("concealed kan { }"),
}

WIND_LABELS = {
    Wind.EAST: pgettext_lazy("wind", "East"),
    Wind.SOUTH: pgettext_lazy("wind", "South"),
    Wind.WEST: pgettext_lazy("wind", "West"),
    Wind.NORTH: pgettext_lazy("wind", "North"),
}

BY_LABELS = {
    WinBy.WALL: gettext_lazy("from the wall"),
    WinBy.DISCARD: gettext_lazy("a discard"),
    WinBy.KAN: gettext_lazy("kan replacement"),
    WinBy.LAST: gettext_lazy("last tile of the wall"),
}

GROUP_LABELS = {
    GroupKind.CHI: gettext_lazy("chi"),
    GroupKind.PON: gettext_lazy("pon"),
    GroupKind.KAN: gettext_lazy("kan"),
    GroupKind.PAIR: gettext_lazy("pair"),
}

SPECIAL_HANDS = ("seven_pairs", "thirteen_orphans", "nine_gates")

# The query's keys for one change each; `hand` is the line, `as` how a tile is added.
ACTIONS = ("clear", "add", "remove", "remove_set", "remove_bonus", "seat", "round", "win", "by")

# Offered on the empty page: three of MAHJONGG.md §4's worked examples.
EXAMPLES = (
    "234b 567c 345k [678b] 55k seat=S round=E win=4k by=discard",
    "[5b5b5b5b] 123c 456c 789c 22k F3 S3 seat=W round=S win=2k by=kan",
    "[NwNwNw] 777k 1111c 29b Rd F4 S1 seat=N round=S",
)


@dataclass(frozen=True)
class Draft:
    """The line as given: read into a `Hand` when it can be, else its text and why not."""

    text: str = ""
    hand: Hand = field(default_factory=Hand)
    error: InvalidLine | None = None

    @classmethod
    def parse(cls, text: str) -> Draft:
        text = " ".join(text.split())
        try:
            return cls(text, parse_hand(text))
        except InvalidLine as error:
            return cls(text, Hand(), error)

    @property
    def notation(self) -> str:
        """Canonical once it reads, else as it was typed."""
        return self.text if self.error else format_hand(self.hand)

    @property
    def is_empty(self) -> bool:
        hand = self.hand
        return not self.error and not hand.concealed and not hand.melds and not hand.bonus


def url_for(base_url: str, line: str, add_as: AddAs = AddAs.TILE) -> str:
    params = [("hand", line)] if line else []
    if add_as is not AddAs.TILE:
        params.append(("as", add_as.value))
    if not params:
        return base_url
    # Brackets and = stay readable in shared links: ?hand=[RdRdRd]+111c+seat=E
    return f"{base_url}?{urlencode(params, safe='[]{}=')}"


def add_as_of(query: Mapping[str, str]) -> AddAs:
    value = query.get("as", "")
    return next((a for a in AddAs if a.value == value), AddAs.TILE)


def apply_change(draft: Draft, query: Mapping[str, str]) -> tuple[Draft, str | None]:
    """The draft after the query's change (if any), and why the change was refused."""
    if "clear" in query:
        return Draft(), None
    action = next((key for key in ACTIONS if key in query), None)
    if action is None:
        return draft, None
    if draft.error:
        return draft, _("Fix the typed line, or clear the hand, before picking tiles.")
    value = query[action].strip()
    hand = draft.hand
    try:
        hand = _changed(hand, action, value, add_as_of(query))
    except Refused as refused:
        return draft, refusal_message(refused)
    hand = picking.with_winds(hand)  # the picker's hand always names both winds
    return Draft(format_hand(hand), hand), None


def _changed(hand: Hand, action: str, value: str, add_as: AddAs) -> Hand:
    code = value.lower()
    if action == "add":
        if code in BONUS_CODES:
            return picking.add_bonus(hand, BONUS_CODES[code])
        if code in CODE_TO_CARD:
            return picking.add_tile(hand, CODE_TO_CARD[code], add_as)
    elif action == "remove" and code in CODE_TO_CARD:
        return picking.remove_tile(hand, CODE_TO_CARD[code])
    elif action == "remove_set" and value.isdigit():
        return picking.remove_meld(hand, int(value))
    elif action == "remove_bonus" and code in BONUS_CODES:
        return picking.remove_bonus(hand, BONUS_CODES[code])
    elif action in ("seat", "round") and Wind.parse(value) is not None:
        wind = Wind.parse(value)
        if action == "seat":
            return picking.with_winds(hand, seat=wind)
        return picking.with_winds(hand, round_wind=wind)
    elif action == "win":
        if code == "none":
            return picking.with_win(hand, None)
        if code in CODE_TO_CARD:
            return picking.with_win(hand, CODE_TO_CARD[code])
    elif action == "by":
        by = next((b for b in WinBy if b.value == code), None)
        if by is not None:
            return picking.with_by(hand, by)
    return hand  # a value no button sends: nothing to change


@dataclass(frozen=True)
class ShownItem:
    """One line of the breakdown as the page shows it."""

    key: str
    name: str
    about: str
    value: int
    kind: str


@dataclass(frozen=True)
class ShownGroup:
    label: str
    tiles: tuple[Tile, ...]
    where: str
    winning: bool

    @property
    def names(self) -> str:
        """The tiles for a screen reader, the drawings being hidden from it: each kind once
        (the label says pon, kan or pair)."""
        return ", ".join(card_name(tile) for tile in dict.fromkeys(self.tiles))


@dataclass(frozen=True)
class Calculator:
    """What the Mah-Jongg calculator's page renders: the hand and the controls that change
    it, and what the hand scores."""

    draft: Draft
    base_url: str
    add_as: AddAs = AddAs.TILE
    notice: str | None = None  # a refused change, said instead of the score's line

    @property
    def hand(self) -> Hand:
        return self.draft.hand

    @property
    def line(self) -> str:
        return self.draft.notation

    @property
    def url(self) -> str:
        return url_for(self.base_url, self.line)

    # -- the hand ----------------------------------------------------------------------

    @property
    def tile_count(self) -> int:
        return self.hand.tile_count

    @property
    def tiles_needed(self) -> int:
        return self.hand.tiles_needed

    @property
    def melds(self) -> list[tuple[int, Meld]]:
        return list(enumerate(self.hand.melds))

    @property
    def win_choices(self) -> list[Tile]:
        """The tiles the caller may have won on: each concealed tile once."""
        return list(dict.fromkeys(self.hand.concealed))

    @property
    def winds(self) -> list[tuple[str, str]]:
        return [(wind.code, str(label)) for wind, label in WIND_LABELS.items()]

    @property
    def by_choices(self) -> list[tuple[str, str]]:
        return [(by.value, str(label)) for by, label in BY_LABELS.items()]

    @property
    def add_as_choices(self) -> list[tuple[str, str]]:
        return [(a.value, str(label)) for a, label in ADD_AS_LABELS.items()]

    @property
    def palette(self) -> tuple[tuple[Tile | Bonus, ...], ...]:
        return PALETTE_ROWS

    @property
    def examples(self) -> list[tuple[str, str]]:
        return [(text, url_for(self.base_url, text)) for text in EXAMPLES]

    # -- the score ---------------------------------------------------------------------

    @cached_property
    def outcome(self) -> Score | MahjonggError | None:
        if self.draft.error:
            return self.draft.error
        if self.draft.is_empty:
            return None
        try:
            return score_hand(self.hand)
        except MahjonggError as error:
            return error

    @property
    def score(self) -> Score | None:
        return self.outcome if isinstance(self.outcome, Score) else None

    @property
    def problem(self) -> str | None:
        return error_message(self.outcome) if isinstance(self.outcome, MahjonggError) else None

    @property
    def problem_kind(self) -> str | None:
        return error_kind(self.outcome) if isinstance(self.outcome, MahjonggError) else None

    @property
    def items(self) -> list[ShownItem]:
        if self.score is None:
            return []
        language = (get_language() or "en").split("-")[0]
        return [_shown(item, language) for item in self.score.items]

    @property
    def groups(self) -> list[ShownGroup]:
        if self.score is None:
            return []
        arrangement = self.score.arrangement
        return [
            _shown_group(group, index == arrangement.winning)
            for index, group in enumerate(arrangement.groups)
        ]

    @property
    def loose(self) -> tuple[Tile, ...]:
        return self.score.arrangement.loose if self.score else ()

    @property
    def status(self) -> str:
        """The result in one line, for the live status bar."""
        if self.notice:
            return self.notice
        if self.score:
            return ngettext(
                "Score %(score)s: %(points)s points, %(doublings)s doubling",
                "Score %(score)s: %(points)s points, %(doublings)s doublings",
                self.score.doublings,
            ) % {
                "score": self.score.total,
                "points": self.score.points,
                "doublings": self.score.doublings,
            }
        return self.problem or ""

    @property
    def is_special(self) -> bool:
        """Seven pairs, thirteen orphans or nine gates: worth the limit, nothing added."""
        return self.score is not None and self.score.arrangement.kind.value in SPECIAL_HANDS

    @property
    def arrangement_name(self) -> str:
        """How the tiles were split: the special hands by their rows' names (rows.py)."""
        if self.score is None:
            return ""
        kind = self.score.arrangement.kind.value
        if kind == "standard":
            return _("Four sets and a pair")
        if kind == "not_split":
            return _("Not the caller: each tile held three or four times is a concealed pon")
        names = BY_KEY[kind].names
        return names.get((get_language() or "en").split("-")[0], names["en"])

    @property
    def win_name(self) -> str:
        return card_name(self.hand.win) if self.hand.win is not None else ""


def _shown(item: Item, language: str) -> ShownItem:
    names = item.row.names
    return ShownItem(
        item.key, names.get(language, names["en"]), item.about, item.value, item.kind.value
    )


def _shown_group(group: Group, winning: bool) -> ShownGroup:
    label = str(GROUP_LABELS[group.kind])
    if group.where.value == "declared":
        label = _("%(set)s · concealed, laid out") % {"set": label}
    elif group.open:
        label = _("%(set)s · open") % {"set": label}
    return ShownGroup(label, group.tiles, group.where.value, winning)
