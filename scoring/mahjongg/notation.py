"""The notation of MAHJONGG.md §1.2: hand lines and settlement lines, read and written back.

    123b 456b 789b [RdRdRd] 55c seat=S round=E win=5c by=wall
    [NwNwNw] 777k 1111c 29b Rd F4 S1 seat=N round=S
    settle=diff winner=W E=38 S=280 W=130 N=12

Tokens are separated by spaces and case-insensitive. Tiles are written as in Mhing (`567b`,
`99c`, `RdRdRd`), and one token may chain units (`5b5b5b5b`, `123bRd`). `[ ... ]` holds an
exposed set, `{ ... }` a declared concealed kan; `F1`-`F4` and `S1`-`S4` are bonus tiles;
`key=value` tokens give the context.

Shared with Mhing: the tile codes (`scoring.mhing.cards`) and the writing of loose tiles
(`scoring.mhing.notation.format_cards`). The tokenizer itself is Mah-Jongg's own: Mhing's
has no `{ }`, no bonus numbers, no chained units and no keys, and its `J` and bare `F` mean
nothing here, so one tokenizer for both would need a switch per game in every branch.
"""

from __future__ import annotations

import re

from scoring.mhing.notation import format_cards

from .errors import (
    BadContextValue,
    BadSettlement,
    BracketError,
    MisplacedKey,
    MissingKey,
    RepeatedKey,
    UnknownToken,
)
from .hand import Hand, Meld, Pairs, WinBy
from .settle import Method, SettlementLine
from .tiles import BONUS_CODES, CODE_TO_CARD, Bonus, Tile, Wind

_TOKEN = re.compile(r"[\[\]{}]|[^\s\[\]{}]+")
_TILE_UNITS = re.compile(r"(?:[1-9]+[bck]|[eswn]w|[rgw]d|[fs][1-4])+", re.IGNORECASE)
_UNIT = re.compile(r"([1-9]+)([bck])|[eswn]w|[rgw]d|[fs][1-4]", re.IGNORECASE)
_KEY_VALUE = re.compile(r"([a-z]+)=(.*)", re.IGNORECASE)
_LIMIT = re.compile(r"[1-9][0-9]{0,8}")
_SCORE = re.compile(r"0|[1-9][0-9]{0,8}")

HAND_KEYS = ("seat", "round", "win", "by", "limit", "pairs")
SETTLEMENT_KEYS = ("settle", "winner", "dealer", "e", "s", "w", "n")
_CLOSING = {"[": "]", "{": "}"}

# A tile token's meaning by its text: (its tiles, its bonus tiles). Hands are typed from a
# few hundred tokens and a batch parses each many times; emptied when full, and long tokens
# (no hand has more than 18 tiles) are not kept, so hostile input cannot grow it.
_tokens: dict[str, tuple[tuple[Tile, ...], tuple[Bonus, ...]]] = {}
_TOKENS_LIMIT = 1 << 12
_TOKEN_KEPT = 40  # characters


def _expand(token: str) -> tuple[tuple[Tile, ...], tuple[Bonus, ...]]:
    found = _tokens.get(token)
    if found is not None:
        return found
    if not _TILE_UNITS.fullmatch(token):
        raise UnknownToken(token)
    tiles: list[Tile] = []
    bonus: list[Bonus] = []
    for unit in _UNIT.finditer(token):
        digits, suit = unit.groups()
        if digits:
            tiles.extend(CODE_TO_CARD[digit + suit.lower()] for digit in digits)
        elif unit[0].lower() in BONUS_CODES:
            bonus.append(BONUS_CODES[unit[0].lower()])
        else:
            tiles.append(CODE_TO_CARD[unit[0].lower()])
    found = (tuple(tiles), tuple(bonus))
    if len(token) <= _TOKEN_KEPT:
        if len(_tokens) >= _TOKENS_LIMIT:
            _tokens.clear()
        _tokens[token] = found
    return found


def is_settlement_line(text: str) -> bool:
    """A line with a `settle=` token is a settlement line (§1.2); any other, a hand line."""
    return any(token.lower().startswith("settle=") for token in text.split())


def parse_line(text: str) -> Hand | SettlementLine:
    return parse_settlement(text) if is_settlement_line(text) else parse_hand(text)


