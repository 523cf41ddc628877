"""The blank score sheet of a Mah-Jongg match (Mhing's: leagues/kinds/mhing/blank_sheet.py): the
paper a table keeps as a backup, laid out like the match's score sheet (MAHJONGG.md §5, §7).

Per game a row: its number, the prevailing (round) wind and the game's number in the round,
who is East (with the rotating dealer: who deals), who called Mah-Jongg, and for every player
the hand's score, the payment (+ received, − paid) and the running balance. Above the rows the
players in seat order with their seat winds in the next game, the match's rules in words
(settlement, who deals, limit, bonus tiles, draws) and a start row: zero, or the balances of
the games already entered.

Which wind and East a later game has depends on who wins (a round goes on while East wins
from its fourth game; the classical rotation passes East on after every game East does not
win), so a row names them in advance only where every outcome leads to the same game
(`games_known_ahead`, pure); the other rows leave them to be written in.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from leagues.kinds.mahjongg.sheet import next_game as upcoming_game
from leagues.kinds.mahjongg.sheet import wind_name
from leagues.models import Match, Seat
from leagues.models.mahjongg_game import match_profile
from scoring.mahjongg.hand import Pairs
from scoring.mahjongg.profile import Profile
from scoring.mahjongg.rotation import Game, Rotation, next_game
from scoring.mahjongg.settle import Method
from scoring.mahjongg.tiles import Wind

# As many as fit one A4 landscape page under the header and its two heading rows
# (static/css/blank_sheet.css); a match of four rounds has at least 16 games (12 with three).
ROWS = 30


def games_known_ahead(game: Game, settled_draw: bool = False, most: int = ROWS) -> list[Game]:
    """`game` and the games after it that come whoever wins each game before them: the
    rows of a blank sheet whose wind and East can be printed. Pure."""
    known = [game]
    states = {game}
    while len(known) < most:
        following = set()
        for state in states:
            non_dealer = next(w for w in state.seats if w != state.dealer)
            for winner in (state.dealer, non_dealer, None):
                following.add(next_game(state, winner, settled_draw))
        if len(following) != 1 or None in following:
            break
        states = following
        known.append(next(iter(following)))
    return known


@dataclass(frozen=True)
class MjBlankPlayer:
    seat: Seat
    wind: str  # the seat wind in the sheet's first game


@dataclass(frozen=True)
class MjBlankRow:
    number: int  # the game's number in the match
    round_wind: str  # "" where it depends on the games before
    game_in_round: int | None
    east: Seat | None  # East, or with the rotating dealer the dealer; None: to write in


@dataclass(frozen=True)
class MjBlankSheet:
    match: Match
    profile: Profile
    players: tuple[MjBlankPlayer, ...]
    rows: tuple[MjBlankRow, ...]
    played: int  # games already entered: the first row is the next one
    rules: tuple[str, ...]  # the profile in words

    @property
    def dealer_heading(self) -> str:
        if self.profile.rotation is Rotation.ROTATING_DEALER:
            return _("Dealer")
        return _("East")


def rules_in_words(profile: Profile) -> tuple[str, ...]:
    """The profile as the settings page words it, with what paper needs besides: who pays
    double (§5)."""
    settle = {
        Method.DIFF: _("Differences: each pays every higher score the difference"),
        Method.FULL: _("Full value: everyone pays the caller's score first"),
    }[profile.settle]
    deals = {
        Rotation.FIXED_EAST: _("East deals a whole round, then the winds pass"),
        Rotation.ROTATING_DEALER: _("Seats stay; the round wind's seat deals"),
        Rotation.CLASSICAL: _("East passes on after every game East does not win"),
    }[profile.rotation]
    double = (
        _("The dealer pays and receives double.")
        if profile.rotation is Rotation.ROTATING_DEALER
        else _("East pays and receives double.")
    )
    draws = (
        _("Draws are settled: everyone pays each higher score the difference.")
        if profile.settled_draw
        else _("A draw has no payments.")
    )
    bonus = (
        _("With bonus tiles (flowers and seasons).")
        if profile.bonus_tiles
        else _("Without bonus tiles (flowers and seasons).")
    )
    limit = _("Limit %(limit)s.") % {"limit": profile.limit}
    pairs = {  # MAHJONGG.md §3.1: whose pairs of dragons and winds score
        Pairs.CALLER: _("Only the caller's pair scores"),
        Pairs.ALL: _("Every player's pairs score, as the caller's pair does"),
    }[profile.pairs]
    return (f"{settle}.", double, f"{deals}.", limit, draws, bonus, f"{pairs}.")


def mahjongg_blank_sheet(match: Match, most: int = ROWS) -> MjBlankSheet:
    profile = match_profile(match)
    seats = tuple(match.seats.select_related("player").order_by("position"))
    played = match.mj_games.count()
    first = None if match.is_finished else upcoming_game(match)
    known = games_known_ahead(first, profile.settled_draw, most) if first else []
    rows = []
    for index in range(most if first else 0):
        number = played + 1 + index
        if index < len(known):
            game = known[index]
            rows.append(
                MjBlankRow(
                    number,
                    wind_name(game.round_wind.code),
                    game.number,
                    seats[game.dealer_player],
                )
            )
        else:
            rows.append(MjBlankRow(number, "", None, None))
    winds = first.seats if first else tuple(Wind(p) for p in range(len(seats)))
    players = tuple(MjBlankPlayer(seat, wind_name(winds[seat.position].code)) for seat in seats)
    return MjBlankSheet(match, profile, players, tuple(rows), played, rules_in_words(profile))
