"""The players' ratings (OpenSkill), rated again from a league's finished matches whenever
one finishes, stops being finished or changes after it finished."""

from __future__ import annotations

from django.db import transaction
from openskill.models import PlackettLuce

from .league import PlayerRating, lock_league
from .match import Match, Seat


@transaction.atomic
def rerate(league) -> None:
    """Rate every player again from the finished matches in the order they were played.

    OpenSkill's Plackett-Luce model is order-dependent, so a corrected match changes every
    rating after it: recomputing the whole league is simple and takes milliseconds.
    """
    lock_league(league.pk)
    model = PlackettLuce()
    seats = (
        Seat.objects.filter(match__league=league, match__status=Match.Status.FINISHED)
        # Bots are not rated: the people are ranked among themselves by their places.
        .filter(player__is_bot=False)
        .order_by("match__played_on", "match_id", "position")
        .values_list("match_id", "match__season_id", "player_id", "place")
    )
    by_match: dict[int, tuple[int, list[tuple[int, int]]]] = {}
    for match_id, season_id, player_id, place in seats:
        by_match.setdefault(match_id, (season_id, []))[1].append((player_id, place))
    # All time (None) and each season on its own, from the same matches in the same order.
    scopes: dict[int | None, tuple[dict[int, object], dict[int, int]]] = {}
    for season_id, placings in by_match.values():
        if len(placings) < 2:  # one person among bots: no one to be ranked against
            continue
        for scope in (None, season_id):
            ratings, played = scopes.setdefault(scope, ({}, {}))
            teams = [[ratings.get(pid) or model.rating(name=str(pid))] for pid, _ in placings]
            rated = model.rate(teams, ranks=[place for _, place in placings])
            for (pid, _place), (rating,) in zip(placings, rated, strict=True):
                ratings[pid] = rating
                played[pid] = played.get(pid, 0) + 1
    PlayerRating.objects.filter(league=league).delete()
    PlayerRating.objects.bulk_create(
        PlayerRating(
            league=league,
            season_id=scope,
            player_id=pid,
            mu=rating.mu,
            sigma=rating.sigma,
            ordinal=rating.ordinal(),
            matches=played[pid],
        )
        for scope, (ratings, played) in scopes.items()
        for pid, rating in ratings.items()
    )
