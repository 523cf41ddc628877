"""The lobby's form: the settings of a new table. The table itself checks them again
(`Table.create`), so this form only turns the posted fields into its arguments.

The game is chosen first (the lobby's links, as "Create a league" does), so only its own
fields follow, with or without script; a post says which it was. Each game adds its fields,
their order and its checks through the registry (games.engine.LiveGame.form_fields)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms.models import ModelChoiceIterator
from django.utils.translation import gettext_lazy as _

from games import registry
from games.models import DEFAULT_CLAIM_TIMEOUT
from leagues.kinds import DEFAULT as DEFAULT_GAME
from leagues.models import League
from leagues.models.league import GameChoice


class _OfferedLeagues(ModelChoiceIterator):
    """The leagues the list shows: those of the table's game (`field.offered`)."""

    def __init__(self, field: LeagueField) -> None:
        super().__init__(field)
        self.queryset = field.offered


class LeagueField(forms.ModelChoiceField):
    """Shows the leagues of the chosen game only, but takes any league the user may record
    in, so that another game's league (a page from before a league's game was changed, a
    hand-made post) is refused with the reason and what to do (TableForm.clean), not with
    Django's bare "not one of the available choices"."""

    iterator = _OfferedLeagues
    offered = League.objects.none()


def live_choices() -> list[tuple[str, str]]:
    """The games played at live tables (the registry's), as `GameChoice` names them."""
    live = {game.key for game in registry.live_games()}
    return [(value, label) for value, label in GameChoice.choices if value in live]


class TableForm(forms.Form):
    # Not required: a form posted without it (older pages, scripts) opens the default game.
    game = forms.ChoiceField(
        label=_("Game"), choices=live_choices, initial=DEFAULT_GAME, required=False
    )
    claim_timeout = forms.IntegerField(
        label=_("Seconds to claim a discard"),
        min_value=1,
        max_value=120,
        initial=DEFAULT_CLAIM_TIMEOUT,
    )
    league = LeagueField(
        label=_("Record in league"),
        queryset=League.objects.none(),
        required=False,
        empty_label=_("None: a friendly game"),
        help_text=_("The finished match is entered in this league's results."),
    )

    def __init__(self, *args: Any, user, game: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.is_bound:
            game = self.data.get("game") or DEFAULT_GAME
        live = {g.key for g in registry.live_games()}
        self.chosen_game = game if game in live else DEFAULT_GAME
        self.live = registry.live_game(self.chosen_game)
        self.fields["game"].widget = forms.HiddenInput()
        self.initial["game"] = self.chosen_game
        self.fields.update(self.live.form_fields())
        self.order_fields(self.live.form_order())
        # The list follows the game chosen above (the lobby's links swap the form: with
        # htmx in place, without script by a reload); clean() checks the league's game.
        field = self.fields["league"]
        field.offered = League.objects.recordable_by(user, game=self.chosen_game)
        field.queryset = League.objects.recordable_by(user)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        league = data.get("league")
        data["game"] = data.get("game") or DEFAULT_GAME
        offered = self.fields["league"].offered  # the chosen game's leagues
        if league is not None and not offered.filter(pk=league.pk).exists():
            self.add_error(
                "league",
                _(
                    "%(league)s plays %(game)s. To record this table there, choose "
                    "%(game)s under “Which game?” above; or choose another league."
                )
                % {"league": league.name, "game": league.get_game_display()},
            )
        self.live.clean_form(self, data)
        return data

    def table_settings(self) -> dict[str, Any]:
        """The keyword arguments of `Table.create`, by the chosen game."""
        return self.live.table_settings(self.cleaned_data)
