"""The classical Mah-Jongg rules core (MAHJONGG.md): tiles and notation, validation,
scoring with a breakdown by rows, settlement, and the rotation of rounds and winds. Pure
Python: imports no Django. Shares the tile kinds, the split into sets and the writing of
tiles with `scoring.mhing`. The API is described in docs/mahjongg.md."""

from .arrangement import Arrangement, ArrangementKind, Group, GroupKind, Where
from .errors import (
    BadContextValue,
    BadSet,
    BadSettlement,
    BracketError,
    ByWithoutWin,
    InvalidLine,
    KanReplacementWithoutKan,
    MahjonggError,
    MisplacedKey,
    MissingKey,
    NotWinning,
    OneSetExceeded,
    RepeatedBonusTile,
    RepeatedKey,
    TooManyCopies,
    UnknownToken,
    WinNotConcealed,
    WinWithoutBy,
    WrongTileCount,
)
from .hand import DEFAULT_LIMIT, SEVEN_PAIRS_SCORE, Hand, Meld, MeldKind, Pairs, WinBy
from .lines import answer, evaluate
from .notation import format_hand, is_settlement_line, parse_hand, parse_line, parse_settlement
from .rotation import Game, Rotation, first_game, next_game
from .rows import BY_KEY, ROWS, Row, RowKind
from .score import Item, Score, score_hand
from .settle import Method, Payment, Settlement, SettlementLine, settle
from .table import check_one_set
from .tiles import Bonus, Tile, Wind

__all__ = [
    "BY_KEY",
    "DEFAULT_LIMIT",
    "SEVEN_PAIRS_SCORE",
    "ROWS",
    "Arrangement",
    "ArrangementKind",
    "BadContextValue",
    "BadSet",
    "BadSettlement",
    "Bonus",
    "BracketError",
    "ByWithoutWin",
    "Game",
    "Group",
    "GroupKind",
    "Hand",
    "InvalidLine",
    "Item",
    "KanReplacementWithoutKan",
    "MahjonggError",
    "Meld",
    "MeldKind",
    "Method",
    "MisplacedKey",
    "MissingKey",
    "NotWinning",
    "OneSetExceeded",
    "Pairs",
    "Payment",
    "RepeatedBonusTile",
    "RepeatedKey",
    "Rotation",
    "Row",
    "RowKind",
    "Score",
    "Settlement",
    "SettlementLine",
    "Tile",
    "TooManyCopies",
    "UnknownToken",
    "Where",
    "WinBy",
    "WinNotConcealed",
    "WinWithoutBy",
    "Wind",
    "WrongTileCount",
    "answer",
    "check_one_set",
    "evaluate",
    "first_game",
    "format_hand",
    "is_settlement_line",
    "next_game",
    "parse_hand",
    "parse_line",
    "parse_settlement",
    "score_hand",
    "settle",
]
