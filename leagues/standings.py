"""Figures about many rows: the league index and a league's standings (a player's record is
in leagues.records). Each is a fixed number of SQL queries whatever the league's size, never
a query per row: grouped aggregates (one pass over the league each), a window function for
the best hands, a correlated subquery where one row needs a count from another table.

Definitions (README, "Leagues: standings and players"):

* matches played: matches the player is seated in, running ones included;
* match wins: finished matches where the player's place is 1 (shared first places count);
* rounds won and total points: rounds the player won and the sum of their hands' points,
  whatever the match's variant (chips change hands, points measure the hands);
* best hand: most points, then most credits, then the earliest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.db.models import (
    Count,
    Exists,
    F,
    FilteredRelation,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    Window,
)
from django.db.models.functions import Coalesce, RowNumber
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .models import League, Match, Player, Seat, WinningHand

RECENT_MATCHES = 10


def _per_row(queryset: QuerySet, outer_field: str, aggregate) -> Coalesce:
    """One aggregate per outer row: `queryset` filtered on `outer_field` = the outer row's pk,
    grouped by that field (a single group), 0 when there is nothing to aggregate."""
    grouped = (
        queryset.filter(**{outer_field: OuterRef("pk")})
        .order_by()
        .values(outer_field)
        .annotate(value=aggregate)
        .values("value")
    )
    return Coalesce(Subquery(grouped), Value(0))


# -- the index of leagues ------------------------------------------------------------------


def leagues_for(user) -> QuerySet[League]:
    """The leagues the visitor may see, each with its number of matches and whether the
    visitor organises it."""
    if user.is_authenticated:
        organised = Exists(
            League.organisers.through.objects.filter(league_id=OuterRef("pk"), user_id=user.pk)
        )
    else:
        organised = Value(False)
    return League.objects.visible_to(user).annotate(
        match_count=_per_row(Match.objects.all(), "league", Count("pk")),
        organised=organised,
    )


# -- standings -----------------------------------------------------------------------------


@dataclass
class Standing:
    """One player's line in a league's table."""

    player: Player
    # The OpenSkill rating (ordinal = mu - 3 sigma); None before a first finished match.
    ordinal: float | None = None
    mu: float | None = None
    sigma: float | None = None
    played: int = 0
    wins: int = 0
    rounds_won: int = 0
    points: int = 0
    best_hand: WinningHand | None = None
    place: int = 0

    @property
    def average(self) -> float | None:
        """Points per round won; None before the first round won."""
        return self.points / self.rounds_won if self.rounds_won else None

    @property
    def best(self) -> tuple[int, int] | None:
        return (self.best_hand.points, self.best_hand.credits) if self.best_hand else None


@dataclass(frozen=True)
class Column:
    key: str
    label: str | Promise
    value: Callable[[Standing], Any]  # None sorts last, whatever the direction
    # Numbers read best-first (descending); names A to Z.
    descending_first: bool = True
    numeric: bool = True
    help: str | Promise = ""  # the heading's title
    # What a phone shows instead of `label`, where the label is too long for its column.
    short: str | Promise = ""

    @property
    def short_label(self) -> str | Promise:
        return self.short or self.label


COLUMNS = (
    Column(
        "name",
        _("Player"),
        lambda s: s.player.display_name.casefold(),
        descending_first=False,
        numeric=False,
    ),
    Column("played", _("Matches"), lambda s: s.played),
    Column("wins", _("Match wins"), lambda s: s.wins, short=pgettext_lazy("standings", "Wins")),
    Column(
        "rounds",
        _("Rounds won"),
        lambda s: s.rounds_won,
        short=pgettext_lazy("standings", "Rounds"),
    ),
    Column("points", _("Points"), lambda s: s.points),
    Column(
        "average",
        _("Points per round won"),
        lambda s: s.average,
        short=pgettext_lazy("standings", "Per round"),
    ),
    Column(
        "best",
        _("Best hand"),
        lambda s: s.best,
        help=_("Points (credits) of the best hand; the link shows its round."),
        short=pgettext_lazy("standings", "Best"),
    ),
    Column(
        "rating",
        _("Rating"),
        lambda s: s.ordinal,
        help=_(
            "OpenSkill rating: the skill μ less three times its uncertainty σ, so it is "
            "cautious while a player has few matches."
        ),
        short=pgettext_lazy("standings", "Rating"),
    ),
)
COLUMNS_BY_KEY = {column.key: column for column in COLUMNS}
DEFAULT_SORT = "-rating"


def _standings_order(standing: Standing) -> tuple:
    """The table's own order: best rating first (the unrated last), then most points."""
    ordinal = standing.ordinal
    return (ordinal is None, -(ordinal or 0.0), -standing.points)


