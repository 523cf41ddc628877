"""The lobby's form: the settings of a new table. The table itself checks them again
(`Table.create`), so this form only turns the posted fields into its arguments."""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms.models import ModelChoiceIterator
from django.utils.translation import gettext_lazy as _

from games.mahjongg.forms import MahjonggTableFields
from games.mhing.forms import OTHER
from games.models import DEFAULT_CLAIM_TIMEOUT
from leagues.kinds import kind_of
from leagues.models import League
from leagues.models.league import VariantChoice

TARGET_CHOICES = [
    ("500", "500"),
    ("200", "200"),
    ("100", "100"),
    (OTHER, _("Other…")),
]


class _OfferedLeagues(ModelChoiceIterator):
    """The leagues the list shows: those of the table's game (`field.offered`)."""

    def __init__(self, field: LeagueField) -> None:
        super().__init__(field)
        self.queryset = field.offered


class LeagueField(forms.ModelChoiceField):
    """Shows the leagues of the chosen game only, but takes any league the user may record
    in, so that another game's league (a page from before a league's game was changed, a
    hand-made post) is refused with the reason and what to do (MahjonggTableFields.clean),
    not with Django's bare "not one of the available choices"."""

    iterator = _OfferedLeagues
    offered = League.objects.none()


class TableForm(MahjonggTableFields):  # the choice of game: games.mahjongg.forms
    players = forms.TypedChoiceField(
        label=_("Players"),
        choices=[(n, str(n)) for n in range(2, 7)],
        coerce=int,
        initial=4,
    )
    variant = forms.ChoiceField(
        label=_("Scoring"),
        choices=VariantChoice.choices,
        initial=VariantChoice.POINTS,
        help_text=_("Chips are played by 2 to 4 players."),
    )
    target = forms.ChoiceField(
        label=_("Target points"),
        choices=TARGET_CHOICES,
        initial="500",
        help_text=_("Points race: the first to reach it wins the match."),
    )
    other_target = forms.IntegerField(
        label=_("Other target"), min_value=1, required=False, help_text=_("Any positive number.")
    )
    round_limit = forms.IntegerField(
        label=_("Number of rounds"),
        min_value=1,
        required=False,
        help_text=_("Chips only; empty: until one player holds all the chips."),
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

    MHING_FIELDS = ("players", "variant", "target", "other_target", "round_limit")

    def __init__(self, *args: Any, user, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The list follows the game chosen above (the lobby's links swap the form: with
        # htmx in place, without script by a reload); clean() checks the league's game.
        field = self.fields["league"]
        field.offered = League.objects.recordable_by(user, game=self.chosen_game)
        field.queryset = League.objects.recordable_by(user)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        # Only a Mhing table's form has a target (a Mah-Jongg table's fields leave it out).
        if data.get("target") == OTHER and not data.get("other_target"):
            self.add_error("other_target", _("Enter the target points."))
        return data

    def table_settings(self) -> dict[str, Any]:
        """The keyword arguments of `Table.create`, by the chosen game (its `live_table`)."""
        data = self.cleaned_data
        return kind_of(data["game"]).live_table.table_settings(data)
