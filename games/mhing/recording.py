"""A finished Mhing match at a live table, recorded in its Mhing league round by round
(games.recording.record_match calls this inside its transaction, under the table's row lock;
the rules of recording are in that module's docstring)."""

from __future__ import annotations

from typing import TypeAlias

from django.db.models import Model

from games.league_seats import league_player
from leagues.models import Match, Player, RoundEntry
from leagues.models.league import BotMatches
from leagues.models.round import Outcome, WinType

# games.models.Table, which stands above this module (its changes record).
Table: TypeAlias = Model


def record_mhing(table: Table) -> Match | None:
    locked = type(table).objects.select_for_update().get(pk=table.pk)
    if locked.recorded_match_id or locked.league_id is None or not locked.is_finished:
        return None
    seats = locked.seat_list()
    if locked.league.bot_matches == BotMatches.SKIP and any(seat.is_bot for seat in seats):
        return None  # the league keeps only matches people played among themselves
    players = [league_player(seat, locked.league) for seat in seats]
    data = locked.match_state
    match = Match.begin(
        locked.league,
        players,
        first_dealer=data["first_dealer"],
        target_points=locked.target,
        variant=locked.variant,
        round_limit=data["round_limit"],
        played_on=locked.created_at.date(),
        by=locked.created_by,
    )
    for result in locked.results:
        match.record_round(_entry(result, players), by=locked.created_by)
    locked.recorded_match = match
    locked.save(update_fields=["recorded_match"])
    table.recorded_match = match
    return match


def _entry(result: dict, players: list[Player]) -> RoundEntry:
    if result["winner"] is None:
        return RoundEntry.draw()
    discarder = result["discarder"]
    return RoundEntry(
        outcome=Outcome.WON,
        winner=players[result["winner"]],
        win_type=WinType.SELF_DRAW if discarder is None else WinType.DISCARD,
        discarder=None if discarder is None else players[discarder],
        hand=result["hand"],
    )
