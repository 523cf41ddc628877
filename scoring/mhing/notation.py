"""The hand notation of RULES.md §1: parse text into a `Hand`, format a `Hand` back.

    123c 123c 99b [5b J 7b] [RdRdRd] F F

Tokens are separated by spaces and case-insensitive. `567b` lists suit cards of one suit
(any digits 1-9, so `147b` works too); honours, `J` and `F` may be run together
(`RdRdRd`, `JJ`, `FF`); `[ ... ]` holds one exposed set.
"""

from __future__ import annotations

import re

from .cards import CODE_TO_CARD, JOKER, SUITS, Card, Tile
from .errors import BracketError, UnknownToken
from .hand import ExposedSet, Hand

_TOKEN = re.compile(r"\[|\]|[^\s\[\]]+")
_SUIT_RUN = re.compile(r"([1-9]+)([bck])", re.IGNORECASE)
_HONOUR_RUN = re.compile(r"(?:[eswn]w|[rgw]d|j|f)+", re.IGNORECASE)
_HONOUR_PIECE = re.compile(r"[eswn]w|[rgw]d|j|f", re.IGNORECASE)

FLOWER = "F"


def _expand(token: str) -> list[Card | str]:
    """One token → its cards (`Card`, or the strings 'J' / 'F')."""
    run = _SUIT_RUN.fullmatch(token)
    if run:
        digits, suit = run.groups()
        return [CODE_TO_CARD[f"{d}{suit.lower()}"] for d in digits]
    if _HONOUR_RUN.fullmatch(token):
        pieces = []
        for piece in _HONOUR_PIECE.findall(token):
            lowered = piece.lower()
            if lowered == "j":
                pieces.append("J")
            elif lowered == "f":
                pieces.append(FLOWER)
            else:
                pieces.append(CODE_TO_CARD[lowered])
        return pieces
    raise UnknownToken(token)


def parse_hand(text: str) -> Hand:
    """Parse notation into a `Hand`. Raises `UnknownToken` or `BracketError`.

    Only the syntax is checked here; `Hand.validate()` checks counts and copies.
    """
    concealed: list[Card] = []
    jokers = 0
    flowers = 0
    exposed: list[ExposedSet] = []
    open_set: list[Tile] | None = None

    for token in _TOKEN.findall(text):
        if token == "[":
            if open_set is not None:
                raise BracketError("nested")
            open_set = []
            continue
        if token == "]":
            if open_set is None:
                raise BracketError("unopened")
            exposed.append(ExposedSet(tuple(open_set)))
            open_set = None
            continue
        for item in _expand(token):
            if item == FLOWER:
                if open_set is not None:
                    raise BracketError("flower")
                flowers += 1
            elif open_set is not None:
                open_set.append(JOKER if item == "J" else item)
            elif item == "J":
                jokers += 1
            else:
                concealed.append(item)
    if open_set is not None:
        raise BracketError("unclosed")
    return Hand(tuple(concealed), jokers, tuple(exposed), flowers)


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    """Compact notation for loose cards: suit cards run together per suit, honours per kind.

    >>> format_cards([Card.B1, Card.B2, Card.B3, Card.RED, Card.RED])
    '123b RdRd'
    """
    ordered = sorted(cards)
    parts = []
    for suit in SUITS:
        digits = "".join(str(c.rank) for c in ordered if c.suit is suit)
        if digits:
            parts.append(f"{digits}{suit.value}")
    honours = [c for c in ordered if c.is_honour]
    for kind in sorted(set(honours)):
        parts.append(kind.code * honours.count(kind))
    return " ".join(parts)


def format_hand(hand: Hand) -> str:
    """Canonical notation: `parse_hand(format_hand(h)) == h` for every hand."""
    parts = []
    if hand.concealed:
        parts.append(format_cards(hand.concealed))
    if hand.jokers:
        parts.append("J" * hand.jokers)
    parts.extend(f"[{s.text}]" for s in hand.exposed)
    if hand.flowers:
        parts.append("F" * hand.flowers)
    return " ".join(parts)
