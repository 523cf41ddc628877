"""A Mhing table's fields on the lobby's form (games.forms.TableForm adds the shared ones)
and `Table.create`'s keyword arguments from them, asked through the registry
(games.mhing.live)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from leagues.models.league import VariantChoice

OTHER = "other"  # the target choice that reads the "Other target" field

TARGET_CHOICES = [
    ("500", "500"),
    ("200", "200"),
    ("100", "100"),
    (OTHER, _("Other…")),
]


def form_fields() -> dict[str, forms.Field]:
    return {
        "players": forms.TypedChoiceField(
            label=_("Players"),
            choices=[(n, str(n)) for n in range(2, 7)],
            coerce=int,
            initial=4,
        ),
        "variant": forms.ChoiceField(
            label=_("Scoring"),
            choices=VariantChoice.choices,
            initial=VariantChoice.POINTS,
            help_text=_("Chips are played by 2 to 4 players."),
        ),
        "target": forms.ChoiceField(
            label=_("Target points"),
            choices=TARGET_CHOICES,
            initial="500",
            help_text=_("Points race: the first to reach it wins the match."),
        ),
        "other_target": forms.IntegerField(
            label=_("Other target"),
            min_value=1,
            required=False,
            help_text=_("Any positive number."),
        ),
        "round_limit": forms.IntegerField(
            label=_("Number of rounds"),
            min_value=1,
            required=False,
            help_text=_("Chips only; empty: until one player holds all the chips."),
        ),
    }


FORM_ORDER = [
    "game",
    "players",
    "variant",
    "target",
    "other_target",
    "round_limit",
    "claim_timeout",
    "league",
]


def clean_form(form: forms.Form, data: dict[str, Any]) -> None:
    if data.get("target") == OTHER and not data.get("other_target"):
        form.add_error("other_target", _("Enter the target points."))


def mhing_settings(data: dict[str, Any]) -> dict[str, Any]:
    """`Table.create`'s keyword arguments for a Mhing table."""
    target = data["other_target"] if data["target"] == OTHER else int(data["target"])
    return {
        "game": "mhing",
        "players": data["players"],
        "variant": data["variant"],
        "target": target,
        "round_limit": data["round_limit"] if data["variant"] == VariantChoice.CHIPS else None,
        "claim_timeout": data["claim_timeout"],
        "league": data["league"],
    }
