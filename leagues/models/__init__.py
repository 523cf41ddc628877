"""The league's data: players, leagues, matches with their seats, rounds, winning hands, the
history of corrections, ratings and standings. The rules of RULES.md §5-6 live on these
models."""

from .club import Club
from .club_night import ClubNight
from .entry_receipt import EntryReceipt
from .event import Entrant, Event, EventSession
from .history import RoundChange
from .invites import Invite
from .league import League, PlayerRating
from .league_log import LeagueEvent, log_event
from .mahjongg_game import MahjonggGame
from .match import Match, Seat
from .people import Player
from .round import Round, RoundEntry, WinningHand
from .season import Season
from .standing import PlayerStanding

__all__ = [
    "Invite",
    "Club",
    "ClubNight",
    "EntryReceipt",
    "Entrant",
    "Event",
    "EventSession",
    "League",
    "LeagueEvent",
    "MahjonggGame",
    "Match",
    "Player",
    "PlayerRating",
    "PlayerStanding",
    "Round",
    "RoundChange",
    "RoundEntry",
    "Seat",
    "Season",
    "WinningHand",
    "log_event",
]
