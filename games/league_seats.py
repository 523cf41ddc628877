"""Who sat at a finished live table, as players of its league's club: what recording a
match of either game (games/recording.py, games/mahjongg/recording.py) starts from."""

from __future__ import annotations

from typing import TypeAlias

from django.db.models import Model

from leagues.models import League, Player
from leagues.models.roster import create_player

# A seat of games.models.Table, which stands above this module (its changes record).
TableSeat: TypeAlias = Model


def _free_name(club, base: str) -> str:
    """`base`, or `base (2)`, `base (3)`…: a name is unique in its club."""
    name, n = base, 1
    while Player.objects.named(club, name).exists():
        n += 1
        name = f"{base} ({n})"
    return name


def league_player(seat: TableSeat, league: League) -> Player:
    """The player of the league's club who sat in the seat. Every lookup stays in the club
    (the wall): the account's own player there, or a guest. Recording never makes anyone a
    member nor a player of the club: a person without a player in the club (a guest the
    league let sit, anyone at a public league's table, an account deleted since) is recorded
    as the seat's guest player, "Guest 2", not linked to the account and not named after it
    (a username is no club's data)."""
    club = league.club_id
    if seat.is_bot:
        bot = Player.objects.in_club(club).filter(display_name=seat.name, is_bot=True).first()
        return bot or create_player(club, _free_name(club, seat.name), is_bot=True)
    user = seat.user
    if user is not None and league.can_view(user):
        player = Player.objects.in_club(club).filter(user=user).first()
        if player is not None:
            return player
    # Stored as it is, not translated per reader, like a bot's "Bot 3".
    name = f"Guest {seat.position + 1}"
    player = Player.objects.in_club(club).filter(display_name=name, user=None, is_bot=False)
    return player.first() or create_player(club, _free_name(club, name))
