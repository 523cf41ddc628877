"""Figures about many rows: the league index, a league's standings, a player's record and
head-to-head. Each is a fixed number of SQL queries whatever the league's size: per-player
figures are correlated subqueries (annotations), never a query per row.

Definitions (README, "Leagues: standings and players"):

* matches played: matches the player is seated in, running ones included;
* match wins: finished matches where the player's place is 1 (shared first places count);
* rounds won and total points: rounds the player won and the sum of their hands' points,
  whatever the match's variant (chips change hands, points measure the hands);
* best hand: most points, then most credits, then the earliest.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cached_property

from django.db.models import (
    Count,
    Exists,
    F,
    FilteredRelation,
    FloatField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    Window,
)
from django.db.models.functions import Cast, Coalesce, NullIf, Rank
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from .charts import LineChart, cumulative_chart
from .models import League, Match, Player, PlayerRating, Round, Seat, WinningHand
from .models.round import Outcome

RECENT_MATCHES = 10
BEST_HANDS = 5


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


def _best_hand(hands: QuerySet, field: str) -> Subquery:
    best = hands.order_by("-points", "-credits", "round__match__played_on", "round_id")
    return Subquery(best.values(field)[:1])


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
class Column:
    key: str
    label: str | Promise
    # Annotations sorted on, most significant first.
    fields: tuple[str, ...]
    # Numbers read best-first (descending); names A to Z.
    descending_first: bool = True
    numeric: bool = True


COLUMNS = (
    Column("name", _("Player"), ("display_name",), descending_first=False, numeric=False),
    Column("played", _("Matches"), ("played",)),
    Column("wins", _("Match wins"), ("wins",)),
    Column("rounds", _("Rounds won"), ("won_rounds",)),
    Column("points", _("Points"), ("points",)),
    Column("average", _("Points per round won"), ("average",)),
    Column("best", _("Best hand"), ("best_points", "best_credits"), numeric=False),
    Column("rating", _("Rating"), ("ordinal",)),
)
COLUMNS_BY_KEY = {column.key: column for column in COLUMNS}
DEFAULT_SORT = "-rating"
# Ties under any sort fall back to the standings' own order.
TIE_BREAK = ("ordinal", "points")


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

    def order_by(self) -> list:
        fields = list(self.column.fields)
        fields += [f for f in TIE_BREAK if f not in fields]
        order = []
        for name in fields:
            descending = self.descending if name in self.column.fields else True
            expression = F(name)
            order.append(
                expression.desc(nulls_last=True) if descending else expression.asc(nulls_last=True)
            )
        return [*order, F("display_name").asc(), F("pk").asc()]


@dataclass(frozen=True)
class Header:
    """A column heading as a sort link: which sort it links to, and the current state."""

    column: Column
    sort: str  # the `?sort=` value the heading links to
    state: str  # "ascending", "descending" or "" (aria-sort)


def player_standings(league: League) -> QuerySet[Player]:
    """The league's roster annotated with every standings figure (see the module docstring)
    and `place`: the rank by rating, then points."""
    seats = Seat.objects.filter(match__league=league)
    won = Round.objects.filter(match__league=league, outcome=Outcome.WON)
    hands = WinningHand.objects.filter(round__match__league=league, round__winner=OuterRef("pk"))
    points = _per_row(won, "winner", Sum("hand__points"))
    rounds_won = _per_row(won, "winner", Count("pk"))
    return (
        league.players.all()
        .alias(rating=FilteredRelation("ratings", condition=Q(ratings__league=league)))
        .annotate(
            played=_per_row(seats, "player", Count("pk")),
            wins=_per_row(
                seats.filter(match__status=Match.Status.FINISHED, place=1), "player", Count("pk")
            ),
            won_rounds=rounds_won,
            points=points,
            average=Cast(points, FloatField()) / NullIf(rounds_won, Value(0)),
            best_hand_id=_best_hand(hands, "pk"),
            best_points=_best_hand(hands, "points"),
            best_credits=_best_hand(hands, "credits"),
            ordinal=F("rating__ordinal"),
            mu=F("rating__mu"),
            sigma=F("rating__sigma"),
        )
        .annotate(
            place=Window(Rank(), order_by=[F("ordinal").desc(nulls_last=True), F("points").desc()])
        )
    )


class Standings:
    """A league's table in the requested order: two queries (the players with their figures,
    then their best hands)."""

    def __init__(self, league: League, sort: str | None = None) -> None:
        self.league = league
        self.sort = Sort.parse(sort)

    @cached_property
    def rows(self) -> list[Player]:
        rows = list(player_standings(self.league).order_by(*self.sort.order_by()))
        best_ids = [row.best_hand_id for row in rows if row.best_hand_id]
        hands = WinningHand.objects.select_related("round").in_bulk(best_ids)
        for row in rows:
            row.best_hand = hands.get(row.best_hand_id)
        return rows

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


# -- a player's record ---------------------------------------------------------------------


@dataclass
class LeagueRecord:
    """A player's figures in one league, for the player page."""

    league: League
    played: int = 0
    wins: int = 0
    rounds_won: int = 0
    points: int = 0
    rating: PlayerRating | None = None


