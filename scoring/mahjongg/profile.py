"""A Mah-Jongg league's rule profile (MAHJONGG.md: what is agreed before play): how games are
settled, the limit, how East (or the dealer) passes on, whether bonus tiles are played, the
number of players, whether a draw is settled and whose pairs score (`pairs`). A pure,
validated value that a league stores as JSON and copies onto each match it begins, so that a
match is always recomputed under the profile it was played under.

`Profile.from_dict(data)` reads what `to_dict()` wrote (missing keys take the defaults, unknown
keys are refused); both raise `ProfileError` (a `ValueError`) naming the field at fault."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.profile_error import ProfileError, known_keys_only

from .hand import DEFAULT_LIMIT, Pairs
from .rotation import Rotation
from .settle import Method

MAX_LIMIT = 999_999_999  # the notation's `limit=` range (§1.2)


@dataclass(frozen=True)
class Profile:
    settle: Method = Method.DIFF  # §5: 002's difference settlement by default
    limit: int = DEFAULT_LIMIT  # §3.4
    rotation: Rotation = Rotation.FIXED_EAST  # §7
    bonus_tiles: bool = True  # §1.1: flowers and seasons in play
    players: int = 4  # §6: 3 (North empty) or 4
    settled_draw: bool = False  # §5: 004's optional settled draw; otherwise no payments
    # §3.1: whose pairs of dragons and winds score. A profile stored before the variant
    # existed has no `pairs` and reads as 002's `caller`, the scoring it was played under.
    pairs: Pairs = Pairs.CALLER

    def __post_init__(self) -> None:
        if not isinstance(self.settle, Method):
            raise ProfileError("settle", self.settle)
        if not isinstance(self.rotation, Rotation):
            raise ProfileError("rotation", self.rotation)
        if not isinstance(self.pairs, Pairs):
            raise ProfileError("pairs", self.pairs)
        if type(self.limit) is not int or not 1 <= self.limit <= MAX_LIMIT:
            raise ProfileError("limit", self.limit)
        if self.players not in (3, 4) or type(self.players) is not int:
            raise ProfileError("players", self.players)
        for name in ("bonus_tiles", "settled_draw"):
            if type(getattr(self, name)) is not bool:
                raise ProfileError(name, getattr(self, name))

    def to_dict(self) -> dict[str, Any]:
        return {
            "settle": self.settle.value,
            "limit": self.limit,
            "rotation": self.rotation.value,
            "bonus_tiles": self.bonus_tiles,
            "players": self.players,
            "settled_draw": self.settled_draw,
            "pairs": self.pairs.value,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Profile:
        data = known_keys_only(data, FIELDS)
        values: dict[str, Any] = {}
        for name, kind in (("settle", Method), ("rotation", Rotation), ("pairs", Pairs)):
            if name in data:
                try:
                    values[name] = kind(data[name])
                except ValueError:
                    raise ProfileError(name, data[name]) from None
        for name in ("limit", "bonus_tiles", "players", "settled_draw"):
            if name in data:
                values[name] = data[name]
        return cls(**values)


FIELDS = ("settle", "limit", "rotation", "bonus_tiles", "players", "settled_draw", "pairs")
DEFAULT = Profile()
