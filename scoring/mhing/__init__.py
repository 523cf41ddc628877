"""The Mhing rules core for scoring: cards, notation, arrangement search, the 18 credit
combinations and credits to points (RULES.md §1-4). Pure Python: imports no Django."""

from .cards import JOKER, Card, Suit
from .combinations import BY_KEY, COMBINATIONS, Combination
from .errors import (
    BadExposedSet,
    BracketError,
    InvalidHand,
    MhingError,
    NotWinningHand,
    TooManyCopies,
    TooManyFlowers,
    TooManyJokers,
    UnknownToken,
    WrongCardCount,
)
from .hand import ExposedSet, Hand
from .notation import format_cards, format_hand, parse_hand
from .points import points_for
from .score import (
    Arrangement,
    ArrangementKind,
    CombinationScore,
    Group,
    GroupKind,
    Score,
    score_hand,
)

__all__ = [
    "BY_KEY",
    "COMBINATIONS",
    "JOKER",
    "Arrangement",
    "ArrangementKind",
    "BadExposedSet",
    "BracketError",
    "Card",
    "Combination",
    "CombinationScore",
    "ExposedSet",
    "Group",
    "GroupKind",
    "Hand",
    "InvalidHand",
    "MhingError",
    "NotWinningHand",
    "Score",
    "Suit",
    "TooManyCopies",
    "TooManyFlowers",
    "TooManyJokers",
    "UnknownToken",
    "WrongCardCount",
    "format_cards",
    "format_hand",
    "parse_hand",
    "points_for",
    "score_hand",
]
