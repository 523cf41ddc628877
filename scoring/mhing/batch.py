"""One hand's JSON answer for a batch (`manage.py score_hand -`), fast for the common case.

A batch is mostly hands without Mhing cards whose cards fall into sets in one way only. For
those, `answer` goes from the text to the JSON line in one pass, with the engine's own caches
and tables (tokens, exposed sets, each suit's ways, score sheets, JSON fragments), and builds
none of the objects a `Score` holds. Any other line - a Mhing card, a choice between
arrangements, a nothing-connects hand, a mistake - goes the general way: `score_hand`, then
`result_json`. Both give the same bytes, which `tests/mhing/test_batch.py` checks.

Why the shortcut is exact, step by step as `score_hand` goes:

* Without jokers, an exposed set is one set only, and the cards decide everything else: the
  order in which exposed sets are searched (sorted, in `score_hand`) changes nothing, and
  the arrangement lists them as entered either way.
* A hand whose suits and honours each have one way to place their cards has one split; with
  no jokers it uses every card, so it is four sets and a pair or no standard hand at all.
* Its pair is two real cards, so it is no nothing-connects hand (all cards different).
"""

from __future__ import annotations

from bisect import bisect_left
from json.encoder import encode_basestring
from operator import eq

from .blocks import _relative_ways
from .cards import COPIES_PER_CARD, FLOWERS_IN_DECK, HAND_SIZE, SUIT_TILES, Card
from .combinations import count_standard
from .errors import InvalidHand, NotWinningHand
from .hand import _reading
from .notation import (
    _KEPT_LENGTH,
    _TOKEN,
    _exposed_set,
    _exposed_sets,
    _text,
    _texts,
    _token,
    _tokens,
)
from .score import _PLAIN_PAIR, _PLAIN_SET, _exposed_group, _score_sheet, _sheets, score_hand
from .serialize import _sheet_json, group_json, result_json

_UNKNOWN = object()
_LIMIT = 1 << 14  # each cache below is emptied when it holds this many

# A suit's cards, or all the honours (sorted) -> the one way to place them without jokers,
# and their notation: (set ids, pair or -1, text). None when there is no way or a choice.
# What `search.blocks_of_cards` would find, when its blocks have one option each.
_Way = tuple[tuple[int, ...], int, str] | None
_suit_ways: dict[tuple[Card, ...], _Way] = {}
_honour_ways: dict[tuple[Card, ...], _Way] = {}
_SUIT_ENDS = ((0, 9), (9, 18), (18, SUIT_TILES))  # each suit's first card, and the next's

# An exposed set's token (`[5b 6b 7b]`) -> what a hand without Mhing cards takes from it:
# (its cards, its set id, its group's JSON, its notation); None for any other token.
_Exposed = tuple[tuple[Card, ...], int, str, str] | None
_exposed: dict[str, _Exposed] = {}

# The JSON of the group each concealed set or pair of real cards makes.
_SET_JSON = {set_id: group_json(group) for set_id, group in _PLAIN_SET.items()}
_PAIR_JSON = tuple(group_json(group) for group in _PLAIN_PAIR)


def answer(text: str) -> str:
    """`result_json(text, outcome)` for `outcome` the score of the hand `text`, or the error
    that says why there is none."""
    fast = _plain_hand_json(text)
    if fast is not None:
        return fast
    try:
        outcome = score_hand(text)
    except (InvalidHand, NotWinningHand) as error:
        return result_json(text, error)
    return result_json(text, outcome)


