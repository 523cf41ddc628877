"""What a Mah-Jongg table's snapshot says of its match (`table.match`,
docs/live_protocol.md): below the table's play, which games/table_play.py's summary asks."""

from __future__ import annotations

from typing import Any

from django.db.models import Model

from games.play.mahjongg.state import Phase


def match_summary(table: Model) -> dict[str, Any]:
    """`table.match` of a Mah-Jongg table's snapshot (docs/live_protocol.md)."""
    state = table.round()
    game = state.game if state is not None else None
    balance = table.results[-1]["balance"] if table.results else [0] * table.players
    return {
        "game": len(table.results) + (0 if state is None or state.phase is Phase.OVER else 1),
        "round_wind": game.round_wind.code if game else "E",
        "game_in_round": game.number if game else 1,
        "seats": {game.seats[p].code: p for p in range(table.players)} if game else {},
        "dealer": game.dealer.code if game else "E",
        "balance": balance,
        "finished": table.is_finished,
        "games": list(table.results),
    }


def rules_summary(table: Model) -> dict[str, Any]:
    """A Mah-Jongg table's rules are its profile (`rules`); the target, variant and round
    limit are Mhing's and would mean nothing here."""
    return {"rules": table.rules}
