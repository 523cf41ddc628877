"""Plain-data (JSON-ready) forms of a score, shared by the CLI, the pages and the exports.

`result_to_dict` is the object `score_hand --json` prints (docs/score_hand.md). `result_json`
is the same object already written as compact JSON, for batches: most of a score's JSON is
the same from hand to hand (a combination's line, a plain set's group), so those fragments
are written once and kept, and a hand's JSON is mostly joining them. Both give the same
text: `json.dumps(result_to_dict(...), ensure_ascii=False, separators=(",", ":"))`.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring  # what json.dumps(ensure_ascii=False) uses
from typing import Any

from .cards import CODES
from .errors import InvalidHand, NotWinningHand
from .notation import format_hand
from .score import CombinationScore, Group, Score


def group_to_dict(group: Group) -> dict[str, Any]:
    return {
        "kind": group.kind.value,
        "cards": [CODES[card] for card in group.cards],
        "jokers": list(group.jokers),
        "exposed": group.exposed,
    }


def score_to_dict(score: Score) -> dict[str, Any]:
    """The result of scoring: credits, points, combinations and the chosen arrangement."""
    arrangement = score.arrangement
    return {
        "credits": score.credits,
        "points": score.points,
        "combinations": [
            {
                "key": c.key,
                "credits": c.credits,
                "count": c.count,
                "total": c.total,
                "names": c.combination.names,
            }
            for c in score.combinations
        ],
        "arrangement": {
            "kind": arrangement.kind.value,
            "groups": [group_to_dict(g) for g in arrangement.groups],
            "jokers": [CODES[card] for card in arrangement.joker_cards],
        },
        "flowers": score.hand.flowers,
        "canonical": format_hand(score.hand),
    }


def result_to_dict(hand_text: str, outcome: Score | InvalidHand | NotWinningHand) -> dict:
    """One JSON object per hand, as `score_hand --json` prints it (docs/score_hand.md)."""
    if isinstance(outcome, Score):
        return {"hand": hand_text, "ok": True, **score_to_dict(outcome)}
    error = "not_winning" if isinstance(outcome, NotWinningHand) else "invalid"
    return {"hand": hand_text, "ok": False, "error": error, "message": str(outcome)}


# The JSON text


def _compact(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


_CARD_JSON = tuple(_compact(code) for code in CODES)  # '"5b"'
_BOOL_JSON = ("false", "true")
_FRAGMENTS_LIMIT = 1 << 12

# Fragments by the object the engine shares between hands: a score sheet's combinations
# (`score._score_sheet`), a set or pair of real cards (`score._PLAIN_SET` and the like). Keyed
# by id, each entry holding its object: while the entry lives so does the object, so no other
# object can have its id. Emptied when full, as a few groups with jokers are built per hand.
_sheets: dict[int, tuple[str, tuple[CombinationScore, ...]]] = {}
# A group: its JSON, the JSON of the cards its jokers stand for (none, most often), itself.
_groups: dict[int, tuple[str, tuple[str, ...], Group]] = {}


def _sheet_json(lines: tuple[CombinationScore, ...]) -> str:
    found = _sheets.get(id(lines))
    if found is not None:
        return found[0]
    text = f"[{','.join([_line_json(line) for line in lines])}]"
    if len(_sheets) >= _FRAGMENTS_LIMIT:
        _sheets.clear()
    _sheets[id(lines)] = (text, lines)
    return text


# One combination's line, by (key, count): 18 combinations, each with a few counts.
_lines: dict[tuple[str, int], str] = {}


def _line_json(line: CombinationScore) -> str:
    text = _lines.get((line.key, line.count))
    if text is None:
        text = _lines[line.key, line.count] = _compact(
            {
                "key": line.key,
                "credits": line.credits,
                "count": line.count,
                "total": line.total,
                "names": line.combination.names,
            }
        )
    return text


def group_json(group: Group) -> str:
    """`group_to_dict(group)` as compact JSON, written out: kinds and codes need no escapes."""
    return (
        f'{{"kind":"{group.kind.value}",'
        f'"cards":[{",".join([_CARD_JSON[card] for card in group.cards])}],'
        f'"jokers":[{",".join([_BOOL_JSON[joker] for joker in group.jokers])}],'
        f'"exposed":{_BOOL_JSON[group.exposed]}}}'
    )


def _group_entry(group: Group) -> tuple[str, tuple[str, ...], Group]:
    text = group_json(group)
    jokers = tuple(
        [_CARD_JSON[c] for c, joker in zip(group.cards, group.jokers, strict=True) if joker]
    )
    entry = (text, jokers, group)
    if len(_groups) >= _FRAGMENTS_LIMIT:
        _groups.clear()
    _groups[id(group)] = entry
    return entry


def score_json(score: Score) -> str:
    """`score_to_dict(score)` as compact JSON, without its braces (`"credits":6,...`)."""
    arrangement = score.arrangement
    texts = []
    jokers: list[str] = []
    known = _groups.get
    for group in arrangement.groups:
        entry = known(id(group)) or _group_entry(group)
        texts.append(entry[0])
        if entry[1]:
            jokers += entry[1]
    hand = score.hand
    return (
        f'"credits":{score.credits:d},"points":{score.points:d},'
        f'"combinations":{_sheet_json(score.combinations)},'
        f'"arrangement":{{"kind":"{arrangement.kind.value}","groups":[{",".join(texts)}],'
        f'"jokers":[{",".join(jokers)}]}},'
        f'"flowers":{hand.flowers:d},"canonical":{encode_basestring(format_hand(hand))}'
    )


def result_json(hand_text: str, outcome: Score | InvalidHand | NotWinningHand) -> str:
    """`result_to_dict(hand_text, outcome)` as compact JSON, non-ASCII text kept as is."""
    if isinstance(outcome, Score):
        return f'{{"hand":{encode_basestring(hand_text)},"ok":true,{score_json(outcome)}}}'
    error = "not_winning" if isinstance(outcome, NotWinningHand) else "invalid"
    return (
        f'{{"hand":{encode_basestring(hand_text)},"ok":false,"error":"{error}",'
        f'"message":{encode_basestring(str(outcome))}}}'
    )
