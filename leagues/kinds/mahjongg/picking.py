"""The tile picker on a Mah-Jongg league's game form (docs/mahjongg_leagues.md).

The game form keeps each player's tiles in its notation fields (`hand0`…`hand3`: what it
submits, and the way to type a hand). The picker edits one player's field at a time: every
button of it posts the whole form with one change (scoring/mahjongg_picker.py, the same as
the calculator's), `picked` makes it in the posted data, and the form is then read as if the
new line had been typed. The winds come from the score sheet; the winning tile and how it
came are offered to the caller; the bonus tiles only when the match's rules have them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from django.http import QueryDict
from django.utils.translation import gettext as _

from leagues.kinds.mahjongg.forms import WIND_NAMES
from scoring.mahjongg import Tile, Wind
from scoring.mahjongg.tiles import Bonus
from scoring.mahjongg_picker import (
    SHEET_ACTIONS,
    Draft,
    TilePicker,
    add_as_of,
    apply_change,
    entered_line,
    sheet_draft,
)

PLAYER = "player"  # the button that shows another player's picker
PICKING = "picking"  # the hidden field: whose picker is shown


@dataclass(frozen=True)
class PlayerTiles:
    """One player's button above the picker: name, wind, tile count and the tiles."""

    position: int
    name: str
    wind: str
    draft: Draft
    active: bool
    error: str = ""

    @property
    def count(self) -> int:
        return self.draft.hand.tile_count

    @property
    def unread(self) -> bool:
        return self.draft.error is not None

    @property
    def tiles(self) -> tuple[Tile | Bonus, ...]:
        hand = self.draft.hand
        return (*hand.concealed, *(t for meld in hand.melds for t in meld.tiles), *hand.bonus)


@dataclass
class GamePicker:
    """What the game form's picker shows: whose tiles it edits, and what changed."""

    seats: list  # the match's seats, in position order
    winds: list[Wind]  # each seat's wind in this game
    round_wind: Wind
    bonus: bool  # the match's rules play with flowers and seasons
    hands: list[str]  # each seat's tiles as the form holds them (after the change)
    caller: int | None
    picking: int
    add_as_value: str = "tile"
    notice: str | None = None  # a change the picker refused
    changed: bool = False  # a tile button: only the picked player's parts are sent again
    errors: dict[int, str] | None = None  # the form's error at each player, set by the view
    _drafts: dict[tuple[int, str], Draft] = field(default_factory=dict, repr=False)

    def draft(self, position: int) -> Draft:
        # Read once a page: the buttons, the picker and the answer's parts all show it.
        key = (position, self.hands[position])
        if key not in self._drafts:
            self._drafts[key] = sheet_draft(
                self.hands[position], self.winds[position], self.round_wind
            )
        return self._drafts[key]

    @cached_property
    def picker(self) -> TilePicker:
        draft = self.draft(self.picking)
        return TilePicker(
            draft,
            add_as_of({"as": self.add_as_value}),
            self.notice,
            fixed_winds=True,
            offers_win=self.caller == self.picking,
            bonus=self.bonus,
        )

    def player(self, position: int) -> PlayerTiles:
        seat = self.seats[position]
        return PlayerTiles(
            position,
            str(seat.player),
            str(WIND_NAMES[self.winds[position].code]),
            self.draft(position),
            position == self.picking,
            (self.errors or {}).get(position, ""),
        )

    @property
    def players(self) -> list[PlayerTiles]:
        return [self.player(p) for p in range(len(self.seats))]

    @property
    def picked(self) -> PlayerTiles:
        return self.player(self.picking)

    @property
    def title(self) -> str:
        return _("%(player)s's tiles") % {"player": self.seats[self.picking].player}

    @property
    def error(self) -> str:
        return (self.errors or {}).get(self.picking, "")


def picked(
    data: QueryDict | None,
    initial: dict,
    seats: list,
    winds: list[Wind],
    round_wind: Wind,
    bonus: bool,
) -> tuple[QueryDict | None, GamePicker]:
    """The form's data with the picker's change made (a copy; None stays None: the page is
    shown, not posted), and what the picker shows. A tap of a player's button only shows
    that player's picker; a tile button changes the shown player's field."""
    count = len(seats)
    source = data if data is not None else initial
    caller_value = str(source.get("caller") or "")
    caller = int(caller_value) if caller_value.isdigit() and int(caller_value) < count else None
    picking = _position(data.get(PLAYER) if data is not None else None, count)
    if picking is None:
        picking = _position(data.get(PICKING) if data is not None else None, count)
    if picking is None:
        picking = caller if caller is not None else 0
    hands = [str(source.get(f"hand{p}") or "") for p in range(count)]
    game = GamePicker(seats, winds, round_wind, bonus, hands, caller, picking)
    if data is None:
        return None, game
    game.add_as_value = add_as_of(data).value
    if PLAYER in data or not any(key in data for key in SHEET_ACTIONS):
        return data, game
    draft = game.draft(picking)
    new, notice = apply_change(draft, data, SHEET_ACTIONS)
    data = data.copy()
    if notice is None:
        hands[picking] = entered_line(new)
        data[f"hand{picking}"] = hands[picking]
    game.notice = notice
    game.changed = True
    return data, game


def _position(value: str | None, count: int) -> int | None:
    if value is not None and value.isdigit() and int(value) < count:
        return int(value)
    return None
