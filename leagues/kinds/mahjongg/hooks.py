"""Mah-Jongg's answers to what the league layer asks of a game (leagues.kinds.base.GameKind)
that are not a page, a sheet or an export of their own (docs/mahjongg_leagues.md)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import npgettext

from scoring.mahjongg.profile import Profile


def read_rules(data: dict[str, Any]) -> Profile:
    return Profile.from_dict(data)


def table_size(league) -> int | None:
    """Every table of a Mah-Jongg league seats the profile's number of players."""
    return league.rule_profile().players


def check_seats(rules: Profile, players) -> int | None:
    needed = rules.players
    if len(players) != needed:
        raise ValidationError(
            _("This league plays Mah-Jongg with %(needed)s players, not %(count)s.")
            % {"needed": needed, "count": len(players)},
            code="rules",
        )
    return 0  # the first player sits East (MAHJONGG.md §7)


def seat_name(position: int) -> str:
    """The seat wind of the first game: the first player sits East (MAHJONGG.md §7)."""
    from leagues.kinds.mahjongg.forms import WIND_CODES, WIND_NAMES

    return str(WIND_NAMES[WIND_CODES[position]]) if position < len(WIND_CODES) else ""


def seated_message() -> str:
    return _("The tables are seated: enter each table's games.")


def count_played(count: int) -> str:
    # "with 4 games": German needs the dative, so the words have a context.
    return npgettext("import summary", "%(count)s game", "%(count)s games", count) % {
        "count": count
    }
