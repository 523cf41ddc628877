"""A finished Mah-Jongg match, recorded in the table's Mah-Jongg league as if an organiser
had entered its games by hand (leagues.models.mahjongg_entry.record_game): the same players
as a Mhing table's (chosen by games.recording: a person's own player in the league's
club, else a guest "Guest 2"; bots as bot players; nothing when the league skips matches
with bots), the table's rule profile, then each game as its caller and every player's hand
line. The league scores and settles every game again from those lines, so the recorded
balances, rotation and payments are the league's own, and the match can be corrected on
its page like any entered one. Recorded once, under the table's row lock."""

from __future__ import annotations

from typing import TypeAlias

from django.db.models import Model

from games.play.mahjongg.match import match_from_dict
from leagues.models import Match, Player
from leagues.models.mahjongg_entry import record_game
from scoring.mahjongg.profile import Profile

# games.models.Table, which stands above this module (its changes record).
Table: TypeAlias = Model


def record_mahjongg(table: Table, players: list[Player]) -> Match:
    """The table's games entered in a new league match of `players`, under its profile."""
    match = Match.begin(
        table.league,
        players,
        played_on=table.created_at.date(),
        by=table.created_by,
        timed=False,  # the live table ended it by its own rules
    )
    match.rule_profile = Profile.from_dict(table.rules).to_dict()  # as played
    match.save(update_fields=["rule_profile"])
    for game in match_from_dict(table.match_state).games:
        record_game(match, game.entry, by=table.created_by)
    return match
