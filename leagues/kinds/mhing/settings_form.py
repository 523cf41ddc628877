"""Mhing's rules on the league's settings page (leagues.organiser_forms.LeagueForm adds these
fields): the variant and target a new match proposes, kept in League.rules
(scoring.mhing.profile). The field names are those of every page and client made before the
rules moved into League.rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy

from leagues.models.league import VariantChoice
from scoring.mhing.profile import MAX_TARGET, Profile, Variant


class MhingSettingsForm(forms.Form):
    default_variant = forms.ChoiceField(
        label=capfirst(gettext_lazy("default variant")), choices=VariantChoice.choices
    )
    default_target = forms.IntegerField(
        label=capfirst(gettext_lazy("default target points")), min_value=1, max_value=MAX_TARGET
    )

    @staticmethod
    def initial(profile: Profile) -> dict[str, Any]:
        return {"default_variant": profile.variant.value, "default_target": profile.target}

    @staticmethod
    def rules(data: Mapping[str, Any], posted: Mapping[str, Any], current: Profile) -> dict:
        """The rules the cleaned `data` give; a field left out of the post keeps its value."""
        variant = data.get("default_variant")
        return Profile(
            target=data.get("default_target") or current.target,
            variant=Variant(variant) if variant else current.variant,
        ).to_dict()
