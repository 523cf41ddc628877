"""Mah-Jongg's figures on the standings (leagues.models.standing): the balance, games won,
their points and the best game, from the seats and the league's games. Games won and their
points are kept in the columns Mhing's rounds won and points use; the balance and the best
game are Mah-Jongg's own, kept in the row's `game_figures` as the values the table shows and
links: {"balance": 540, "best_game": {"points": 96, "match_id": 7, "number": 3}}."""

from __future__ import annotations

from collections.abc import Collection

from leagues.models import MahjonggGame


def mahjongg_figures(
    rows: dict,
    seats,
    *,
    league_id: int,
    season_id: int | None,
    player_ids: Collection[int] | None,
) -> None:
    """A Mah-Jongg league's figures for the players in `rows`, from the seats given (not
    abandoned, no bots; of the season): balance, games won, their points, the best one."""
    seat_rows = list(seats.values_list("match_id", "position", "player_id", "total"))
    owner = {(match_id, position): player_id for match_id, position, player_id, _ in seat_rows}
    for _match, _position, player_id, total in seat_rows:
        figures = rows[player_id].game_figures
        figures["balance"] = figures.get("balance", 0) + total
    games = (
        MahjonggGame.objects.filter(match_id__in={match_id for match_id, *_ in seat_rows})
        .exclude(caller__isnull=True)
        .exclude(confirmation="rejected")
        .order_by("-best", "match__played_on", "match_id", "number")
        .values_list("match_id", "number", "caller", "best")
    )
    for match_id, number, caller, best in games:
        player_id = owner.get((match_id, caller))
        if player_id is None:  # a bot's win, or a player not asked for
            continue
        row = rows[player_id]
        row.rounds_won += 1
        row.points += best
        if "best_game" not in row.game_figures:  # best first
            row.game_figures["best_game"] = {"points": best, "match_id": match_id, "number": number}
