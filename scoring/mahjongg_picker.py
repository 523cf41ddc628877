"""The Mah-Jongg tile picker, shared by the calculator (/calculator/mahjongg/) and a Mah-Jongg
league's game form (MAHJONGG.md §1.2; docs/mahjongg.md, docs/mahjongg_leagues.md).

The hand is one line of notation. Every control of the picker is a button that sends that
line back with one change (`add=5b`, `remove=5b`, `remove_set=0`, `seat=W`, `win=Ew`,
`by=wall`, …, and `as=pon` for how a tile is added); `apply_change` makes it with
`scoring.mahjongg.picking` and the page answers with the new line. `TilePicker` is what the
templates `scoring/mahjongg_picker_*.html` render: the hand, the choices of winds, winning
tile and how it came, and the palette.

The calculator lets the visitor pick the winds and always offers the winning tile. The game
form takes the winds from the score sheet (`sheet_draft`, and `entered_line` writes the hand
back without them, as a game stores it), offers the winning tile to the caller only, and the
bonus tiles only when the match's rules play with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.card_names import card_name
from scoring.mahjongg import (
    Hand,
    InvalidLine,
    Meld,
    Tile,
    WinBy,
    Wind,
    format_hand,
    parse_hand,
    picking,
)
from scoring.mahjongg.hand import CALLER_TILES, OTHER_TILES, Pairs
from scoring.mahjongg.picking import AddAs, Refused
from scoring.mahjongg.tiles import BONUS_CODES, CODE_TO_CARD, Bonus
from scoring.mahjongg_messages import refusal_message

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
    AddAs.CHI: gettext_lazy("chow [ ]"),
    AddAs.PON: gettext_lazy("pung [ ]"),
    AddAs.KAN: gettext_lazy("open kong [ ]"),
    AddAs.CONCEALED_KAN: gettext_lazy("concealed kong { }"),
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
    WinBy.KAN: gettext_lazy("kong replacement"),
    WinBy.LAST: gettext_lazy("last tile of the wall"),
}

# MAHJONGG.md §3.1's variant, the calculator's choice (a league's comes from its profile).
PAIRS_LABELS = {
    Pairs.CALLER: gettext_lazy("the caller only"),
    Pairs.ALL: gettext_lazy("every player"),
}

# The query's keys for one change each; `hand` is the line, `as` how a tile is added.
ACTIONS = (
    *("clear", "add", "remove", "remove_set", "remove_bonus"),
    *("seat", "round", "win", "by", "pairs"),
)
# What the game form accepts: the winds come from the score sheet, `pairs` from the rules.
SHEET_ACTIONS = tuple(a for a in ACTIONS if a not in ("seat", "round", "pairs"))


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


def add_as_of(query: Mapping[str, str]) -> AddAs:
    value = query.get("as", "")
    return next((a for a in AddAs if a.value == value), AddAs.TILE)


def apply_change(
    draft: Draft, query: Mapping[str, str], actions: tuple[str, ...] = ACTIONS
) -> tuple[Draft, str | None]:
    """The draft after the query's change (if any), and why the change was refused."""
    if "clear" in query and "clear" in actions:
        return Draft(), None
    action = next((key for key in actions if key in query), None)
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


def changed_parts(query: Mapping[str, str], refused: bool = False) -> frozenset[str] | None:
    """Which parts of the picker the query's change can alter, besides the score: "hand",
    "winds", "win" (the winning tile's choices and how it came); None for all (a clear, or no
    change: a typed line). An answer to a tap sends only these (a click's answer: at most
    12 KB), so a tap on a wind does not send the hand again."""
    action = next((key for key in ACTIONS if key in query), None)
    if action is None or action == "clear":
        return None
    if refused:
        return frozenset()
    if action == "add":
        bonus = query[action].strip().lower() in BONUS_CODES
        adds_a_tile = add_as_of(query) is AddAs.TILE and not bonus
        # A concealed tile is a new choice of winning tile; a set or a bonus tile is not.
        return frozenset({"hand", "win"} if adds_a_tile else {"hand"})
    if action == "remove_bonus":
        return frozenset({"hand"})
    if action in ("seat", "round", "pairs"):
        return frozenset({"winds"})  # the pairs' choice sits with the winds
    if action == "by":
        return frozenset({"win"})
    # remove, remove_set (a kan replacement needs a kan), win (the hand marks the tile)
    return frozenset({"hand", "win"})


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
    elif action == "pairs":
        pairs = next((p for p in Pairs if p.value == code), None)
        if pairs is not None:
            # The default is left off the line, which stays as short as the book's examples.
            return replace(hand, pairs=None if pairs is Pairs.CALLER else pairs)
    return hand  # a value no button sends: nothing to change


