"""A player's record for the player page: matches, figures per league, best hands, points
over time and head-to-head, counting only the leagues the visitor may see. A fixed number of
queries whatever the player's history (definitions as in leagues.standings.table).

A player may play one game in one league and another game in another: each game's figures
are kept apart, each game asked for its own (its `player_*` hooks in leagues.kinds: Mhing's
rounds won and points, Mah-Jongg's games, games won and balance), and its parts of the page
are `record.parts[<game>]` (templates/leagues/<game>/player.html); what every game shares
(matches, match wins, places) is counted over all."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cached_property

from django.db.models import Count, F, OuterRef, Prefetch, Q, QuerySet, Subquery

from leagues.kinds import DEFAULT, GameKind, all_kinds
from leagues.models import League, Match, Player, PlayerRating, Season, Seat
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
    # A game's own, counted by it (`player_count_seat`): Mah-Jongg's games of the player's
    # matches, those won (`rounds_won` again) and the sum of the matches' balances.
    games: int = 0
    games_won: int = 0
    balance: int = 0

    def add(self, other: LeagueRecord) -> None:
        for name in ("played", "wins", "rounds_won", "points", "games", "games_won", "balance"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


class GameRecord:
    """One game's parts of the player's record, for its template
    (templates/leagues/<game>/player.html): its matches, leagues and totals, its best hands
    and its points over time. `shown`: the page shows them, for a player with matches of the
    game, and the default game's for a player with no match at all ("none yet")."""

    def __init__(self, record: PlayerRecord, kind: GameKind, seats: list[Seat]) -> None:
        self.kind, self.seats, self._record = kind, seats, record
        self.shown = bool(seats) or (not record.seats and kind.key == DEFAULT)

    @cached_property
    def leagues(self) -> list[LeagueRecord]:
        return [r for r in self._record.leagues if r.league.kind is self.kind]

    @cached_property
    def totals(self) -> LeagueRecord:
        total = LeagueRecord(league=None)
        for record in self.leagues:
            total.add(record)
        return total

    @cached_property
    def best_hands(self) -> list:
        if not self.seats:  # no query for a game the player has not played
            return []
        record = self._record
        return self.kind.player_best_hands(
            record.player, record.league_ids, record.season, BEST_HANDS
        )

    @cached_property
    def progress(self) -> list[tuple[date, int]]:
        """Points won on each day the player played the game, oldest first (days with
        nothing won included, so the line stays flat through them)."""
        by_day: dict[date, int] = {}
        for seat in reversed(self.seats):
            day = seat.match.played_on
            by_day[day] = by_day.get(day, 0) + seat.points_won
        return list(by_day.items())

    @cached_property
    def chart(self) -> LineChart | None:
        return cumulative_chart(self.progress)


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
        won: dict[int, tuple[int, int, int]] = {}
        played = {seat.match.game for seat in seats}
        for kind in self.kinds:
            if kind.key in played:  # a query only then
                won.update(kind.player_figures(self.player, self.league_ids, self.season))
        for seat in seats:
            seat.games, seat.rounds_won, seat.points_won = won.get(seat.match_id, (0, 0, 0))
            seat.won_match = seat.match.is_finished and seat.place == 1
        return seats

    @cached_property
    def parts(self) -> dict[str, GameRecord]:
        """Each game's parts of the page, by its key (`record.parts.mhing` in its template)."""
        seats: dict[str, list[Seat]] = {kind.key: [] for kind in self.kinds}
        for seat in self.seats:
            seats[seat.match.game].append(seat)
        return {kind.key: GameRecord(self, kind, seats[kind.key]) for kind in self.kinds}

    @property
    def mixed(self) -> bool:
        """Whether the player has matches of more than one game: each game's lists then
        say which game they are ("Mhing matches")."""
        return len({seat.match.game for seat in self.seats}) > 1

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
            seat.match.kind.player_count_seat(record, seat)
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
    def totals(self) -> LeagueRecord:
        """Matches and match wins over every league; each game's own figures are in its
        part's totals (`parts`)."""
        total = LeagueRecord(league=None)
        for record in self.leagues:
            total.played += record.played
            total.wins += record.wins
        return total

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
