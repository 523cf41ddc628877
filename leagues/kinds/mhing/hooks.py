"""Mhing's answers to what the league layer asks of a game (leagues.kinds.base.GameKind)
that are not a page, a sheet or an export of their own."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from leagues.models.settle import settle_rounds
from scoring.mhing.profile import Profile


def read_rules(data: dict[str, Any]) -> Profile:
    return Profile.from_dict(data)


def new_match(league) -> dict[str, Any]:
    """A Mhing match keeps the league's variant and target as they were when it began, in
    its own columns (which the new-match page may set otherwise)."""
    rules = league.rule_profile()
    return {"target_points": rules.target, "variant": rules.variant.value}


def table_size(league) -> int | None:
    return None  # tables of 2 to 6 (leagues.nights.seating)


def check_seats(league, players) -> int | None:
    return None  # the first dealer is chosen, or drawn at random (RULES.md §5 ruling)


def settle(match) -> None:
    settle_rounds(match)


def seat_name(position: int) -> str:
    return ""  # Mhing's seats have no names; the dealer is drawn (RULES.md §5)


def seated_message() -> str:
    return _("The tables are seated: enter each table's rounds.")


def count_played(count: int) -> str:
    return ngettext("%(count)s round", "%(count)s rounds", count) % {"count": count}


def export_league(league) -> dict[str, Any]:
    # No "game" key: a Mhing league, as in every file written before Mah-Jongg.
    rules = league.rule_profile()
    return {"default_target": rules.target, "default_variant": rules.variant.value}


def export_match(match, seats) -> dict[str, Any]:
    return {}
