"""Club nights, the Django side of leagues/nights/seating.py: who met whom and how long ago, the
ratings, the form of the players present, and the proposal an organiser edits before the
matches are created (ClubNight.seat).

The proposal lives in the form, not in the database: every step (propose, re-shuffle, move
players, create) posts the present players, the settings, the seed and the tables as they
stand, so the pages work without JavaScript and nothing is stored until "create".

A Mah-Jongg league seats tables of its profile's players only (4, or 3): a Mah-Jongg match
is played by exactly that many (Match.begin), so a count that does not divide is refused,
saying how many to untick or to add (docs/club_nights.md), and the night has no variant or
target (the profile is the rules).
"""

from __future__ import annotations

import itertools
import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from django import forms
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from leagues.forms import DateInput
from leagues.models import League, Match, Player, PlayerRating, Seat
from leagues.models.league import VariantChoice
from leagues.nights import seating
from scoring.mhing.match_scoring import MAX_PLAYERS

CHIPS_MAX_PLAYERS = 4


def nights_ago(league: League, player_ids: Sequence[int]) -> dict[frozenset[int], int]:
    """For each pair of these players who ever shared a match in the league: how many nights
    ago they last did (1 = the league's latest date of play, 2 = the one before...)."""
    rows = (
        Seat.objects.filter(match__league=league, player_id__in=player_ids)
        .values_list("match_id", "player_id", "match__played_on")
        .order_by("match_id")
    )
    by_match: dict[int, list[int]] = defaultdict(list)
    played: dict[int, date] = {}
    for match_id, player_id, played_on in rows:
        by_match[match_id].append(player_id)
        played[match_id] = played_on
    dates = sorted(set(Match.objects.filter(league=league).values_list("played_on", flat=True)))
    rank = {day: len(dates) - i for i, day in enumerate(dates)}  # latest → 1
    met: dict[frozenset[int], int] = {}
    for match_id, seated in by_match.items():
        ago = rank[played[match_id]]
        for a, b in itertools.combinations(seated, 2):
            pair = frozenset((a, b))
            met[pair] = min(met.get(pair, ago), ago)
    return met


def ratings(league: League, player_ids: Sequence[int]) -> dict[int, float]:
    """The players' league ratings (the ordinal the standings show); 0 for the unrated,
    which is where OpenSkill starts everyone."""
    found = PlayerRating.objects.filter(league=league, player_id__in=player_ids)
    return {pid: 0.0 for pid in player_ids} | dict(found.values_list("player_id", "ordinal"))


class NightForm(forms.Form):
    """The players present and the night's settings, posted by every step."""

    present = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Who is here?"),
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": gettext_lazy("Tick the players who are here.")},
    )
    played_on = forms.DateField(label=gettext_lazy("Date"), widget=DateInput)
    variant = forms.ChoiceField(
        label=gettext_lazy("Variant"), choices=VariantChoice.choices, widget=forms.RadioSelect
    )
    target_points = forms.IntegerField(
        label=gettext_lazy("Target points (points race)"), min_value=1
    )
    seed = forms.IntegerField(required=False, widget=forms.HiddenInput)
    # The league's newest match when the proposal was first shown (ClubNight.seat).
    since = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, league: League, *args: Any, **kwargs: Any) -> None:
        # The new matches' variant and target, as the league's rules give them (a Mah-Jongg
        # match has neither: its rules are the league's profile).
        begun = league.rule_profile().to_dict()
        kwargs.setdefault(
            "initial",
            {
                "played_on": date.today(),
                **{field: begun[rule] for field, rule in league.kind.match_fields},
            },
        )
        super().__init__(*args, **kwargs)
        self.league = league
        # The game's one table size (Mah-Jongg's profile); None: seating's sizes (Mhing), and
        # a match's length is the game's own choice (a variant and target, or none).
        self.table_size: int | None = league.kind.table_size(league)
        asked = dict(league.kind.match_fields)
        for name in ("variant", "target_points"):
            if name not in asked:
                del self.fields[name]
        self.roster = {p.pk: p for p in league.players.order_by("display_name")}
        self.fields["present"].choices = [(p.pk, p.display_name) for p in self.roster.values()]

    def match_rules(self) -> dict[str, Any]:
        """The rules the night's matches are begun with (Match.begin's `rules`): what the
        form asked of them, by the game's names. Empty for Mah-Jongg: the league's profile."""
        data = self.cleaned_data
        return {rule: data.get(field) for field, rule in self.league.kind.match_fields}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        present = data.get("present") or []
        if present and self.table_size:
            self._check_tables_of(self.table_size, len(present))
        elif present and len(present) < seating.MIN_PLAYERS:
            self.add_error(
                "present",
                _("Seating needs at least three players. For two, start a match on its own."),
            )
        if len(present) > seating.MAX_PLAYERS:
            self.add_error(
                "present",
                _("A night seats at most %(most)s players, not %(count)s.")
                % {"most": seating.MAX_PLAYERS, "count": len(present)},
            )
        if data.get("seed") is None:
            data["seed"] = random.randrange(1_000_000)
        if data.get("since") is None:
            newest = Match.objects.filter(league=self.league).aggregate(newest=Max("pk"))
            data["since"] = newest["newest"] or 0
        return data

    def _check_tables_of(self, size: int, count: int) -> None:
        try:
            seating.table_sizes(count, allowed=(size,))
        except seating.UnevenTables as uneven:
            if count < size:
                message = _(
                    "This league plays Mah-Jongg at tables of %(size)s: tick at least "
                    "%(size)s players."
                ) % {"size": size}
            else:
                message = _(
                    "This league plays Mah-Jongg at tables of %(size)s, and %(count)s players "
                    "do not fill them: untick %(over)s (they sit out) or tick %(short)s more."
                ) % {"size": size, "count": count, "over": uneven.over, "short": uneven.short}
            self.add_error("present", message)

    @property
    def allowed(self) -> tuple[int, ...] | None:
        """The table sizes the seating may use: None for the game's own (Mhing)."""
        return (self.table_size,) if self.table_size else None

    @property
    def chips(self) -> bool:
        return self.cleaned_data.get("variant") == VariantChoice.CHIPS

    def players(self) -> list[Player]:
        return [self.roster[pid] for pid in self.cleaned_data["present"]]


