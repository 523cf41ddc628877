"""The rules a Mah-Jongg table without a league is opened with, on the lobby's form (the same
fields, labels and translations as a Mah-Jongg league's rules; games.forms.TableForm adds
the shared ones). A table of a Mah-Jongg league plays its league's profile."""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from leagues.kinds.mahjongg.settings_form import MahjonggSettingsForm
from leagues.models.league import GameChoice
from scoring.mahjongg.hand import Pairs
from scoring.mahjongg.profile import DEFAULT, Profile
from scoring.mahjongg.rotation import Rotation
from scoring.mahjongg.settle import Method

RULE_FIELDS = tuple(MahjonggSettingsForm.base_fields)
INITIAL = MahjonggSettingsForm.initial(DEFAULT)


def _rule_field(name: str) -> forms.Field:
    field = copy.deepcopy(MahjonggSettingsForm.base_fields[name])
    field.required = False
    field.initial = INITIAL[name]
    return field


def form_fields() -> dict[str, forms.Field]:
    """The rules a Mah-Jongg table without a league is opened with."""
    fields = {name: _rule_field(name) for name in RULE_FIELDS}
    for field in fields.values():
        field.help_text = _("Mah-Jongg without a league only.")
    return fields


FORM_ORDER = ["game", "claim_timeout", "league", *RULE_FIELDS]


def mahjongg_settings(data: dict[str, Any]) -> dict[str, Any]:
    """`Table.create`'s keyword arguments for a Mah-Jongg table."""
    rules = Profile(
        settle=Method(data["mj_settle"] or DEFAULT.settle.value),
        limit=data["mj_limit"] or DEFAULT.limit,
        rotation=Rotation(data["mj_rotation"] or DEFAULT.rotation.value),
        players=data["mj_players"] or DEFAULT.players,
        bonus_tiles=bool(data["mj_bonus_tiles"]),
        settled_draw=bool(data["mj_settled_draw"]),
        pairs=Pairs(data["mj_pairs"] or DEFAULT.pairs.value),
    )
    return {
        "game": GameChoice.MAHJONGG,
        "rules": rules,
        "claim_timeout": data["claim_timeout"],
        "league": data["league"],
    }
