"""Mah-Jongg's figures on the standings (leagues.models.standing): the balance, games won,
their points and the best game, from the seats and the league's games."""

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
        rows[player_id].balance += total
    games = (
        MahjonggGame.objects.filter(match_id__in={match_id for match_id, *_ in seat_rows})
        .exclude(caller__isnull=True)
        .exclude(confirmation="rejected")
        .order_by("-best", "match__played_on", "match_id", "number")
        .values_list("pk", "match_id", "caller", "best")
    )
    for game_id, match_id, caller, best in games:
        player_id = owner.get((match_id, caller))
        if player_id is None:  # a bot's win, or a player not asked for
            continue
        row = rows[player_id]
        row.rounds_won += 1
        row.points += best
        if row.best_game_id is None:  # best first
            row.best_game_id = game_id
