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

from dataclasses import dataclass
from functools import cached_property
from urllib.parse import urlencode

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from scoring.card_names import card_name
from scoring.mahjongg import (
    BY_KEY,
    Group,
    GroupKind,
    Hand,
    Item,
    MahjonggError,
    Score,
    Tile,
    score_hand,
)
from scoring.mahjongg.picking import AddAs
from scoring.mahjongg_messages import error_kind, error_message
from scoring.mahjongg_picker import ACTIONS, Draft, TilePicker, add_as_of, apply_change

__all__ = ["ACTIONS", "Calculator", "Draft", "add_as_of", "apply_change", "url_for"]

GROUP_LABELS = {
    GroupKind.CHI: gettext_lazy("chow"),
    GroupKind.PON: gettext_lazy("pung"),
    GroupKind.KAN: gettext_lazy("kong"),
    GroupKind.PAIR: gettext_lazy("pair"),
}

SPECIAL_HANDS = ("seven_pairs", "thirteen_orphans", "nine_gates")

# Offered on the empty page: three of MAHJONGG.md §4's worked examples.
EXAMPLES = (
    "234b 567c 345k [678b] 55k seat=S round=E win=4k by=discard",
    "[5b5b5b5b] 123c 456c 789c 22k F3 S3 seat=W round=S win=2k by=kan",
    "[NwNwNw] 777k 1111c 29b Rd F4 S1 seat=N round=S",
)


def url_for(base_url: str, line: str, add_as: AddAs = AddAs.TILE) -> str:
    params = [("hand", line)] if line else []
    if add_as is not AddAs.TILE:
        params.append(("as", add_as.value))
    if not params:
        return base_url
    # Brackets and = stay readable in shared links: ?hand=[RdRdRd]+111c+seat=E
    return f"{base_url}?{urlencode(params, safe='[]{}=')}"


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

    @cached_property
    def line(self) -> str:
        # Asked three times an answer (the line, the address pushed, the typed box).
        return self.draft.notation

    @property
    def url(self) -> str:
        return url_for(self.base_url, self.line)

    @cached_property
    def picker(self) -> TilePicker:
        """The hand and the controls that change it (scoring/mahjongg_picker.py)."""
        return TilePicker(self.draft, self.add_as, self.notice)

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
        """Seven pairs, thirteen orphans or nine gates: nothing added to their worth."""
        return self.score is not None and self.score.arrangement.kind.value in SPECIAL_HANDS

    @property
    def is_seven_pairs(self) -> bool:
        """Seven pairs is worth 3000, not the limit (MAHJONGG.md §3.4, changed 2026-11-28)."""
        return self.score is not None and self.score.arrangement.kind.value == "seven_pairs"

    @property
    def arrangement_name(self) -> str:
        """How the tiles were split: the special hands by their rows' names (rows.py)."""
        if self.score is None:
            return ""
        kind = self.score.arrangement.kind.value
        if kind == "standard":
            return _("Four sets and a pair")
        if kind == "not_split":
            return _("Not the caller: each tile held three or four times is a concealed pung")
        names = BY_KEY[kind].names
        return names.get((get_language() or "en").split("-")[0], names["en"])


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
