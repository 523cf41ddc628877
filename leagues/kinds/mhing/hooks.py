"""Mhing's answers to what the league layer asks of a game (leagues.kinds.base.GameKind)
that are not a page, a sheet or an export of their own."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from leagues.models.settle import settle_rounds
from scoring.mhing.match_scoring import MAX_PLAYERS, MIN_PLAYERS
from scoring.mhing.profile import Profile


def read_rules(data: dict[str, Any]) -> Profile:
    return Profile.from_dict(data)


def table_size(league) -> int | None:
    return None  # tables of 2 to 6 (leagues.nights.seating)


def check_seats(rules: Profile, players) -> int | None:
    """Whether the match's rules can be played by these players (RULES.md §6: chips by 2 to
    4); the first dealer is chosen, or drawn at random (RULES.md §5 ruling)."""
    count = len(players)
    try:
        rules.match_rules(count)
    except ValueError as error:
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            message = _("A match has 2 to 6 players, not %(count)s.")
        else:
            message = _("Chips are played by 2 to 4 players, not %(count)s.")
        raise ValidationError(message % {"count": count}, code="rules") from error
    return None


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
    rules = match.game_rules
    return {
        "target": rules.target,
        "variant": rules.variant.value,
        "round_limit": rules.round_limit,
    }
