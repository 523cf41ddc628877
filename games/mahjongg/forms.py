"""The lobby's choice of game, and the rules a Mah-Jongg table without a league is opened
with (the same fields, labels and translations as a Mah-Jongg league's rules). A table of a
Mah-Jongg league plays its league's profile; the fields are then not asked for."""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from leagues.models.league import GameChoice
from leagues.organiser_forms import LeagueForm
from scoring.mahjongg.hand import Pairs
from scoring.mahjongg.profile import DEFAULT, Profile
from scoring.mahjongg.rotation import Rotation
from scoring.mahjongg.settle import Method

RULE_FIELDS = (
    "mj_settle",
    "mj_limit",
    "mj_rotation",
    "mj_players",
    "mj_bonus_tiles",
    "mj_settled_draw",
    "mj_pairs",
)
INITIAL = {
    "mj_settle": DEFAULT.settle.value,
    "mj_limit": DEFAULT.limit,
    "mj_rotation": DEFAULT.rotation.value,
    "mj_players": DEFAULT.players,
    "mj_bonus_tiles": DEFAULT.bonus_tiles,
    "mj_settled_draw": DEFAULT.settled_draw,
    "mj_pairs": DEFAULT.pairs.value,
}


def _rule_field(name: str) -> forms.Field:
    field = copy.deepcopy(LeagueForm.base_fields[name])
    field.required = False
    field.initial = INITIAL[name]
    return field


class MahjonggTableFields(forms.Form):
    # Not required: a form posted without it (older pages, scripts) opens a Mhing table.
    game = forms.ChoiceField(
        label=_("Game"), choices=GameChoice.choices, initial=GameChoice.MHING, required=False
    )
    mj_settle = _rule_field("mj_settle")
    mj_limit = _rule_field("mj_limit")
    mj_rotation = _rule_field("mj_rotation")
    mj_players = _rule_field("mj_players")
    mj_bonus_tiles = _rule_field("mj_bonus_tiles")
    mj_settled_draw = _rule_field("mj_settled_draw")
    mj_pairs = _rule_field("mj_pairs")

    # The fields only a Mhing table asks for (games.forms.TableForm); the rest is shared.
    MHING_FIELDS: tuple[str, ...] = ()

    def __init__(self, *args: Any, game: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The game is chosen first (the lobby's links, as "Create a league" does), so only
        # its own fields follow, with or without script; a post says which it was.
        if self.is_bound:
            game = self.data.get("game") or GameChoice.MHING
        self.chosen_game = game if game in GameChoice.values else GameChoice.MHING
        self.fields["game"].widget = forms.HiddenInput()
        self.initial["game"] = self.chosen_game
        mahjongg = self.chosen_game == GameChoice.MAHJONGG
        for name in self.MHING_FIELDS if mahjongg else RULE_FIELDS:
            del self.fields[name]
        for name in RULE_FIELDS if mahjongg else ():
            self.fields[name].help_text = _("Mah-Jongg without a league only.")
        others = [n for n in self.fields if n != "game" and n not in RULE_FIELDS]
        self.order_fields(["game", *others, *(RULE_FIELDS if mahjongg else ())])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        league = data.get("league")
        data["game"] = data.get("game") or GameChoice.MHING
        if league is not None and league.game != data["game"]:
            self.add_error(
                "league",
                _(
                    "%(league)s plays %(game)s. To record this table there, choose "
                    "%(game)s under “Which game?” above; or choose another league."
                )
                % {"league": league.name, "game": league.get_game_display()},
            )
        return data


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
