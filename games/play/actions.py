"""The closed set of actions, as typed values and as the dicts a browser sends.

    {"type": "discard", "card": "5b"}
    {"type": "mhing"}                                        self-drawn Mhing
    {"type": "pass"}
    {"type": "claim_sequence", "cards": ["4b", "6b"]}        two cards from hand
    {"type": "claim_triplet", "cards": ["Rd", "J"], "named": "Rd"}   "named": only for a
                                                             discarded Mhing card
    {"type": "claim_mhing"}
    {"type": "close_claims"}                                 the table's: the claim timeout

`action_from_dict` refuses anything else with `MalformedAction`; `to_dict()` gives the dict
back, so `action_from_dict(a.to_dict()) == a` for every action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import MalformedAction
from .tiles import FLOWER, Tile, UnknownCardName, parse_tile, tile_code


@dataclass(frozen=True, slots=True)
class Discard:
    card: Tile
    type: ClassVar[str] = "discard"

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", int(self.card))  # a `Card` is welcome, stored plain

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "card": tile_code(self.card)}


@dataclass(frozen=True, slots=True)
class DeclareMhing:
    """Self-drawn Mhing: the player's hand with the card just drawn is a winning hand."""

    type: ClassVar[str] = "mhing"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class Pass:
    type: ClassVar[str] = "pass"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class _SetClaim:
    """Claim the discard to expose it with two hand cards (a joker may be one or both).

    `named`: what a discarded Mhing card is claimed as (RULES.md §5 [ruling]); None for any
    other discard. The two cards are kept sorted so equal claims compare equal.
    """

    cards: tuple[Tile, Tile]
    named: Tile | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(int(c) for c in self.cards)))
        if self.named is not None:
            object.__setattr__(self, "named", int(self.named))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "cards": [tile_code(c) for c in self.cards]}
        if self.named is not None:
            data["named"] = tile_code(self.named)
        return data


@dataclass(frozen=True, slots=True)
class ClaimSequence(_SetClaim):
    type: ClassVar[str] = "claim_sequence"
    kind: ClassVar[str] = "sequence"


@dataclass(frozen=True, slots=True)
class ClaimTriplet(_SetClaim):
    type: ClassVar[str] = "claim_triplet"
    kind: ClassVar[str] = "triplet"


@dataclass(frozen=True, slots=True)
class ClaimMhing:
    """Claim the discard to complete a winning hand. A discarded Mhing card is not named:
    it joins the hand as a Mhing card, and the scorer chooses what it stands for."""

    type: ClassVar[str] = "claim_mhing"
    kind: ClassVar[str] = "mhing"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class CloseClaims:
    """The table closes the claim window (the server's timeout): who has not answered passes."""

    type: ClassVar[str] = "close_claims"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


ACTION_CLASSES = (Discard, DeclareMhing, Pass, ClaimSequence, ClaimTriplet, ClaimMhing, CloseClaims)

Claim = ClaimSequence | ClaimTriplet | ClaimMhing
Answer = Claim | Pass
Action = Discard | DeclareMhing | Pass | ClaimSequence | ClaimTriplet | ClaimMhing | CloseClaims

# Claims outrank each other by kind (RULES.md §5): Mhing > Triplet > Sequence.
CLAIM_PRIORITY: dict[type, int] = {ClaimMhing: 3, ClaimTriplet: 2, ClaimSequence: 1}

_FIELDS: dict[str, tuple[type, frozenset[str], frozenset[str]]] = {
    # type: (class, required keys, optional keys) besides "type"
    "discard": (Discard, frozenset({"card"}), frozenset()),
    "mhing": (DeclareMhing, frozenset(), frozenset()),
    "pass": (Pass, frozenset(), frozenset()),
    "claim_sequence": (ClaimSequence, frozenset({"cards"}), frozenset({"named"})),
    "claim_triplet": (ClaimTriplet, frozenset({"cards"}), frozenset({"named"})),
    "claim_mhing": (ClaimMhing, frozenset(), frozenset()),
    "close_claims": (CloseClaims, frozenset(), frozenset()),
}
ACTION_TYPES = tuple(_FIELDS)


def _card(value: object, field: str) -> Tile:
    try:
        tile = parse_tile(value)
    except UnknownCardName:
        raise MalformedAction(f"'{field}' is not a card: {value!r}") from None
    if tile == FLOWER:
        raise MalformedAction(f"'{field}': a flower is never played")
    return tile


def action_from_dict(data: object) -> Action:
    """Parse a browser's JSON object into an action. Raises `MalformedAction`."""
    if not isinstance(data, dict):
        raise MalformedAction("an action is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise MalformedAction(f"unknown action type {kind!r}")
    cls, required, optional = _FIELDS[kind]
    keys = set(data) - {"type"}
    if missing := required - keys:
        raise MalformedAction(f"'{kind}' needs {', '.join(sorted(missing))}")
    if extra := keys - required - optional:
        raise MalformedAction(f"'{kind}' takes no {', '.join(sorted(extra))}")
    if cls is Discard:
        return Discard(_card(data["card"], "card"))
    if cls in (ClaimSequence, ClaimTriplet):
        cards = data["cards"]
        if not isinstance(cards, list) or len(cards) != 2:
            raise MalformedAction("'cards' is a list of the two cards from hand")
        named = data.get("named")
        return cls(
            (_card(cards[0], "cards"), _card(cards[1], "cards")),
            None if named is None else _card(named, "named"),
        )
    return cls()
