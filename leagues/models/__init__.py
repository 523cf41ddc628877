"""The league's data: players, leagues, matches with their seats, rounds, winning hands, the
history of corrections, ratings and standings. The rules of RULES.md §5-6 live on these
models."""

from .history import RoundChange
from .league import League, PlayerRating
from .match import Match, Seat
from .people import Player
from .round import Round, RoundEntry, WinningHand
from .standing import PlayerStanding

__all__ = [
    "League",
    "Match",
    "Player",
    "PlayerRating",
    "PlayerStanding",
    "Round",
    "RoundChange",
    "RoundEntry",
    "Seat",
    "WinningHand",
]
