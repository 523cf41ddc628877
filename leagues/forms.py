"""Forms of the match pages: starting a match, entering or correcting a round, and the bare
version check behind the one-click buttons (draw, undo, delete).

Forms parse and word errors; the rules (who may sit, what a round may be) are the models'
(`Match.begin`, `RoundEntry.check`), whose field-keyed ValidationErrors `add_model_error`
puts next to the fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leagues.names import refuse_control_characters
from scoring.mhing.match_scoring import DEFAULT_TARGET, MAX_PLAYERS

from .models import League, Match, Player, RoundEntry
from .models.league import VariantChoice
from .models.round import Outcome, WinType

QUICK_TARGETS = (500, 200, 100)
OTHER = "other"
RANDOM = ""


def error_links(form: forms.Form, targets: Mapping[str, str] | None = None) -> list:
    """Each error of a visible field with the id of the control that fixes it, for the
    links of a refused form's summary: following one puts the keyboard's focus there
    (a radio field's first choice; `targets` names others, as the picker's typing box)."""
    links = []
    for field in form.visible_fields():
        target = (targets or {}).get(field.name)
        if target is None:
            radio = isinstance(field.field.widget, forms.RadioSelect)
            target = f"{field.auto_id}_0" if radio else field.auto_id
        links += [(target, error) for error in field.errors]
    return links


def add_model_error(form: forms.Form, error: ValidationError) -> None:
    """Show a model's ValidationError on the form: next to the field it names when the form
    has that field, at the top otherwise."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, error)


class DateInput(forms.DateInput):
    """A browser's date picker. Its value is ISO 8601 (yyyy-mm-dd) in every language: a
    German page would write "25.11.2026", which the browser refuses, leaving a required date
    empty so the club night's and the match's forms could not be sent."""

    input_type = "date"

    def __init__(self, attrs=None, format: str | None = None) -> None:
        super().__init__(attrs, format=format or "%Y-%m-%d")


