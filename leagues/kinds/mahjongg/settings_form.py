"""Mah-Jongg's rules on the league's settings page (leagues.organiser_forms.LeagueForm adds
these fields): the rule profile new matches are played under, kept in League.rules
(scoring.mahjongg.profile)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from scoring.mahjongg.hand import Pairs
from scoring.mahjongg.profile import MAX_LIMIT, Profile
from scoring.mahjongg.rotation import Rotation
from scoring.mahjongg.settle import Method


class MahjonggSettingsForm(forms.Form):
    # Each field is optional: a post without the rules (an older page, a client) keeps them.
    # Radio buttons: the long choices were cut off in a select on a phone in German and French.
    mj_settle = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        label=gettext_lazy("Settlement"),
        choices=[
            (
                Method.DIFF.value,
                gettext_lazy("Differences: each pays every higher score the difference"),
            ),
            (Method.FULL.value, gettext_lazy("Full value: everyone pays the caller's score first")),
        ],
    )
    mj_limit = forms.IntegerField(
        required=False,
        label=gettext_lazy("Limit"),
        min_value=1,
        max_value=MAX_LIMIT,
        help_text=gettext_lazy("No hand scores more than this."),
    )
    # Radio buttons: the long choices were cut off in a select on a phone in German and French.
    mj_rotation = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        label=gettext_lazy("Who deals"),
        choices=[
            (
                Rotation.FIXED_EAST.value,
                gettext_lazy("East deals a whole round, then the winds pass"),
            ),
            (
                Rotation.ROTATING_DEALER.value,
                gettext_lazy("Seats stay; the round wind's seat deals"),
            ),
            (
                Rotation.CLASSICAL.value,
                gettext_lazy("East passes on after every game East does not win"),
            ),
        ],
    )
    mj_players = forms.TypedChoiceField(
        required=False,
        label=gettext_lazy("Players at a table"),
        coerce=int,
        choices=[(4, gettext_lazy("Four")), (3, gettext_lazy("Three (North stays empty)"))],
    )
    mj_bonus_tiles = forms.BooleanField(
        label=gettext_lazy("Bonus tiles (flowers and seasons)"), required=False
    )
    mj_settled_draw = forms.BooleanField(
        label=gettext_lazy("Settle draws: everyone pays each higher score the difference"),
        required=False,
    )

    # MAHJONGG.md §3.1: 002 scores only the caller's pairs; 004 values unfinished hands by
    # their pairs too. Radio buttons, as the other long choices.
    mj_pairs = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        label=gettext_lazy("Pairs of dragons and winds"),
        choices=[
            (Pairs.CALLER.value, gettext_lazy("Only the caller's pair scores")),
            (
                Pairs.ALL.value,
                gettext_lazy("Every player's pairs score, as the caller's pair does"),
            ),
        ],
    )

    @staticmethod
    def initial(profile: Profile) -> dict[str, Any]:
        return {
            "mj_settle": profile.settle.value,
            "mj_limit": profile.limit,
            "mj_rotation": profile.rotation.value,
            "mj_players": profile.players,
            "mj_bonus_tiles": profile.bonus_tiles,
            "mj_settled_draw": profile.settled_draw,
            "mj_pairs": profile.pairs.value,
        }

    @classmethod
    def rules(cls, data: Mapping[str, Any], posted: Mapping[str, Any], current: Profile) -> dict:
        """The rules the cleaned `data` give; a post without any of them keeps them all
        (checkboxes are absent from a post when unticked, so one alone cannot say)."""
        if not any(name in posted for name in cls.base_fields):
            return current.to_dict()
        return Profile(
            settle=Method(data["mj_settle"]) if data.get("mj_settle") else current.settle,
            limit=data.get("mj_limit") or current.limit,
            rotation=Rotation(data["mj_rotation"]) if data.get("mj_rotation") else current.rotation,
            players=data.get("mj_players") or current.players,
            bonus_tiles=bool(data.get("mj_bonus_tiles")),
            settled_draw=bool(data.get("mj_settled_draw")),
            pairs=Pairs(data["mj_pairs"]) if data.get("mj_pairs") else current.pairs,
        ).to_dict()