def _plain_hand_json(text: str) -> str | None:
    """The answer for a sound hand without Mhing cards that fits four sets and a pair in one
    way only; None for any other text."""
    concealed: list[Card] = []
    exposed: list[tuple[tuple[Card, ...], int, str, str]] = []
    flowers = 0
    known = _tokens.get
    try:
        for token in _TOKEN.findall(text):
            found = known(token)
            if found is None:
                if token[0] == "[":
                    entry = _exposed.get(token, _UNKNOWN)
                    if entry is _UNKNOWN:
                        entry = _exposed_entry(token)
                    if entry is None:
                        return None
                    exposed.append(entry)
                    continue
                if token == "]":
                    return None
                found = _token(token)
            if found[2]:
                return None  # a Mhing card
            concealed += found[1]
            flowers += found[3]
    except InvalidHand:
        return None
    if flowers > FLOWERS_IN_DECK or len(concealed) + 3 * len(exposed) != HAND_SIZE:
        return None
    concealed.sort()
    cards = concealed
    if exposed:
        cards = concealed[:]
        for entry in exposed:
            cards += entry[0]
        cards.sort()
    if any(map(eq, cards, cards[COPIES_PER_CARD:])):
        return None  # a fifth copy of a card

    ordered = tuple(concealed)
    sets: tuple[int, ...] = ()
    pair = -1
    notation = []
    start = 0
    for first, end_card in _SUIT_ENDS:
        end = bisect_left(ordered, end_card, start)
        if end > start:
            cards_of_suit = ordered[start:end]
            way = _suit_ways.get(cards_of_suit, _UNKNOWN)
            if way is _UNKNOWN:
                way = _suit_way(cards_of_suit, first)
            if way is None:
                return None  # no way, or a choice of ways
            if way[1] >= 0:
                if pair >= 0:
                    return None  # two pairs
                pair = way[1]
            sets += way[0]
            notation.append(way[2])
            start = end
    if start < len(ordered):
        honours = ordered[start:]
        way = _honour_ways.get(honours, _UNKNOWN)
        if way is _UNKNOWN:
            way = _honour_way(honours)
        if way is None:
            return None
        if way[1] >= 0:
            if pair >= 0:
                return None
            pair = way[1]
        sets += way[0]
        notation.append(way[2])
    if pair < 0 or len(sets) + len(exposed) != 4:
        return None

    fixed = tuple(sorted(sets))
    groups = []
    for _cards, set_id, group, entered in exposed:
        sets += (set_id,)
        groups.append(group)
        notation.append(entered)
    counts = count_standard(tuple(sorted(sets)), pair)
    sheet = _sheets.get((counts, flowers)) or _score_sheet(counts, flowers)
    groups += map(_SET_JSON.__getitem__, fixed)
    groups.append(_PAIR_JSON[pair])
    if flowers:
        notation.append("F" * flowers)
    return (
        f'{{"hand":{encode_basestring(text)},"ok":true,"credits":{sheet[1]:d},'
        f'"points":{sheet[2]:d},"combinations":{_sheet_json(sheet[0])},'
        f'"arrangement":{{"kind":"standard","groups":[{",".join(groups)}],"jokers":[]}},'
        f'"flowers":{flowers:d},"canonical":{encode_basestring(" ".join(notation))}}}'
    )


def _suit_way(cards: tuple[Card, ...], first: int) -> _Way:
    """As `blocks.block_options(first, counts, 0)` finds it, when it has one option."""
    counts = tuple(map(cards.count, range(first, first + 9)))
    lowest = cards[0] - first  # searched from the lowest card, as block_options does
    relative = counts[lowest:] + (0,) * lowest
    ways = [way for way in _relative_ways(relative, True, 0) if not way[2]]
    found = None
    if len(ways) == 1:
        ((sets, pair, _jokers),) = ways
        shift = first + lowest
        text = _texts.get(cards) or _text(cards)
        found = (tuple(map(shift.__add__, sets)), pair + shift if pair >= 0 else -1, text)
    if len(_suit_ways) >= _LIMIT:
        _suit_ways.clear()
    _suit_ways[cards] = found
    return found


def _honour_way(honours: tuple[Card, ...]) -> _Way:
    """Each honour is a block of its own: without jokers, a triplet or a pair, nothing else."""
    sets = []
    pair = -1
    found: _Way = None
    for card in sorted(set(honours)):
        copies = honours.count(card)
        if copies == 3:
            sets.append(int(card))
        elif copies == 2 and pair < 0:
            pair = int(card)
        else:
            break
    else:
        found = (tuple(sets), pair, _texts.get(honours) or _text(honours))
    if len(_honour_ways) >= _LIMIT:
        _honour_ways.clear()
    _honour_ways[honours] = found
    return found


def _exposed_entry(token: str) -> _Exposed:
    """What a hand without Mhing cards takes from an exposed set's token, as `score_hand`
    reads it: three real cards that make one set. None for anything else."""
    found = None
    if token != "[":
        try:
            entered = _exposed_sets.get(token) or _exposed_set(token)
        except InvalidHand:
            entered = None
        if entered is not None:
            held, set_ids, text, _key = _reading(entered.tiles)
            if len(held) == 3 and len(set_ids) == 1:
                group = group_json(_exposed_group(entered, set_ids[0]))
                found = (held, set_ids[0], group, f"[{text}]")
    if len(token) <= _KEPT_LENGTH:
        if len(_exposed) >= _LIMIT:
            _exposed.clear()
        _exposed[token] = found
    return found