class MatchForm(forms.Form):
    """Up to six seats in seat order, each a player of the league's roster or a new name."""

    first_dealer = forms.ChoiceField(label=gettext_lazy("First dealer"), required=False)
    target_choice = forms.ChoiceField(
        label=gettext_lazy("Target points"),
        widget=forms.RadioSelect,
        choices=[*((str(t), str(t)) for t in QUICK_TARGETS), (OTHER, gettext_lazy("Other:"))],
    )
    target_other = forms.IntegerField(
        label=gettext_lazy("Other target"), required=False, min_value=1
    )
    variant = forms.ChoiceField(
        label=gettext_lazy("Variant"), choices=VariantChoice.choices, widget=forms.RadioSelect
    )
    round_limit = forms.IntegerField(
        label=gettext_lazy("Number of rounds (chips, optional)"), required=False, min_value=1
    )
    played_on = forms.DateField(label=gettext_lazy("Date"), widget=DateInput)

    def __init__(self, league: League, *args: Any, **kwargs: Any) -> None:
        # The variant and target a new match takes from the league's rules (Mhing's; a
        # Mah-Jongg match has neither, its form leaves them out).
        begun = league.rules
        target = begun.get("target", DEFAULT_TARGET)
        kwargs.setdefault(
            "initial",
            {
                "first_dealer": RANDOM,
                "target_choice": str(target) if target in QUICK_TARGETS else OTHER,
                "target_other": None if target in QUICK_TARGETS else target,
                "variant": begun.get("variant", VariantChoice.POINTS),
                "played_on": date.today(),
            },
        )
        super().__init__(*args, **kwargs)
        self.league = league
        # Retired players are not offered (leagues.models.roster); typing the name still works.
        playing = league.players.exclude(retired_in=league)
        roster = [("", "—"), *((str(p.pk), p.display_name) for p in playing)]
        self.roster = {choice: name for choice, name in roster if choice}
        for seat in self.seat_numbers:
            self.fields[f"seat{seat}_player"] = forms.ChoiceField(
                label=_("Seat %(seat)s: player") % {"seat": seat}, choices=roster, required=False
            )
            self.fields[f"seat{seat}_name"] = forms.CharField(
                label=_("Seat %(seat)s: or a new player") % {"seat": seat},
                max_length=Player._meta.get_field("display_name").max_length,
                required=False,
            )
        self.fields["first_dealer"].choices = [
            (RANDOM, _("Draw at random")),
            *((str(seat), _("Seat %(seat)s") % {"seat": seat}) for seat in self.seat_numbers),
        ]

    seat_numbers = range(1, MAX_PLAYERS + 1)

    def seat_fields(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(s, self[f"seat{s}_player"], self[f"seat{s}_name"]) for s in self.seat_numbers]

    def seat_rows(self) -> list[tuple[object, forms.BoundField, forms.BoundField]]:
        """Each seat's row on the start-a-match page (leagues/match_new_base.html): named by its
        number here; the Mah-Jongg form names it by its wind."""
        return self.seat_fields()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seats: dict[int, str | int] = {}  # seat number → roster player's pk or a new name
        for seat in self.seat_numbers:
            chosen = data.get(f"seat{seat}_player")
            name = " ".join((data.get(f"seat{seat}_name") or "").split())
            if chosen and name:
                self.add_error(
                    f"seat{seat}_name",
                    _("Choose a player from the list or type a new name, not both."),
                )
            elif chosen:
                seats[seat] = int(chosen)
            elif name:
                try:
                    refuse_control_characters(data.get(f"seat{seat}_name") or "")
                except ValidationError as error:
                    self.add_error(f"seat{seat}_name", error)
                else:
                    seats[seat] = name
        if len(seats) < 2:
            self.add_error(None, _("Choose at least two players."))
        dealer = data.get("first_dealer")
        if dealer and int(dealer) not in seats:
            self.add_error("first_dealer", _("Seat %(seat)s is empty.") % {"seat": dealer})
            dealer = None
        data["seats"] = seats
        # Seats left empty close up: the first dealer is counted among the seated players.
        data["dealer_index"] = list(seats).index(int(dealer)) if dealer else None
        if data.get("target_choice") == OTHER:
            if not data.get("target_other"):
                self.add_error("target_other", _("Enter the target points."))
            data["target_points"] = data.get("target_other")
        elif data.get("target_choice"):
            data["target_points"] = int(data["target_choice"])
        if data.get("round_limit") and data.get("variant") != VariantChoice.CHIPS:
            self.add_error(
                "round_limit", _("A number of rounds is agreed for chips only, not a race.")
            )
        return data

    @transaction.atomic
    def begin_match(self, by) -> Match:
        """Start the match; new names become players. Nothing is kept if Match.begin
        refuses (it raises ValidationError, and the players it would have seated go too)."""
        data = self.cleaned_data
        players = [
            Player.objects.in_club(self.league.club_id).get(pk=seat)
            if isinstance(seat, int)
            else _player_named(self.league, seat)
            for seat in data["seats"].values()
        ]
        return Match.begin(
            self.league,
            players,
            first_dealer=data["dealer_index"],
            rules={
                "target": data["target_points"],
                "variant": data["variant"],
                "round_limit": data.get("round_limit"),
            },
            played_on=data["played_on"],
            by=by,
        )


def _player_named(league: League, name: str) -> Player:
    """Names are unique in a club (one name, one person on every sheet of the club): a typed
    name of the league's club, in any capitalisation, is that player; any other name is a
    new player of the club. Another club's players are never looked at (the wall)."""
    from .models.roster import create_player, refuse_look_alike

    player = Player.objects.named(league.club_id, name).first()
    if player is None:
        refuse_look_alike(league.club_id, name)
        player = create_player(league.club_id, name)
    return player