@dataclass(frozen=True)
class Sort:
    column: Column
    descending: bool

    @classmethod
    def parse(cls, value: str | None) -> Sort:
        """`points` sorts ascending, `-points` descending; anything else: the default."""
        value = (value or "").strip()
        key = value.removeprefix("-")
        if key not in COLUMNS_BY_KEY:
            return cls.parse(DEFAULT_SORT)
        return cls(COLUMNS_BY_KEY[key], descending=value.startswith("-"))

    @property
    def value(self) -> str:
        return ("-" if self.descending else "") + self.column.key

    def apply(self, standings: list[Standing]) -> list[Standing]:
        """Sorted on the column, ties in the table's own order, empty values last."""
        ordered = sorted(
            standings,
            key=lambda s: (*_standings_order(s), s.player.display_name.casefold(), s.player.pk),
        )
        present = [s for s in ordered if self.column.value(s) is not None]
        missing = [s for s in ordered if self.column.value(s) is None]
        present.sort(key=self.column.value, reverse=self.descending)  # stable: ties keep order
        return present + missing


@dataclass(frozen=True)
class Header:
    """A column heading as a sort link: which sort it links to, and the current state."""

    column: Column
    sort: str  # the `?sort=` value the heading links to
    state: str  # "ascending", "descending" or "" (aria-sort)


def league_standings(league: League) -> list[Standing]:
    """Every player on the league's roster with their figures (see the module docstring) and
    place (by rating, then points; equal ones share it), in the table's own order. Four
    queries, each one pass over the league: the roster with ratings, seats by player,
    winning hands by winner, and each winner's best hand."""
    roster = league.players.alias(
        rating=FilteredRelation("ratings", condition=Q(ratings__league=league))
    ).annotate(ordinal=F("rating__ordinal"), mu=F("rating__mu"), sigma=F("rating__sigma"))
    standings = {
        player.pk: Standing(player, player.ordinal, player.mu, player.sigma)
        for player in roster.only("pk", "display_name")
    }

    finished = Q(match__status=Match.Status.FINISHED)
    seats = (
        Seat.objects.filter(match__league=league)
        .values("player_id")
        .annotate(played=Count("pk"), wins=Count("pk", filter=finished & Q(place=1)))
        .order_by()
    )
    # Rows of players since taken off the roster (in the admin) are left out.
    for row in seats:
        if standing := standings.get(row["player_id"]):
            standing.played, standing.wins = row["played"], row["wins"]

    # Every won round has its winning hand, so the hands count the rounds won too.
    hands = WinningHand.objects.filter(round__match__league=league)
    won = hands.values("round__winner_id").annotate(rounds=Count("pk"), points=Sum("points"))
    for row in won.order_by():
        if standing := standings.get(row["round__winner_id"]):
            standing.rounds_won, standing.points = row["rounds"], row["points"]

    best = hands.annotate(
        best=Window(
            RowNumber(),
            partition_by=F("round__winner"),
            order_by=[
                F("points").desc(),
                F("credits").desc(),
                F("round__match__played_on").asc(),
                F("round_id").asc(),
            ],
        )
    ).filter(best=1)
    for hand in best.select_related("round").only(
        "hand", "points", "credits", "round__number", "round__match_id", "round__winner_id"
    ):
        if standing := standings.get(hand.round.winner_id):
            standing.best_hand = hand

    ordered = sorted(standings.values(), key=_standings_order)
    for index, standing in enumerate(ordered):
        tied = index and _standings_order(ordered[index - 1]) == _standings_order(standing)
        standing.place = ordered[index - 1].place if tied else index + 1
    return ordered


class Standings:
    """A league's table in the requested order."""

    def __init__(self, league: League, sort: str | None = None) -> None:
        self.league = league
        self.sort = Sort.parse(sort)

    @cached_property
    def rows(self) -> list[Standing]:
        return self.sort.apply(league_standings(self.league))

    @cached_property
    def labels(self) -> dict[str, str]:
        """Each column's short heading by key: a phone shows some figures with it beside
        them instead of under their heading (league.html). Translated once here, not once
        a cell."""
        return {column.key: str(column.short_label) for column in COLUMNS}

    def headers(self) -> list[Header]:
        headers = []
        for column in COLUMNS:
            current = column == self.sort.column
            # A click on the sorted column reverses it; on another, sorts it best-first.
            descending = not self.sort.descending if current else column.descending_first
            state = ("descending" if self.sort.descending else "ascending") if current else ""
            headers.append(Header(column, ("-" if descending else "") + column.key, state))
        return headers


def recent_matches(league: League, limit: int = RECENT_MATCHES) -> QuerySet[Match]:
    """The latest matches with their seats and players (two queries)."""
    seats = Seat.objects.select_related("player").order_by("position")
    return league.matches.prefetch_related(Prefetch("seats", queryset=seats))[:limit]


def match_counts(league: League) -> dict[str, int]:
    return league.matches.aggregate(
        total=Count("pk"), running=Count("pk", filter=Q(status=Match.Status.RUNNING))
    )