def sheet_draft(text: str, seat: Wind, round_wind: Wind) -> Draft:
    """A hand as the game form holds it (no winds: the sheet knows them), read with the
    sheet's winds. A line that gives `seat=` or `round=` itself does not read: the picker
    asks to fix it, and the form says why."""
    return Draft.parse(f"{text} seat={seat.code} round={round_wind.code}")


def entered_line(draft: Draft) -> str:
    """The hand as the game form submits and a game stores it: without the winds."""
    if draft.error:
        return draft.text
    return format_hand(replace(draft.hand, seat_wind=None, round_wind=None))


@dataclass(frozen=True)
class TilePicker:
    """What the picker draws (its tags in scoring/templatetags/mahjongg_tiles.py, and the
    palette in templates/scoring/mahjongg_picker_palette.html).

    `fixed_winds`: the winds are given (the game form), not picked. `offers_win`: the choice
    of the winning tile and how it came (the calculator always; the game form for the caller,
    or to take a stray `win=` out of another player's tiles). `bonus`: the palette's row of
    flowers and seasons."""

    draft: Draft
    add_as: AddAs = AddAs.TILE
    notice: str | None = None  # a refused change, said beside the hand
    fixed_winds: bool = False
    offers_win: bool = True
    bonus: bool = True

    @property
    def hand(self) -> Hand:
        return self.draft.hand

    @property
    def line(self) -> str:
        return self.draft.notation

    @property
    def tile_count(self) -> int:
        return self.hand.tile_count

    @property
    def tiles_needed(self) -> int:
        # On the game form the caller is known before the winning tile is chosen (the
        # picker offers it only to them): their 14 from the first tile, not "14 of 13"
        # until `win=` is in the line.
        if self.fixed_winds and self.offers_win and not self.hand.is_caller:
            return self.hand.tiles_needed + CALLER_TILES - OTHER_TILES
        return self.hand.tiles_needed

    @property
    def melds(self) -> list[tuple[int, Meld]]:
        return list(enumerate(self.hand.melds))

    @property
    def win_choices(self) -> list[Tile]:
        """The tiles the caller may have won on: each concealed tile once."""
        return list(dict.fromkeys(self.hand.concealed))

    @property
    def shows_win(self) -> bool:
        return self.offers_win or self.hand.win is not None

    @property
    def winds(self) -> list[tuple[str, str]]:
        return [(wind.code, str(label)) for wind, label in WIND_LABELS.items()]

    @property
    def pairs_choices(self) -> list[tuple[str, str]]:
        return [(pairs.value, str(label)) for pairs, label in PAIRS_LABELS.items()]

    @property
    def by_choices(self) -> list[tuple[str, str]]:
        return [(by.value, str(label)) for by, label in BY_LABELS.items()]

    @property
    def add_as_choices(self) -> list[tuple[str, str]]:
        return [(a.value, str(label)) for a, label in ADD_AS_LABELS.items()]

    @property
    def palette(self) -> tuple[tuple[Tile | Bonus, ...], ...]:
        return PALETTE_ROWS if self.bonus else PALETTE_ROWS[:-1]

    @property
    def win_name(self) -> str:
        return card_name(self.hand.win) if self.hand.win is not None else ""