@dataclass(frozen=True)
class Opponent:
    """How a player fared against one other player, over the finished matches they shared."""

    player_id: int
    name: str
    together: int  # matches played together, running ones included
    ahead: int  # finished matches where our player placed better
    behind: int  # ... and worse
    level: int  # ... and equal


class PlayerRecord:
    """A player's matches, hands, progress and rivals, counting only the leagues in
    `leagues` (those the visitor may see). Six queries, whatever the player's history."""

    def __init__(self, player: Player, leagues: QuerySet[League]) -> None:
        self.player = player
        self.league_ids = leagues.values("pk")

    @cached_property
    def seats(self) -> list[Seat]:
        """The player's seats, latest match first, each match with all its seats."""
        everyone = Seat.objects.select_related("player").order_by("position")
        seats = list(
            Seat.objects.filter(player=self.player, match__league__in=self.league_ids)
            .select_related("match__league")
            .prefetch_related(Prefetch("match__seats", queryset=everyone))
            .order_by("-match__played_on", "-match_id")
        )
        won = self._won_by_match
        for seat in seats:
            seat.rounds_won, seat.points_won = won.get(seat.match_id, (0, 0))
            seat.won_match = seat.match.is_finished and seat.place == 1
        return seats

    @cached_property
    def _won_by_match(self) -> dict[int, tuple[int, int]]:
        rows = (
            Round.objects.filter(
                winner=self.player, outcome=Outcome.WON, match__league__in=self.league_ids
            )
            .values("match_id")
            .annotate(rounds=Count("pk"), points=Coalesce(Sum("hand__points"), 0))
            .order_by()
        )
        return {row["match_id"]: (row["rounds"], row["points"]) for row in rows}

    @cached_property
    def leagues(self) -> list[LeagueRecord]:
        records: dict[int, LeagueRecord] = {}
        for seat in self.seats:
            record = records.setdefault(seat.match.league_id, LeagueRecord(seat.match.league))
            record.played += 1
            record.wins += seat.won_match
            record.rounds_won += seat.rounds_won
            record.points += seat.points_won
        ratings = PlayerRating.objects.filter(player=self.player, league__in=records)
        for rating in ratings:
            records[rating.league_id].rating = rating
        return sorted(records.values(), key=lambda r: r.league.name)

    @cached_property
    def totals(self) -> LeagueRecord:
        total = LeagueRecord(league=None)
        for record in self.leagues:
            total.played += record.played
            total.wins += record.wins
            total.rounds_won += record.rounds_won
            total.points += record.points
        return total

    @cached_property
    def best_hands(self) -> list[WinningHand]:
        return list(
            WinningHand.objects.filter(
                round__winner=self.player, round__match__league__in=self.league_ids
            )
            .select_related("round__match__league")
            .order_by("-points", "-credits", "round__match__played_on", "round_id")[:BEST_HANDS]
        )

    @cached_property
    def progress(self) -> list[tuple[date, int]]:
        """Points won on each day the player played, oldest first (days with nothing won
        included, so the line stays flat through them)."""
        by_day: dict[date, int] = {}
        for seat in reversed(self.seats):
            day = seat.match.played_on
            by_day[day] = by_day.get(day, 0) + seat.points_won
        return list(by_day.items())

    @cached_property
    def chart(self) -> LineChart | None:
        return cumulative_chart(self.progress)

    @cached_property
    def opponents(self) -> list[Opponent]:
        own_place = Seat.objects.filter(match=OuterRef("match"), player=self.player).values(
            "place"
        )[:1]
        finished = Q(match__status=Match.Status.FINISHED)
        rows = (
            Seat.objects.filter(
                match__in=Seat.objects.filter(
                    player=self.player, match__league__in=self.league_ids
                ).values("match")
            )
            .exclude(player=self.player)
            .annotate(own_place=Subquery(own_place))
            .values("player_id", "player__display_name")
            .annotate(
                together=Count("pk"),
                ahead=Count("pk", filter=finished & Q(own_place__lt=F("place"))),
                behind=Count("pk", filter=finished & Q(own_place__gt=F("place"))),
                level=Count("pk", filter=finished & Q(own_place=F("place"))),
            )
            .order_by("-together", "player__display_name")
        )
        return [
            Opponent(
                player_id=row["player_id"],
                name=row["player__display_name"],
                together=row["together"],
                ahead=row["ahead"],
                behind=row["behind"],
                level=row["level"],
            )
            for row in rows
        ]
