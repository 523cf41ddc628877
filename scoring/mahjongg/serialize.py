"""Plain-data (JSON-ready) forms of a score and a settlement, for the command line, pages
and exports to come. Every breakdown item and payment carries its row key and the row's
names in English, German and French (`rows.ROWS`).

`result_to_dict` is the object `manage.py score_hand --game mahjongg --json` prints, a
documented interface (docs/score_hand.md): `hand` (the input line), `ok`, then the score's or
the settlement's fields, or `error` (`invalid` or `not_winning`) and `message`, the same
shape as Mhing's answers."""

from __future__ import annotations

import json
from typing import Any

from .arrangement import Arrangement
from .errors import MahjonggError, NotWinning
from .hand import DEFAULT_LIMIT
from .lines import outcome_of
from .notation import format_hand
from .score import Item, Score
from .settle import Settlement


def item_to_dict(item: Item) -> dict[str, Any]:
    return {
        "key": item.key,
        "kind": item.kind.value,
        "value": item.value,
        "about": item.about,
        "names": item.row.names,
    }


def arrangement_to_dict(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "kind": arrangement.kind.value,
        "groups": [
            {
                "kind": group.kind.value,
                "tiles": [tile.code for tile in group.tiles],
                "where": group.where.value,
                "open": group.open,
                "winning": index == arrangement.winning,
            }
            for index, group in enumerate(arrangement.groups)
        ],
        "loose": [tile.code for tile in arrangement.loose],
    }


def score_to_dict(score: Score) -> dict[str, Any]:
    return {
        "score": score.total,
        "points": score.points,
        "doublings": score.doublings,
        "value": score.value,
        "limit": score.limit,
        "limited": score.limited,
        "pairs": score.pairs.value,
        "caller": score.hand.is_caller,
        "items": [item_to_dict(item) for item in score.items],
        "arrangement": arrangement_to_dict(score.arrangement),
        "canonical": format_hand(score.hand),
    }


def settlement_to_dict(settlement: Settlement) -> dict[str, Any]:
    return {
        "settle": settlement.method.value,
        "winner": None if settlement.winner is None else settlement.winner.code,
        "dealer": settlement.dealer.code,
        "scores": {seat.code: score for seat, score in settlement.scores},
        "payments": [
            {
                "from": p.payer.code,
                "to": p.payee.code,
                "amount": p.amount,
                "keys": list(p.keys),
            }
            for p in settlement.payments
        ],
        "net": {seat.code: amount for seat, amount in settlement.net.items()},
        "text": settlement.text,
    }


def result_to_dict(line: str, outcome: Score | Settlement | MahjonggError) -> dict[str, Any]:
    """One line's answer: its score or settlement, or why it has none."""
    if isinstance(outcome, Score):
        return {"hand": line, "ok": True, **score_to_dict(outcome)}
    if isinstance(outcome, Settlement):
        return {"hand": line, "ok": True, **settlement_to_dict(outcome)}
    error = "not_winning" if isinstance(outcome, NotWinning) else "invalid"
    return {"hand": line, "ok": False, "error": error, "message": str(outcome)}


def result_json(line: str, outcome: Score | Settlement | MahjonggError) -> str:
    """`result_to_dict` as one compact line of JSON, non-ASCII text kept as is."""
    return json.dumps(result_to_dict(line, outcome), ensure_ascii=False, separators=(",", ":"))


def line_json(line: str, limit: int = DEFAULT_LIMIT) -> str:
    """One line of notation in, its JSON answer out: what `score_hand --game mahjongg -`
    writes for it."""
    return result_json(line, outcome_of(line, limit))
