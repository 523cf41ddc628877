"""Figures about many rows: the league index and a league's standings (a player's record is
in leagues.players.records). Each is a fixed number of SQL queries whatever the league's size, never
a query per row: the standings read each player's figures as kept in step with the rounds
(leagues.models.standing, computed there by grouped aggregates and a window function for
the best hands), the index a correlated subquery where one row needs a count from another
table.

Definitions (docs/leagues.md, "Leagues: standings and players"):

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
    FilteredRelation,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from leagues.models import League, Match, Season, Seat

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


@dataclass(frozen=True)
class Named:
    """A player as the table shows them: cheaper than a Player instance for each of 2,000."""

    pk: int
    display_name: str
    # Retired from this league by an organiser (leagues.models.roster.set_retired): still
    # listed with what they played, and marked so.
    retired: bool = False


@dataclass(frozen=True)
class BestHand:
    """A Mhing player's best hand, with the round it links to. Its fields are the keys of
    PlayerStanding.game_figures["best_hand"] (leagues/kinds/mhing/figures.py)."""

    hand: str  # in the engine's arranged notation
    points: int
    credits: int
    match_id: int
    round_number: int


@dataclass(frozen=True)
class BestGame:
    """A Mah-Jongg player's best winning hand, with the game it links to. Its fields are the
    keys of PlayerStanding.game_figures["best_game"] (leagues/kinds/mahjongg/figures.py)."""

    points: int
    match_id: int
    number: int


@dataclass
class Standing:
    """One player's line in a league's table."""

    player: Named
    # The OpenSkill rating (ordinal = mu - 3 sigma); None before a first finished match.
    ordinal: float | None = None
    mu: float | None = None
    sigma: float | None = None
    played: int = 0
    wins: int = 0
    rounds_won: int = 0
    points: int = 0
    best_hand: BestHand | None = None
    place: int = 0
    # Mah-Jongg leagues (docs/mahjongg_leagues.md): rounds_won are games won.
    balance: int = 0
    best_game: BestGame | None = None

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
        short=pgettext_lazy("standings", "Rounds won"),
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
    # The balance is 0 in a Mhing league: its order is unchanged; a Mah-Jongg league's
    # unrated players are placed by their balance.
    return (ordinal is None, -(ordinal or 0.0), -standing.balance, -standing.points)


@dataclass(frozen=True)
class Sort:
    column: Column
    descending: bool

    @classmethod
    def parse(cls, value: str | None, columns: tuple[Column, ...] = COLUMNS) -> Sort:
        """`points` sorts ascending, `-points` descending; anything else: the default."""
        by_key = {column.key: column for column in columns}
        value = (value or "").strip()
        key = value.removeprefix("-")
        if key not in by_key:
            return cls.parse(DEFAULT_SORT, columns)
        return cls(by_key[key], descending=value.startswith("-"))

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


def league_standings(league: League, season: Season | None = None) -> list[Standing]:
    """Every player on the league's roster with their figures (see the module docstring) and
    place (by rating, then points; equal ones share it), in the table's own order: all time,
    or in one season. One query: the roster with each player's rating and kept figures
    (leagues.models.standing, the game's own among them as values); players without figures
    yet have played no match. An archived season lists only the players it seated: the
    roster has grown since."""
    if season is None:
        rated = Q(ratings__league=league, ratings__season__isnull=True)
        kept = Q(standings__league=league, standings__season__isnull=True)
    else:
        rated = Q(ratings__season=season)
        kept = Q(standings__season=season)
    retired = League.retired_players.through.objects.filter(league=league, player=OuterRef("pk"))
    roster = league.players.alias(
        rating=FilteredRelation("ratings", condition=rated),
        line=FilteredRelation("standings", condition=kept),
    ).annotate(retired=Exists(retired))
    if season is not None and season.is_archived:
        roster = roster.filter(line__pk__isnull=False)
    roster = roster.values_list(
        "pk",
        "display_name",
        "retired",
        "rating__ordinal",
        "rating__mu",
        "rating__sigma",
        "line__played",
        "line__wins",
        "line__rounds_won",
        "line__points",
        "line__game_figures",
    )
    standings = []
    for (
        pk,
        name,
        gone,
        ordinal,
        mu,
        sigma,
        played,
        wins,
        rounds,
        points,
        figures,
    ) in roster.order_by():
        # The game's own figures (leagues/kinds/<game>/figures.py); none before a match.
        figures = figures or {}
        hand, game = figures.get("best_hand"), figures.get("best_game")
        standings.append(
            Standing(
                Named(pk, name, gone),
                ordinal,
                mu,
                sigma,
                played or 0,
                wins or 0,
                rounds or 0,
                points or 0,
                BestHand(**hand) if hand else None,
                balance=figures.get("balance", 0),
                best_game=BestGame(**game) if game else None,
            )
        )

    ordered = sorted(standings, key=_standings_order)
    for index, standing in enumerate(ordered):
        tied = index and _standings_order(ordered[index - 1]) == _standings_order(standing)
        standing.place = ordered[index - 1].place if tied else index + 1
    return ordered


class Standings:
    """A league's table in the requested order."""

    def __init__(
        self, league: League, sort: str | None = None, season: Season | None = None
    ) -> None:
        self.league = league
        self.columns = league.kind.standings_columns.target  # the game's own
        self.sort = Sort.parse(sort, self.columns)
        self.season = season  # None: all time

    @cached_property
    def rows(self) -> list[Standing]:
        return self.sort.apply(league_standings(self.league, self.season))

    @cached_property
    def labels(self) -> dict[str, str]:
        """Each column's short heading by key: a phone shows some figures with it beside
        them instead of under their heading (league.html). Translated once here, not once
        a cell."""
        return {column.key: str(column.short_label) for column in self.columns}

    @cached_property
    def body(self) -> SafeString:
        """The table's rows as HTML (leagues.standings.html: the template engine took longer
        over them than everything else on the page)."""
        return self.league.kind.standings_rows(self.rows, self.labels, self.league.slug)

    def headers(self) -> list[Header]:
        headers = []
        for column in self.columns:
            current = column == self.sort.column
            # A click on the sorted column reverses it; on another, sorts it best-first.
            descending = not self.sort.descending if current else column.descending_first
            state = ("descending" if self.sort.descending else "ascending") if current else ""
            headers.append(Header(column, ("-" if descending else "") + column.key, state))
        return headers


def _matches(league: League, season: Season | None) -> QuerySet[Match]:
    return league.matches.all() if season is None else league.matches.filter(season=season)


def recent_matches(
    league: League, limit: int = RECENT_MATCHES, season: Season | None = None
) -> QuerySet[Match]:
    """The latest matches (of one season, or all time) with their seats and players (two
    queries)."""
    seats = Seat.objects.select_related("player").order_by("position")
    return _matches(league, season).prefetch_related(Prefetch("seats", queryset=seats))[:limit]


def match_counts(league: League, season: Season | None = None) -> dict[str, int]:
    return _matches(league, season).aggregate(
        total=Count("pk"), running=Count("pk", filter=Q(status=Match.Status.RUNNING))
    )
