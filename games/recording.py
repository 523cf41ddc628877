"""A finished live match, recorded in the table's league as if an organiser had entered it.

`Match.begin` with the seated players (a person's own player in the league's club, else a
guest player "Guest 2" named after the seat, never after the account: a username never
becomes a player of a club; bots as bot players, `Player.is_bot`, named after their seat),
then
each round or game as it was played, by the table's game (its `record`, games.engine.LiveGame:
games/mhing/recording.py, `Match.record_round` with the winner's
hand in RULES.md notation; games/mahjongg/recording.py, each game's hand lines). The league
scores each hand again from its text and settles the match with the same rules, so a live
match and a hand-entered one cannot differ.
Recording happens once: `recorded_match` is set in the same transaction, under the table's
row lock.

Bots are no club members. A bot's seat is recorded under a bot player: it keeps its rounds
and its total on the score sheet, so the match settles exactly as it was played, but it never
joins the roster, the standings or the ratings (leagues.models). A league whose
`bot_matches` is "skip" does not record a match that had a bot at the table at all.
"""

from __future__ import annotations

import logging
from typing import TypeAlias

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model

from games.league_seats import league_player
from leagues.models import Match
from leagues.models.league import BotMatches

# Called with a finished table (games.models.Table, whose changes call this); that module
# stands above this one, so it is named here as a row.
Table: TypeAlias = Model

log = logging.getLogger(__name__)


def record_match(table: Table) -> Match | None:
    """Record the table's finished match in its league; the league match, or None when there
    is nothing to record (no league, not finished, already recorded). A ValidationError from
    the league (which should not happen: the engine played by the same rules) is logged and
    raised, and the table stays unrecorded so an organiser can record it from the admin."""
    try:
        with transaction.atomic():
            locked = type(table).objects.select_for_update().get(pk=table.pk)
            if locked.recorded_match_id or locked.league_id is None or not locked.is_finished:
                return None
            seats = locked.seat_list()
            league = locked.league
            if league.bot_matches == BotMatches.SKIP and any(seat.is_bot for seat in seats):
                return None  # the league keeps only matches people played among themselves
            players = [league_player(seat, league) for seat in seats]
            # Each game enters its rounds or games its own way (games/mhing/recording.py,
            # games/mahjongg/recording.py).
            match = table.live.record(locked, players)
            locked.recorded_match = match
            locked.save(update_fields=["recorded_match"])
            table.recorded_match = match
            return match
    except ValidationError:
        log.exception("table %s: the league refused the finished match", table.slug)
        raise
