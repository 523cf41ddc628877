"""A player's record for the player page: matches, figures per league, best hands, points
over time and head-to-head, counting only the leagues the visitor may see. A fixed number of
queries whatever the player's history (definitions as in leagues.standings.table).

A player may play Mhing in one league and Mah-Jongg in another: each game's figures are kept
apart (rounds won and points are Mhing's; games, games won and the balance Mah-Jongg's,
leagues.kinds.mahjongg.records), and what both share (matches, match wins, places) is counted over
both."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cached_property

from django.db.models import Count, F, OuterRef, Prefetch, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce

from leagues.kinds import all_kinds
from leagues.kinds.mahjongg import MAHJONGG
from leagues.kinds.mahjongg.records import (
    MahjonggHand,
    best_mahjongg_hands,
    mahjongg_games_by_match,
)
from leagues.models import League, Match, Player, PlayerRating, Round, Season, Seat, WinningHand
from leagues.models.round import Outcome
from leagues.players.charts import LineChart, cumulative_chart

BEST_HANDS = 5


@dataclass
class LeagueRecord:
    """A player's figures in one league, for the player page."""

    league: League | None
    played: int = 0
    wins: int = 0
    # Mhing: rounds won and their points. Mah-Jongg: games won (called Mah-Jongg) and their
    # scores, as PlayerStanding keeps them (docs/mahjongg_leagues.md).
    rounds_won: int = 0
    points: int = 0
    rating: PlayerRating | None = None
    # Mah-Jongg only: the games of the player's matches, those won (`rounds_won` again, and
    # kept apart in the totals) and the sum of the matches' balances.
    games: int = 0
    games_won: int = 0
    balance: int = 0


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

    def __init__(
        self, player: Player, leagues: QuerySet[League], season: Season | None = None
    ) -> None:
        self.player = player
        self.season = season  # one season of one league (docs/seasons.md); None: all
        self._visible = leagues.values("pk")
        if season is not None:
            leagues = leagues.filter(pk=season.league_id)
        self.league_ids = leagues.values("pk")
        # Each game draws its own parts of the page (templates/leagues/<game>/player.html).
        self.kinds = all_kinds()
        # Each query's matches: those of the season, when one is chosen.
        self._in_season = Q(match__season=season) if season else Q()

    @cached_property
    def seats(self) -> list[Seat]:
        """The player's seats, latest match first, each match with all its seats."""
        everyone = Seat.objects.select_related("player").order_by("position")
        seats = list(
            Seat.objects.filter(
                self._in_season, player=self.player, match__league__in=self.league_ids
            )
            .select_related("match__league")
            .prefetch_related(Prefetch("match__seats", queryset=everyone))
            .order_by("-match__played_on", "-match_id")
        )
        won = self._won_by_match
        if any(_in_games(seat.match) for seat in seats):  # a query only then
            won = {**won, **mahjongg_games_by_match(self.player, self.league_ids, self.season)}
        for seat in seats:
            seat.games, seat.rounds_won, seat.points_won = won.get(seat.match_id, (0, 0, 0))
            seat.won_match = seat.match.is_finished and seat.place == 1
        return seats

    @cached_property
    def mhing_seats(self) -> list[Seat]:
        return [seat for seat in self.seats if not _in_games(seat.match)]

    @cached_property
    def mahjongg_seats(self) -> list[Seat]:
        return [seat for seat in self.seats if _in_games(seat.match)]

    @property
    def shows_mhing(self) -> bool:
        """Whether the page shows Mhing's parts (rounds, points, best hands, the chart): for
        a player with Mhing matches, and for one with no match at all ("none yet")."""
        return bool(self.mhing_seats) or not self.mahjongg_seats

    @cached_property
    def _won_by_match(self) -> dict[int, tuple[int, int]]:
        rows = (
            Round.objects.filter(
                self._in_season,
                winner=self.player,
                outcome=Outcome.WON,
                match__league__in=self.league_ids,
            )
            .values("match_id")
            .annotate(rounds=Count("pk"), points=Coalesce(Sum("hand__points"), 0))
            .order_by()
        )
        return {row["match_id"]: (0, row["rounds"], row["points"]) for row in rows}

    @cached_property
    def leagues(self) -> list[LeagueRecord]:
        records: dict[int, LeagueRecord] = {}
        for seat in self.seats:
            record = records.setdefault(seat.match.league_id, LeagueRecord(seat.match.league))
            if seat.match.is_abandoned:  # listed below, but counts for nothing, as in standings
                continue
            record.played += 1
            record.wins += seat.won_match
            record.rounds_won += seat.rounds_won
            record.points += seat.points_won
            if _in_games(seat.match):
                record.games += seat.games
                record.games_won += seat.rounds_won
                record.balance += seat.total
        ratings = PlayerRating.objects.filter(
            player=self.player, league__in=records, season=self.season
        )
        for rating in ratings:
            records[rating.league_id].rating = rating
        return sorted(records.values(), key=lambda r: r.league.name)

    @cached_property
    def seasons(self) -> list[Season]:
        """The seasons the player has a seat in, in the leagues counted (one query)."""
        return list(
            Season.objects.filter(league__in=self._visible, matches__seats__player=self.player)
            .select_related("league")
            .distinct()
            .order_by("league__name", "number")
        )

    @cached_property
    def mhing_leagues(self) -> list[LeagueRecord]:
        return [record for record in self.leagues if not _in_games(record.league)]

    @cached_property
    def mahjongg_leagues(self) -> list[LeagueRecord]:
        return [record for record in self.leagues if _in_games(record.league)]

    @cached_property
    def totals(self) -> LeagueRecord:
        """Matches and match wins over every league; rounds won and points over the Mhing
        leagues; games, games won and the balance over the Mah-Jongg ones."""
        total = LeagueRecord(league=None)
        for record in self.leagues:
            total.played += record.played
            total.wins += record.wins
            if _in_games(record.league):
                total.games += record.games
                total.games_won += record.games_won
                total.balance += record.balance
            else:
                total.rounds_won += record.rounds_won
                total.points += record.points
        return total

    @cached_property
    def best_mahjongg_hands(self) -> list[MahjonggHand]:
        if not self.mahjongg_seats:  # no query for a Mhing player
            return []
        return best_mahjongg_hands(self.player, self.league_ids, self.season, BEST_HANDS)

    @cached_property
    def best_hands(self) -> list[WinningHand]:
        if not self.mhing_seats:  # a Mah-Jongg player's are best_mahjongg_hands
            return []
        return list(
            WinningHand.objects.filter(
                round__winner=self.player,
                round__match__league__in=self.league_ids,
                **({"round__match__season": self.season} if self.season else {}),
            )
            .select_related("round__match__league")
            .order_by("-points", "-credits", "round__match__played_on", "round_id")[:BEST_HANDS]
        )

    @cached_property
    def progress(self) -> list[tuple[date, int]]:
        """Points won on each day the player played, oldest first (days with nothing won
        included, so the line stays flat through them)."""
        by_day: dict[date, int] = {}
        for seat in reversed(self.mhing_seats):  # Mah-Jongg scores are not Mhing points
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
                    self._in_season, player=self.player, match__league__in=self.league_ids
                ).values("match")
            )
            .exclude(player=self.player)
            .exclude(player__is_bot=True)  # a bot is nobody's opponent in the league
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


def _in_games(match_or_league) -> bool:
    """Whether its figures are Mah-Jongg's (games, games won, balance: leagues.kinds.mahjongg.
    records) rather than Mhing's rounds and points: the page shows the two games apart."""
    return match_or_league.kind is MAHJONGG