class RoundForm(forms.Form):
    """A round as entered after real-card play. The hand is the `hand` field: the card
    picker's box, typed into or written by tapping cards (scoring.picker); credits and
    points are never typed."""

    outcome = forms.ChoiceField(
        label=gettext_lazy("Outcome"), choices=Outcome.choices, widget=forms.RadioSelect
    )
    winner = forms.TypedChoiceField(
        label=gettext_lazy("Winner"),
        coerce=int,
        required=False,
        empty_value=None,
        widget=forms.RadioSelect,
    )
    win_type = forms.ChoiceField(
        label=gettext_lazy("Win"),
        choices=WinType.choices,
        required=False,
        widget=forms.RadioSelect,
    )
    discarder = forms.TypedChoiceField(
        label=gettext_lazy("Discarded by"), coerce=int, required=False, empty_value=None
    )
    hand = forms.CharField(
        label=gettext_lazy("Type or paste a hand"), required=False, max_length=200
    )
    # The version of the match (new round) or of the round (correction) the form was loaded
    # from: a save made from an outdated page is refused, not applied over someone's change.
    version = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    # The id the page (or the phone, offline) made for this entry: a second sending of it
    # is answered from the first, never saved twice (leagues/models/entry_receipt.py).
    entry_id = forms.UUIDField(required=False, widget=forms.HiddenInput)
    # A new round: how many rounds the match had when the form was loaded. An entry kept
    # offline that arrives when the match holds another count is held for the organiser.
    after = forms.IntegerField(min_value=0, required=False, widget=forms.HiddenInput)

    # Carried in the picker's links, so a page without JavaScript keeps them between clicks.
    CARRIED = ("outcome", "winner", "win_type", "discarder", "version")

    def error_links(self) -> list:
        """What the summary of a refused save links to (the hand: its typing box)."""
        return error_links(self, {"hand": "picker-notation"})

    def __init__(self, players: list[Player], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = {p.pk: p for p in players}
        self.fields["winner"].choices = [(p.pk, p.display_name) for p in players]
        self.fields["discarder"].choices = [("", "—")] + [(p.pk, p.display_name) for p in players]

    @classmethod
    def initial_from(cls, query: Mapping[str, str], defaults: Mapping[str, Any]) -> dict:
        """Initial values: the defaults, then what the picker's links carried."""
        initial = dict(defaults)
        initial.update({name: query[name] for name in cls.CARRIED if query.get(name)})
        return initial

    @classmethod
    def carried_from(cls, query: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
        """What a picker link (or picker.js) carried in `query`, to carry on."""
        return tuple((name, query[name]) for name in cls.CARRIED if query.get(name))

    def carried(self) -> tuple[tuple[str, str], ...]:
        """The form's current values, for the picker's links."""
        values = []
        for name in self.CARRIED:
            value = self.data.get(name) if self.is_bound else self.initial.get(name)
            if value not in (None, ""):
                values.append((name, str(value)))
        return tuple(values)

    def hand_text(self) -> str:
        return (self.data.get("hand") if self.is_bound else self.initial.get("hand")) or ""

    def entry(self) -> RoundEntry:
        """The round as the models take it. A draw keeps nothing of a winner chosen before
        the outcome was switched; a self-drawn win nothing of a discarder."""
        data = self.cleaned_data
        if data["outcome"] == Outcome.DRAW:
            return RoundEntry.draw()
        win_type = data.get("win_type") or ""
        discarder = data.get("discarder") if win_type == WinType.DISCARD else None
        return RoundEntry(
            outcome=data["outcome"],
            winner=self.players.get(data.get("winner")),
            win_type=win_type,
            discarder=self.players.get(discarder),
            hand=data.get("hand") or "",
        )

    def with_version(self, version: int) -> RoundForm:
        """The same entry, bound again with a fresh version: after a refused stale save the
        user keeps everything typed and can save again deliberately."""
        data = self.data.copy()
        data["version"] = str(version)
        form = RoundForm(list(self.players.values()), data)
        form.is_valid()
        return form


class VersionForm(forms.Form):
    """The version a one-click button (draw, undo, delete) was shown with."""

    version = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
