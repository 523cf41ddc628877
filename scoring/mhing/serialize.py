"""Plain-data (JSON-ready) forms of a score, shared by the CLI, the pages and the exports."""

from __future__ import annotations

from typing import Any

from .errors import InvalidHand, NotWinningHand
from .notation import format_hand
from .score import Group, Score


def group_to_dict(group: Group) -> dict[str, Any]:
    return {
        "kind": group.kind.value,
        "cards": [card.code for card in group.cards],
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
            "jokers": [card.code for card in arrangement.joker_cards],
        },
        "flowers": score.hand.flowers,
        "canonical": format_hand(score.hand),
    }


def result_to_dict(hand_text: str, outcome: Score | InvalidHand | NotWinningHand) -> dict:
    """One JSON object per hand, as `score_hand --json` prints it (documented in README)."""
    if isinstance(outcome, Score):
        return {"hand": hand_text, "ok": True, **score_to_dict(outcome)}
    error = "not_winning" if isinstance(outcome, NotWinningHand) else "invalid"
    return {"hand": hand_text, "ok": False, "error": error, "message": str(outcome)}