def propose(form: NightForm) -> list[list[Player]]:
    """The seating rule's tables for the form's players and seed."""
    league, present = form.league, form.cleaned_data["present"]
    result = seating.seat(
        present,
        ratings(league, present),
        nights_ago(league, present),
        chips=form.chips,
        allowed=form.allowed,
        seed=form.cleaned_data["seed"],
    )
    return [[form.roster[pid] for pid in table] for table in result.tables]


def edited_tables(form: NightForm, post: Mapping[str, str]) -> tuple[list[list[Player]], list]:
    """The tables as the organiser left them. `order` holds the tables as they were shown
    (`1,2,3;4,5,6`: tables by `;`, seats in order by `,`), and each player's `table_<id>`
    select says which table they now sit at: those who stay keep their order, a moved
    player takes the last seat of their new table. Tables left empty go; the errors say
    what cannot be played."""
    present = form.cleaned_data["present"]
    try:
        shown = [
            [int(pid) for pid in table.split(",") if pid]
            for table in post.get("order", "").split(";")
        ]
    except ValueError:
        shown = []
    if sorted(pid for table in shown for pid in table) != sorted(present):
        shown = [list(present)]
    stay: dict[int, list[Player]] = defaultdict(list)
    moved: dict[int, list[Player]] = defaultdict(list)
    for was, table in enumerate(shown, start=1):
        for pid in table:
            try:
                number = max(1, int(post.get(f"table_{pid}", was)))
            except ValueError:
                number = was
            (stay if number == was else moved)[number].append(form.roster[pid])
    chosen = {n: stay[n] + moved[n] for n in set(stay) | set(moved)}
    tables = [chosen[number] for number in sorted(chosen)]
    most = CHIPS_MAX_PLAYERS if form.chips else MAX_PLAYERS
    errors = []
    for number, table in enumerate(tables, start=1):
        if form.table_size and len(table) != form.table_size:
            errors.append(
                _(
                    "Table %(number)s has %(count)s players: a Mah-Jongg table of this league "
                    "seats %(size)s."
                )
                % {"number": number, "count": len(table), "size": form.table_size}
            )
        elif not form.table_size and not 2 <= len(table) <= most:
            errors.append(
                _("Table %(number)s has %(count)s players: a match has 2 to %(most)s.")
                % {"number": number, "count": len(table), "most": most}
            )
    return tables, errors


@dataclass(frozen=True)
class ProposedSeat:
    player: Player
    rating: float
    wind: str = ""  # Mah-Jongg: the seat wind of the first game (the first sits East)


@dataclass(frozen=True)
class ProposedTable:
    number: int
    seats: list[ProposedSeat]
    meetings: list[str]  # "Anna and Ben met last night."


def _wind(form: NightForm, position: int) -> str:
    return form.league.kind.seat_name(position)


def describe(
    form: NightForm, tables: Sequence[Sequence[Player]]
) -> tuple[list[ProposedTable], int]:
    """The tables as the proposal page shows them, and how many earlier meetings they
    repeat."""
    present = form.cleaned_data["present"]
    rated = ratings(form.league, present)
    met = nights_ago(form.league, present)
    shown, repeats = [], 0
    for number, table in enumerate(tables, start=1):
        names = {p.pk: p.display_name for p in table}
        notes = []
        for a, b, ago in seating.meetings_at([p.pk for p in table], met):
            repeats += 1
            values = {"a": names[a], "b": names[b], "count": ago}
            if ago == 1:
                notes.append(_("%(a)s and %(b)s met on the latest night.") % values)
            else:
                notes.append(
                    ngettext(
                        "%(a)s and %(b)s met %(count)s night ago.",
                        "%(a)s and %(b)s met %(count)s nights ago.",
                        ago,
                    )
                    % values
                )
        seats = [
            ProposedSeat(p, rated.get(p.pk, 0.0), _wind(form, position))
            for position, p in enumerate(table)
        ]
        shown.append(ProposedTable(number, seats, notes))
    return shown, repeats
