"""A Mhing table's settings from the lobby's form (games.forms.TableForm, whose fields they
are): `Table.create`'s keyword arguments, asked through the registry (`live_table`)."""

from __future__ import annotations

from typing import Any

from leagues.models.league import VariantChoice

OTHER = "other"  # the target choice that reads the "Other target" field


def mhing_settings(data: dict[str, Any]) -> dict[str, Any]:
    """`Table.create`'s keyword arguments for a Mhing table."""
    target = data["other_target"] if data["target"] == OTHER else int(data["target"])
    return {
        "players": data["players"],
        "variant": data["variant"],
        "target": target,
        "round_limit": data["round_limit"] if data["variant"] == VariantChoice.CHIPS else None,
        "claim_timeout": data["claim_timeout"],
        "league": data["league"],
    }
