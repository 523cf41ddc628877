"""A player's Mah-Jongg figures for the player page (leagues.players.records): the games of their
matches and those they won, and their best hands, each with its breakdown in the calculator.
Counted over the leagues the visitor may see, in one season or all time."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from leagues.kinds.mahjongg.sheet import calculator_url
from leagues.models import League, MahjonggGame, Player, Season


@dataclass(frozen=True)
class MahjonggHand:
    """A game the player won by calling Mah-Jongg: the hand's score, its tiles as entered,
    the calculator showing its breakdown (with the game's winds), and where it was played."""

    game: MahjonggGame
    score: int
    tiles: str
    url: str

    @property
    def match(self):
        return self.game.match


def _in_season(season: Season | None) -> Q:
    return Q(match__season=season) if season is not None else Q()


def _games(player: Player, league_ids: QuerySet[League], season: Season | None, *also: Q):
    # One row per game and the player's seat in its match: `match__seats__position` is then
    # the player's position, compared with the caller's. In one filter() call: a second call
    # would join the seats again, and compare the caller with every seat.
    # A rejected game counts for nothing until corrected (leagues.models.confirmation).
    return MahjonggGame.objects.filter(
        _in_season(season),
        *also,
        ~Q(confirmation="rejected"),
        match__league__in=league_ids,
        match__seats__player=player,
    )


def mahjongg_games_by_match(
    player: Player, league_ids: QuerySet[League], season: Season | None
) -> dict[int, tuple[int, int, int]]:
    """By match: its games, the games the player won (called Mah-Jongg) and their scores;
    the last two are what a Mhing match's rounds won and points are (one query)."""
    called = Q(caller=F("match__seats__position"))
    rows = (
        _games(player, league_ids, season)
        .values("match_id")
        .annotate(
            games=Count("pk"),
            won=Count("pk", filter=called),
            points=Coalesce(Sum("best", filter=called), 0),
        )
        .order_by()
    )
    return {row["match_id"]: (row["games"], row["won"], row["points"]) for row in rows}


def best_mahjongg_hands(
    player: Player, league_ids: QuerySet[League], season: Season | None, count: int
) -> list[MahjonggHand]:
    """The player's `count` best-scoring Mah-Jongg hands, the earliest first among equal
    scores (one query)."""
    games = (
        _games(player, league_ids, season, Q(caller=F("match__seats__position")))
        .select_related("match__league")
        .order_by("-best", "match__played_on", "match_id", "number")[:count]
    )
    return [
        MahjonggHand(
            game=game,
            score=game.best,
            tiles=game.hands[game.caller],
            url=calculator_url(game.hands[game.caller], game.winds[game.caller], game.round_wind),
        )
        for game in games
    ]


def count_seat(figures, seat) -> None:
    """A Mah-Jongg seat's own figures in its league's record (leagues.players.records): the
    match's games, those the player won by calling Mah-Jongg, and the match's balance."""
    figures.games += seat.games
    figures.games_won += seat.rounds_won
    figures.balance += seat.total
