"""The hand notation of RULES.md §1: parse text into a `Hand`, format a `Hand` back.

    123c 123c 99b [5b J 7b] [RdRdRd] F F

Tokens are separated by spaces and case-insensitive. `567b` lists suit cards of one suit
(any digits 1-9, so `147b` works too); honours, `J` and `F` may be run together
(`RdRdRd`, `JJ`, `FF`); `[ ... ]` holds one exposed set.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from .cards import CODE_TO_CARD, CODES, HAND_SIZE, JOKER, SUIT_TILES, SUITS, Card, Tile
from .errors import BracketError, UnknownToken
from .hand import ExposedSet, Hand

# A whole exposed set (`[5b J 7b]`) is one token when its brackets pair up; otherwise each
# bracket is a token of its own, for the errors to say what is wrong.
_TOKEN = re.compile(r"\[[^\[\]]*\]|\[|\]|[^\s\[\]]+")
_CARD_TOKEN = re.compile(r"[^\s\[\]]+")
_SUIT_RUN = re.compile(r"([1-9]+)([bck])", re.IGNORECASE)
_HONOUR_RUN = re.compile(r"(?:[eswn]w|[rgw]d|j|f)+", re.IGNORECASE)
_HONOUR_PIECE = re.compile(r"[eswn]w|[rgw]d|j|f", re.IGNORECASE)

FLOWER = "F"


# Suit letter (lower case) -> digit -> card.
_SUIT_CARDS = {
    suit.value: {str(rank): Card.suited(suit, rank) for rank in range(1, 10)} for suit in SUITS
}


def _expand(token: str) -> list[Card | str]:
    """One token → its cards (`Card`, or the strings 'J' / 'F')."""
    run = _SUIT_RUN.fullmatch(token)
    if run:
        digits, suit = run.groups()
        cards = _SUIT_CARDS[suit.lower()]
        return [cards[d] for d in digits]
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


# A token's meaning, by its text: (its items in order, its playing cards, jokers, flowers).
# Hands are typed from a few hundred tokens (`123c`, `RdRdRd`, `5b`), and a batch of hands
# parses each many times; emptied when full, so hostile input cannot grow it without bound.
_Token = tuple[tuple[Card | str, ...], tuple[Card, ...], int, int]
_tokens: dict[str, _Token] = {}
_TOKENS_LIMIT = 1 << 12
_KEPT_LENGTH = 48  # longer texts are not kept: a hand's tokens are short, a hostile one need not be


def _token(text: str) -> _Token:
    """What the token means, worked out and kept (`parse_hand` looks in `_tokens` first)."""
    run = _SUIT_RUN.fullmatch(text)
    if run:  # the most varied tokens: a suit's cards, as `1123345c`
        digits, suit = run.groups()
        suit = suit.lower()
        in_suit = _SUIT_CARDS[suit]
        cards = tuple([in_suit[d] for d in digits])
        found = (cards, cards, 0, 0)
        if len(_texts) < _TEXTS_LIMIT and list(digits) == sorted(digits):
            # Written as `format_cards` writes them: when these are all the hand's cards of
            # the suit, as in canonical notation, formatting the hand need not work it out.
            _texts[cards] = digits + suit
    else:
        items = tuple(_expand(text))
        cards = tuple([item for item in items if isinstance(item, Card)])
        found = (items, cards, items.count("J"), items.count(FLOWER))
    if len(text) <= _KEPT_LENGTH:
        if len(_tokens) >= _TOKENS_LIMIT:
            _tokens.clear()
        _tokens[text] = found
    return found


# Exposed sets by their text (`[5b J 7b]`): immutable, so hands share them. Emptied when full.
_exposed_sets: dict[str, ExposedSet] = {}


def _exposed_set(text: str) -> ExposedSet:
    """The exposed set a whole bracketed token holds (the pattern leaves no bracket inside)."""
    tiles: list[Tile] = []
    for token in _CARD_TOKEN.findall(text, 1, len(text) - 1):
        tiles += _tiles(_tokens.get(token) or _token(token))
    found = ExposedSet(tuple(tiles))
    if len(text) <= _KEPT_LENGTH:
        if len(_exposed_sets) >= _TOKENS_LIMIT:
            _exposed_sets.clear()
        _exposed_sets[text] = found
    return found


def _tiles(token: _Token) -> list[Tile]:
    """What a token puts in an exposed set: its cards and jokers; a flower cannot lie there."""
    if token[3]:
        raise BracketError("flower")
    return [JOKER if item == "J" else item for item in token[0]]


def parse_hand(text: str) -> Hand:
    """Parse notation into a `Hand`. Raises `UnknownToken` or `BracketError`.

    Only the syntax is checked here; `Hand.validate()` checks counts and copies.
    """
    concealed: list[Card] = []
    jokers = 0
    flowers = 0
    exposed: list[ExposedSet] = []
    open_set: list[Tile] | None = None

    known = _tokens.get
    for token in _TOKEN.findall(text):
        found = known(token)
        if found is None:
            if token[0] == "[":
                if open_set is not None:
                    raise BracketError("nested")
                if token == "[":
                    open_set = []
                else:
                    exposed.append(_exposed_sets.get(token) or _exposed_set(token))
                continue
            if token == "]":
                if open_set is None:
                    raise BracketError("unopened")
                exposed.append(ExposedSet(tuple(open_set)))
                open_set = None
                continue
            found = _token(token)
        if open_set is None:  # concealed: order does not matter, the hand sorts its cards
            concealed += found[1]
            jokers += found[2]
            flowers += found[3]
            continue
        open_set += _tiles(found)
    if open_set is not None:
        raise BracketError("unclosed")
    return Hand(tuple(concealed), jokers, tuple(exposed), flowers)


# Per card index, what it adds to the notation: its rank for a suit card, else its code.
_PIECE = tuple(str(i % 9 + 1) for i in range(SUIT_TILES)) + CODES[SUIT_TILES:]
_LETTERS = tuple(suit.value for suit in SUITS)
_SUIT_ENDS = (9, 18, SUIT_TILES)  # the card after each suit's last
# The notation of a suit's cards (`1123c`), or of the honours (`EwEw RdRdRd`), by the cards
# (sorted): most hands share them. Emptied when full.
_texts: dict[tuple[Card, ...], str] = {}
_TEXTS_LIMIT = 1 << 12


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    """Compact notation for loose cards: suit cards run together per suit, honours per kind.

    >>> format_cards([Card.B1, Card.B2, Card.B3, Card.RED, Card.RED])
    '123b RdRd'
    """
    return _format_sorted(tuple(sorted(cards)))


def _format_sorted(ordered: tuple[Card, ...]) -> str:
    parts = []
    start = 0
    for end_card in _SUIT_ENDS:
        end = bisect_left(ordered, end_card, start)
        if end > start:
            piece = ordered[start:end]
            parts.append(_texts.get(piece) or _text(piece))
            start = end
    if start < len(ordered):
        piece = ordered[start:]
        parts.append(_texts.get(piece) or _text(piece))
    return " ".join(parts)


def _text(cards: tuple[Card, ...]) -> str:
    """The notation of one suit's cards, or of honours, sorted."""
    if cards[0] < SUIT_TILES:
        text = "".join([_PIECE[card] for card in cards]) + _LETTERS[cards[0] // 9]
    else:
        parts: list[str] = []
        previous = -1
        for card in cards:
            if card == previous:
                parts[-1] += _PIECE[card]
            else:
                parts.append(_PIECE[card])
                previous = card
        text = " ".join(parts)
    if len(cards) <= HAND_SIZE:
        if len(_texts) >= _TEXTS_LIMIT:
            _texts.clear()
        _texts[cards] = text
    return text


def format_hand(hand: Hand) -> str:
    """Canonical notation: `parse_hand(format_hand(h)) == h` for every hand."""
    parts = []
    if hand.concealed:
        parts.append(_format_sorted(hand.concealed))  # a hand keeps its cards sorted
    if hand.jokers:
        parts.append("J" * hand.jokers)
    for exposed in hand.exposed:
        parts.append(f"[{exposed.text}]")
    if hand.flowers:
        parts.append("F" * hand.flowers)
    return " ".join(parts)
