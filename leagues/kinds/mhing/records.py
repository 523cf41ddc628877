"""A player's Mhing figures for the player page (leagues.players.records): the rounds they won
in each match and those rounds' points, and their best hands. Counted over the leagues the
visitor may see, in one season or all time."""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from leagues.models import League, Player, Round, Season, WinningHand
from leagues.models.round import Outcome


def _in_season(season: Season | None, prefix: str = "") -> Q:
    return Q(**{f"{prefix}match__season": season}) if season is not None else Q()


def rounds_by_match(
    player: Player, league_ids: QuerySet[League], season: Season | None
) -> dict[int, tuple[int, int, int]]:
    """By match: no games (Mhing has rounds), the rounds the player won and their points
    (one query)."""
    rows = (
        Round.objects.filter(
            _in_season(season),
            winner=player,
            outcome=Outcome.WON,
            match__league__in=league_ids,
        )
        .exclude(confirmation="rejected")  # counts for nothing until corrected
        .values("match_id")
        .annotate(rounds=Count("pk"), points=Coalesce(Sum("hand__points"), 0))
        .order_by()
    )
    return {row["match_id"]: (0, row["rounds"], row["points"]) for row in rows}


def best_hands(
    player: Player, league_ids: QuerySet[League], season: Season | None, count: int
) -> list[WinningHand]:
    """The player's `count` best winning hands by points, then credits, the earliest first
    among equals (one query)."""
    return list(
        WinningHand.objects.filter(
            _in_season(season, "round__"),
            round__winner=player,
            round__match__league__in=league_ids,
        )
        .exclude(round__confirmation="rejected")
        .select_related("round__match__league")
        .order_by("-points", "-credits", "round__match__played_on", "round_id")[:count]
    )


def count_seat(figures, seat) -> None:
    """Nothing of its own: a Mhing league's figures are the rounds won and their points,
    which every game counts (leagues.players.records.LeagueRecord)."""
