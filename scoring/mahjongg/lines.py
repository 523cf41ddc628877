"""One line of notation in, its answer out (MAHJONGG.md §1.2): a hand line's score, or
`NOT_WINNING`, or `ERROR`; a settlement line's net results, always signed."""

from __future__ import annotations

from .errors import InvalidLine, NotWinning
from .hand import DEFAULT_LIMIT
from .notation import parse_line
from .score import Score, score_hand
from .settle import Settlement, SettlementLine


def evaluate(line: str, limit: int = DEFAULT_LIMIT) -> Score | Settlement:
    """Score a hand line or settle a settlement line. Raises `InvalidLine` or
    `NotWinning`."""
    parsed = parse_line(line)
    if isinstance(parsed, SettlementLine):
        return parsed.settle()
    return score_hand(parsed, limit)


def answer(line: str, limit: int = DEFAULT_LIMIT) -> str:
    """§1.2's answer: `96`, `NOT_WINNING`, `ERROR`, or `E=-616 S=+752 W=+302 N=-438`."""
    try:
        outcome = evaluate(line, limit)
    except NotWinning:
        return "NOT_WINNING"
    except InvalidLine:
        return "ERROR"
    if isinstance(outcome, Settlement):
        return outcome.text
    return str(outcome.total)
