"""The Mah-Jongg table's actions (MAHJONGG.md §6), as typed values and as the dicts a client
sends:

    {"type": "discard", "tile": "5b"}          on turn
    {"type": "declare_kan", "tile": "Rd"}      on turn, after drawing: four alike in hand
    {"type": "add_kan", "tile": "5b"}          on turn: the tile just drawn, onto an exposed pon
    {"type": "mahjongg"}                       on turn, after drawing: self-drawn Mah-Jongg
    {"type": "pass"}                           claim window
    {"type": "claim_chi", "tiles": ["4b", "6b"]}   the next player only; two tiles from hand
    {"type": "claim_pon"} / {"type": "claim_kan"} / {"type": "claim_mahjongg"}
    {"type": "close_claims"}                   the table's: the claim window's timeout

`action_from_dict` refuses anything else with `MalformedAction`; `to_dict()` gives the dict
back, so `action_from_dict(a.to_dict()) == a`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from games.play.errors import MalformedAction

from .tiles import Tile, UnknownTileName, is_bonus, parse_tile, tile_code


@dataclass(frozen=True, slots=True)
class _OneTile:
    tile: Tile
    type: ClassVar[str] = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile", int(self.tile))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "tile": tile_code(self.tile)}


@dataclass(frozen=True, slots=True)
class Discard(_OneTile):
    type: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class DeclareKan(_OneTile):
    """A concealed kan `{ }`: four alike from the deal or the wall, laid out."""

    type: ClassVar[str] = "declare_kan"


@dataclass(frozen=True, slots=True)
class AddKan(_OneTile):
    """The tile just drawn added to an exposed pon: an open kan `[ ]` (§2.1, §6)."""

    type: ClassVar[str] = "add_kan"


@dataclass(frozen=True, slots=True)
class _Bare:
    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class DeclareMahjongg(_Bare):
    type: ClassVar[str] = "mahjongg"


@dataclass(frozen=True, slots=True)
class Pass(_Bare):
    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class ClaimPon(_Bare):
    type: ClassVar[str] = "claim_pon"


@dataclass(frozen=True, slots=True)
class ClaimKan(_Bare):
    type: ClassVar[str] = "claim_kan"


@dataclass(frozen=True, slots=True)
class ClaimMahjongg(_Bare):
    type: ClassVar[str] = "claim_mahjongg"


@dataclass(frozen=True, slots=True)
class CloseClaims(_Bare):
    type: ClassVar[str] = "close_claims"


@dataclass(frozen=True, slots=True)
class ClaimChi:
    """The discard with two tiles from hand, sorted so equal claims compare equal."""

    tiles: tuple[Tile, Tile]
    type: ClassVar[str] = "claim_chi"

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", tuple(sorted(int(t) for t in self.tiles)))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "tiles": [tile_code(t) for t in self.tiles]}


Answer = Pass | ClaimChi | ClaimPon | ClaimKan | ClaimMahjongg
Action = Discard | DeclareKan | AddKan | DeclareMahjongg | Answer | CloseClaims
ANSWERS = (Pass, ClaimChi, ClaimPon, ClaimKan, ClaimMahjongg)
ON_TURN = (Discard, DeclareKan, AddKan, DeclareMahjongg)
ACTION_CLASSES = (*ON_TURN, *ANSWERS, CloseClaims)
# §6: Mah-Jongg > kan > pon > chi.
PRIORITY = {ClaimMahjongg: 4, ClaimKan: 3, ClaimPon: 2, ClaimChi: 1}
_BY_TYPE = {cls.type: cls for cls in ACTION_CLASSES}


def _tile(value: object) -> Tile:
    try:
        tile = parse_tile(value)
    except UnknownTileName:
        raise MalformedAction(f"not a tile: {value!r}") from None
    if is_bonus(tile):
        raise MalformedAction(f"a bonus tile is never played: {value!r}")
    return tile


def action_from_dict(data: object) -> Action:
    """A client's JSON object as an action; `MalformedAction` for anything else."""
    if not isinstance(data, dict):
        raise MalformedAction("an action is a JSON object")
    cls = _BY_TYPE.get(data.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise MalformedAction(f"unknown action type: {data.get('type')!r}")
    fields = set(data) - {"type"}
    if cls in (Discard, DeclareKan, AddKan):
        if fields != {"tile"}:
            raise MalformedAction(f"{cls.type} takes exactly one field, tile")
        return cls(_tile(data["tile"]))
    if cls is ClaimChi:
        tiles = data.get("tiles")
        if fields != {"tiles"} or not isinstance(tiles, list) or len(tiles) != 2:
            raise MalformedAction("claim_chi takes tiles: two tiles from the hand")
        return ClaimChi((_tile(tiles[0]), _tile(tiles[1])))
    if fields:
        raise MalformedAction(f"{cls.type} takes no fields")
    return cls()
