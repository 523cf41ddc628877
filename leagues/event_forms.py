"""The tournament organiser's forms (leagues.views.events): creating an event, registering
players, changing an entrant. They check what is typed; leagues.models.event_running does
the rest."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from leagues.models import Club, Entrant, Event, Player
from leagues.models.event import tiebreak_labels
from leagues.models.league import GameChoice

TIEBREAK_FIELDS = ("tiebreak_1", "tiebreak_2", "tiebreak_3", "tiebreak_4")


class EventForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    game = forms.ChoiceField(
        label=pgettext_lazy("which game a tournament plays", "Game"), choices=GameChoice.choices
    )
    session_count = forms.IntegerField(
        label=gettext_lazy("Sessions"), min_value=1, max_value=20, initial=4
    )
    table_size = forms.TypedChoiceField(
        label=gettext_lazy("Players at a table"),
        choices=[(4, "4"), (3, "3")],
        coerce=int,
        initial=4,
    )
    session_minutes = forms.IntegerField(
        label=gettext_lazy("Minutes per session"), min_value=1, max_value=600, initial=90
    )
    seating = forms.ChoiceField(
        label=gettext_lazy("Seating"),
        choices=Event.Seating.choices,
        initial=Event.Seating.PLANNED,
        widget=forms.RadioSelect,
        help_text=gettext_lazy(
            "Planned in advance: every session is planned when registration closes, repeated "
            "meetings and winds as even as the count allows. Swiss: each session is seated "
            "from the ranking so far, still avoiding repeated meetings."
        ),
    )

    def __init__(self, *args: Any, user=None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        labels = [("", "—"), *tiebreak_labels().items()]
        defaults = ["points", "placings", "head_to_head", ""]
        for n, (field, initial) in enumerate(zip(TIEBREAK_FIELDS, defaults, strict=True), 1):
            self.fields[field] = forms.ChoiceField(
                label=gettext_lazy("Tiebreak %(n)d") % {"n": n},
                choices=labels,
                required=False,
                initial=initial,
            )
        clubs = list(Club.objects.owned_by(user)) if user is not None else []
        if clubs:
            self.fields["club"] = forms.TypedChoiceField(
                label=gettext_lazy("Club"),
                coerce=int,
                empty_value=None,
                required=False,
                choices=[
                    *((club.pk, club.name) for club in clubs),
                    ("", gettext_lazy("A new club, named after the tournament")),
                ],
                initial=clubs[0].pk,
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        keys = [data.get(field) for field in TIEBREAK_FIELDS if data.get(field)]
        if not keys:
            raise forms.ValidationError(gettext_lazy("Choose at least one tiebreak."))
        if len(set(keys)) != len(keys):
            raise forms.ValidationError(gettext_lazy("Choose each tiebreak once."))
        data["tiebreaks"] = keys
        return data

    def chosen_club(self) -> Club | None:
        chosen = self.cleaned_data.get("club")
        return Club.objects.filter(pk=chosen).first() if chosen else None


class RegisterForm(forms.Form):
    """Club players by ticking; a guest by name (and EMA number)."""

    players = forms.ModelMultipleChoiceField(
        label=gettext_lazy("The club's players"),
        queryset=Player.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    guest_name = forms.CharField(label=gettext_lazy("Guest's name"), max_length=80, required=False)
    guest_ema = forms.CharField(
        label=gettext_lazy("Guest's EMA number"), max_length=12, required=False
    )

    def __init__(self, event: Event, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        registered = event.entrants.values_list("player_id", flat=True)
        self.fields["players"].queryset = (
            Player.objects.in_club(event.league.club_id)
            .filter(is_bot=False)
            .exclude(pk__in=registered)
            .order_by("display_name")
        )


class EntrantForm(forms.Form):
    status = forms.ChoiceField(label=gettext_lazy("Status"), choices=Entrant.Status.choices)
    ema_number = forms.CharField(label=gettext_lazy("EMA number"), max_length=12, required=False)
    substitute_name = forms.CharField(
        label=gettext_lazy("Substitute's name"), max_length=80, required=False
    )
    substitute_ema = forms.CharField(
        label=gettext_lazy("Substitute's EMA number"), max_length=12, required=False
    )