def parse_hand(text: str) -> Hand:
    """Read a hand line. Raises `UnknownToken`, `BracketError`, `BadContextValue`,
    `RepeatedKey` or `MisplacedKey`; `Hand.validate()` checks sets, counts and context."""
    concealed: list[Tile] = []
    bonus: list[Bonus] = []
    melds: list[Meld] = []
    context: dict[str, object] = {}
    open_set: list[Tile] | None = None
    closing = ""
    for token in _TOKEN.findall(text):
        if token in _CLOSING:
            if open_set is not None:
                raise BracketError("nested")
            open_set, closing = [], _CLOSING[token]
        elif token in ("]", "}"):
            if open_set is None:
                raise BracketError("unopened")
            if token != closing:
                raise BracketError("mismatched")
            melds.append(Meld(tuple(open_set), concealed=token == "}"))
            open_set = None
        elif "=" in token:
            if open_set is not None:
                raise BracketError("context")
            key, value = _hand_key(token)
            if key in context:
                raise RepeatedKey(key)
            context[key] = value
        else:
            tiles, bonus_tiles = _expand(token)
            if open_set is None:
                concealed.extend(tiles)
                bonus.extend(bonus_tiles)
            elif bonus_tiles:
                raise BracketError("bonus")
            else:
                open_set.extend(tiles)
    if open_set is not None:
        raise BracketError("unclosed")
    return Hand(
        tuple(concealed),
        tuple(melds),
        tuple(bonus),
        seat_wind=context.get("seat"),
        round_wind=context.get("round"),
        win=context.get("win"),
        by=context.get("by"),
        limit=context.get("limit"),
        pairs=context.get("pairs"),
    )


def _key_value(token: str) -> tuple[str, str]:
    match = _KEY_VALUE.fullmatch(token)
    if match is None:
        raise UnknownToken(token)
    return match[1].lower(), match[2]


def _hand_key(token: str) -> tuple[str, object]:
    key, value = _key_value(token)
    if key in SETTLEMENT_KEYS:
        raise MisplacedKey(token, "hand")
    if key in ("seat", "round"):
        wind = Wind.parse(value)
        if wind is None:
            raise BadContextValue(key, value)
        return key, wind
    if key == "win":
        tile = CODE_TO_CARD.get(value.lower())
        if tile is None:
            raise BadContextValue(key, value)
        return key, tile
    if key == "by":
        by = next((by for by in WinBy if by.value == value.lower()), None)
        if by is None:
            raise BadContextValue(key, value)
        return key, by
    if key == "pairs":
        pairs = next((pairs for pairs in Pairs if pairs.value == value.lower()), None)
        if pairs is None:
            raise BadContextValue(key, value)
        return key, pairs
    if key == "limit":
        if not _LIMIT.fullmatch(value):
            raise BadContextValue(key, value)
        return key, int(value)
    raise UnknownToken(token)


def format_hand(hand: Hand) -> str:
    """Canonical notation: `parse_hand(format_hand(h)) == h` for every hand."""
    parts = []
    if hand.concealed:
        parts.append(format_cards(hand.concealed))
    parts.extend(meld.text for meld in hand.melds)
    parts.extend(bonus.code for bonus in hand.bonus)
    if hand.seat_wind is not None:
        parts.append(f"seat={hand.seat_wind.code}")
    if hand.round_wind is not None:
        parts.append(f"round={hand.round_wind.code}")
    if hand.win is not None:
        parts.append(f"win={hand.win.code}")
    if hand.by is not None:
        parts.append(f"by={hand.by.value}")
    if hand.limit is not None:
        parts.append(f"limit={hand.limit}")
    if hand.pairs is not None:
        parts.append(f"pairs={hand.pairs.value}")
    return " ".join(parts)


def parse_settlement(text: str) -> SettlementLine:
    """Read a settlement line: `settle=`, `winner=`, optionally `dealer=`, and the scores
    `E=` `S=` `W=` (and `N=` with four players), nothing else."""
    values: dict[str, str] = {}
    for token in _TOKEN.findall(text):
        if "=" not in token:
            raise MisplacedKey(token, "settlement")
        key, value = _key_value(token)
        if key in HAND_KEYS:
            raise MisplacedKey(token, "settlement")
        if key not in SETTLEMENT_KEYS:
            raise UnknownToken(token)
        if key in values:
            raise RepeatedKey(key)
        values[key] = value
    for key in ("settle", "winner", "e", "s", "w"):
        if key not in values:
            raise MissingKey(key.upper() if len(key) == 1 else key)
    method = next((m for m in Method if m.value == values["settle"].lower()), None)
    if method is None:
        raise BadContextValue("settle", values["settle"])
    scores = []
    for wind in Wind:
        raw = values.get(wind.code.lower())
        if raw is None:
            continue
        if not _SCORE.fullmatch(raw):
            raise BadContextValue(wind.code, raw, BadContextValue.EXPECTED["score"])
        scores.append((wind, int(raw)))
    seats = [wind for wind, _score in scores]
    winner = _seat_value(values, "winner", seats, none_allowed=True)
    dealer = _seat_value(values, "dealer", seats) if "dealer" in values else Wind.EAST
    return SettlementLine(method, winner, tuple(scores), dealer)


def _seat_value(values: dict[str, str], key: str, seats: list[Wind], none_allowed=False):
    raw = values[key]
    if none_allowed and raw.lower() == "none":
        return None
    wind = Wind.parse(raw)
    if wind is None:
        raise BadContextValue(key, raw)
    if wind not in seats:
        raise BadSettlement(f"{key}={wind.code}, but {wind.code} has no score (3 players)")
    return wind
