"""Mhing's figures on the standings (leagues.models.standing): rounds won, their points and
the best hand, from the league's winning hands. The best hand is Mhing's own figure, kept in
the row's `game_figures` as the values the table shows and links (leagues.standings.table
.BestHand's fields), not as a link to the hand."""

from __future__ import annotations

from collections.abc import Collection

from django.db.models import Count, F, Sum, Window
from django.db.models.functions import RowNumber

from leagues.models import Match, PlayerStanding, WinningHand

# The best hand's keys in `game_figures`: what the table shows of it and the round it links to.
BEST_HAND = ("hand", "points", "credits", "match_id", "round_number")


def mhing_figures(
    rows: dict,
    seats,
    *,
    league_id: int,
    season_id: int | None,
    player_ids: Collection[int] | None,
) -> None:
    """Adds to `rows` (player id -> PlayerStanding, from the seats) each winner's rounds won,
    their points and best hand (`game_figures["best_hand"]`); one query over the league's
    hands (or the players')."""
    # A rejected round counts for nothing until corrected (leagues.models.confirmation);
    # a provisional one counts, marked on the standings page. Abandoned matches and bots
    # count for nothing, as on the seats.
    hands = (
        WinningHand.objects.filter(round__match__league_id=league_id, round__winner__is_bot=False)
        .exclude(round__match__status=Match.Status.ABANDONED)
        .exclude(round__confirmation="rejected")
    )
    if season_id is not None:
        hands = hands.filter(round__match__season_id=season_id)
    if player_ids is not None:
        hands = hands.filter(round__winner_id__in=player_ids)
    made = {"league_id": league_id, "season_id": season_id}
    # Each winner's hands in best-first order (most points, most credits, the earliest); the
    # first one with the count and sum of them all.
    by_winner = {"partition_by": F("round__winner")}
    best = (
        hands.annotate(
            rank=Window(
                RowNumber(),
                order_by=[
                    F("points").desc(),
                    F("credits").desc(),
                    F("round__match__played_on").asc(),
                    F("round_id").asc(),
                ],
                **by_winner,
            ),
            won=Window(Count("pk"), **by_winner),
            won_points=Window(Sum("points"), **by_winner),
        )
        .filter(rank=1)
        .values_list(
            "round__winner_id",
            "won",
            "won_points",
            "hand",
            "points",
            "credits",
            "round__match_id",
            "round__number",
        )
    )
    for winner_id, won, won_points, *hand in best:
        # A round's winner is seated in its match, so the seats gave their row already.
        row = rows.setdefault(winner_id, PlayerStanding(**made, player_id=winner_id))
        row.rounds_won, row.points = won, won_points
        row.game_figures["best_hand"] = dict(zip(BEST_HAND, hand, strict=True))
