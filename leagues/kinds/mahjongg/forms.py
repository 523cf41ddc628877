"""Forms of a Mah-Jongg league's pages (docs/mahjongg_leagues.md): starting a match (3 or 4
players by the league's rules, in seat-wind order) and entering a game (who called
Mah-Jongg, or a draw, and each player's tiles in notation). They parse; the rules are in
leagues.models.mahjongg_game and scoring.mahjongg."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leagues.forms import DateInput, MatchForm, _player_named, error_links
from leagues.models import League, Match, Player
from scoring.mahjongg.match import GameEntry

DRAW = "draw"

WIND_NAMES = {
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
    "N": gettext_lazy("North"),
}
WIND_CODES = ("E", "S", "W", "N")


class MahjonggMatchForm(MatchForm):
    """The players in seat-wind order: the first sits East in the first game."""

    def __init__(self, league: League, *args: Any, **kwargs: Any) -> None:
        self.seat_numbers = range(1, league.rule_profile().players + 1)
        super().__init__(league, *args, **kwargs)
        for name in ("first_dealer", "target_choice", "target_other", "variant", "round_limit"):
            del self.fields[name]
        for seat in self.seat_numbers:
            wind = WIND_NAMES[WIND_CODES[seat - 1]]
            self.fields[f"seat{seat}_player"].label = _("%(wind)s: player") % {"wind": wind}
            self.fields[f"seat{seat}_name"].label = _("%(wind)s: or a new player") % {"wind": wind}
        self.fields["played_on"].widget = DateInput()

    def seat_rows(self):
        return [
            (WIND_NAMES[WIND_CODES[number - 1]], chosen, name)
            for number, chosen, name in self.seat_fields()
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        needed = len(self.seat_numbers)
        if len(data.get("seats", {})) not in (0, 1) and len(data["seats"]) != needed:
            self.add_error(None, _("Seat %(count)s players, one at each wind.") % {"count": needed})
        return data

    @transaction.atomic
    def begin_match(self, by) -> Match:
        data = self.cleaned_data
        players = [
            Player.objects.in_club(self.league.club_id).get(pk=seat)
            if isinstance(seat, int)
            else _player_named(self.league, seat)
            for seat in data["seats"].values()
        ]
        return Match.begin(self.league, players, played_on=data["played_on"], by=by)


class GameForm(forms.Form):
    """One game: the caller (or a draw) and each seat's tiles."""

    caller = forms.ChoiceField(
        label=gettext_lazy("Mah-Jongg"),
        widget=forms.RadioSelect,
        error_messages={
            "required": gettext_lazy("Choose who called Mah-Jongg, or “Nobody: a draw”.")
        },
    )
    version = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    # Made for this entry by the page: a second sending of it (a double tap, a resend) is
    # answered from the first, never saved twice (leagues/models/entry_receipt.py).
    entry_id = forms.UUIDField(required=False, widget=forms.HiddenInput)
    # A new game: how many games the match had when its page was made. Sent again from a
    # phone's outbox, a game is refused when another arrived first, since its winds (and
    # East) were those of the page (leagues/kinds/mahjongg/replay.py).
    after = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)

    def __init__(self, seats: list, winds: list[str], *args: Any, **kwargs: Any) -> None:
        """`seats`: the match's seats in position order; `winds`: their winds in this game."""
        super().__init__(*args, **kwargs)
        self.seats = seats
        self.winds = winds
        self.fields["caller"].choices = [
            *(
                (str(seat.position), f"{seat.player} ({WIND_NAMES[wind]})")
                for seat, wind in zip(seats, winds, strict=True)
            ),
            (DRAW, _("Nobody: a draw")),
        ]
        for seat, wind in zip(seats, winds, strict=True):
            self.fields[f"hand{seat.position}"] = forms.CharField(
                label=_("%(player)s's tiles (%(wind)s)")
                % {"player": seat.player, "wind": WIND_NAMES[wind]},
                required=False,
                max_length=300,
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false"}
                ),
            )

    def error_links(self) -> list:
        """What the summary of a refused save links to: the caller's first choice, a
        player's typed tiles."""
        return error_links(self)

    def hand_fields(self) -> list[forms.BoundField]:
        return [self[f"hand{seat.position}"] for seat in self.seats]

    def entry(self) -> GameEntry:
        data = self.cleaned_data
        caller = None if data["caller"] == DRAW else int(data["caller"])
        hands = tuple(" ".join(data[f"hand{seat.position}"].split()) for seat in self.seats)
        return GameEntry(caller, hands)
