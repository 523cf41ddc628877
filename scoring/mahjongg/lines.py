"""One line of notation in, its answer out (MAHJONGG.md §1.2): a hand line's score, or
`NOT_WINNING`, or `ERROR`; a settlement line's net results, always signed."""

from __future__ import annotations

from .errors import InvalidLine, MahjonggError, NotWinning
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


def outcome_of(line: str, limit: int = DEFAULT_LIMIT) -> Score | Settlement | MahjonggError:
    """What `evaluate` returns, or the error it raises: for answers that show a failure as
    they show a score (the command line's JSON and table)."""
    try:
        return evaluate(line, limit)
    except MahjonggError as error:
        return error


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
