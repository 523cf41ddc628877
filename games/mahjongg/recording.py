"""A finished Mah-Jongg match, recorded in the table's Mah-Jongg league as if an organiser
had entered its games by hand (leagues.models.mahjongg_game.record_game): the same players
as a Mhing table's (games.league_seats.league_player: a person's own player in the league's
club, else a guest "Guest 2"; bots as bot players; nothing when the league skips matches
with bots), the table's rule profile, then each game as its caller and every player's hand
line. The league scores and settles every game again from those lines, so the recorded
balances, rotation and payments are the league's own, and the match can be corrected on
its page like any entered one. Recorded once, under the table's row lock."""

from __future__ import annotations

from typing import TypeAlias

from django.db.models import Model

from games.league_seats import league_player
from games.play.mahjongg.match import match_from_dict
from leagues.models import Match
from leagues.models.league import BotMatches
from leagues.models.mahjongg_game import record_game
from scoring.mahjongg.profile import Profile

# games.models.Table, which stands above this module (its changes record).
Table: TypeAlias = Model


def record_mahjongg(table: Table) -> Match | None:
    """Called by games.recording.record_match inside its transaction."""
    locked = type(table).objects.select_for_update().get(pk=table.pk)
    if locked.recorded_match_id or locked.league_id is None or not locked.is_finished:
        return None
    seats = locked.seat_list()
    if locked.league.bot_matches == BotMatches.SKIP and any(seat.is_bot for seat in seats):
        return None  # the league keeps only matches people played among themselves
    players = [league_player(seat, locked.league) for seat in seats]
    match = Match.begin(
        locked.league, players, played_on=locked.created_at.date(), by=locked.created_by
    )
    match.rule_profile = Profile.from_dict(locked.rules).to_dict()  # as played
    match.save(update_fields=["rule_profile"])
    for game in match_from_dict(locked.match_state).games:
        record_game(match, game.entry, by=locked.created_by)
    locked.recorded_match = match
    locked.save(update_fields=["recorded_match"])
    table.recorded_match = match
    return match
