"""A finished Mhing match at a live table, recorded in its Mhing league round by round
(games.recording.record_match calls this inside its transaction, under the table's row lock;
the rules of recording are in that module's docstring)."""

from __future__ import annotations

from typing import TypeAlias

from django.db.models import Model

from leagues.models import Match, Player, RoundEntry
from leagues.models.round import Outcome, WinType

# games.models.Table, which stands above this module (its changes record).
Table: TypeAlias = Model


def record_mhing(table: Table, players: list[Player]) -> Match:
    """The table's rounds entered in a new league match of `players`, seat by seat."""
    data = table.match_state
    match = Match.begin(
        table.league,
        players,
        first_dealer=data["first_dealer"],
        rules=table.rules,  # as played
        played_on=table.created_at.date(),
        by=table.created_by,
        timed=False,  # the live table ended it by its own rules
    )
    for result in table.results:
        match.record_round(_entry(result, players), by=table.created_by)
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
