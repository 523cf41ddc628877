"""What a Mhing table's snapshot says of its match and its rules (`table.match`,
docs/live_protocol.md), which the shell's summary (games.table_play) asks through the
registry (games.mhing.live)."""

from __future__ import annotations

from typing import Any

from django.db.models import Model

from games.mhing.rules import table_rules
from games.play.state import Phase


def match_summary(table: Model) -> dict[str, Any]:
    """`table.match` of a Mhing table's snapshot: its rounds, totals and dealers."""
    data = table.match_state
    phase = (table.round_state or {}).get("phase")
    rounds = data["rounds"]
    return {
        "round": len(rounds) + (1 if phase and phase != Phase.OVER else 0),
        "dealer": (table.round_state or {}).get("dealer", data["dealer"]),
        "first_dealer": data["first_dealer"],
        "totals": data["totals"],
        "finished": data["finished"],
        "winner": data["winner"],
        # The seed is left out: it would let anyone compute every round's shuffle.
        "rounds": rounds,
    }


def rules_summary(table: Model) -> dict[str, Any]:
    """A Mhing table's rules are its target, variant and round limit, sent by name (its
    `rules` is Mah-Jongg's profile in the protocol: null here, docs/live_protocol.md)."""
    rules = table_rules(table)
    return {
        "rules": None,
        "target": rules.target,
        "variant": rules.variant.value,
        "round_limit": rules.round_limit,
    }
