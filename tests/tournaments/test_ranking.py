"""A tournament's ranking (leagues/tournaments/ranking.py): the ordered tiebreak list, shared
places where players are level on every key, and the EMA base rank of each place."""

from __future__ import annotations

import pytest

from leagues.tournaments.ranking import RankingError, TableResult, base_rank, rank


def table(session, *seats):
    """seats: (player, points, place)"""
    players, points, places = zip(*seats, strict=True)
    return TableResult(session, tuple(players), tuple(points), tuple(places))


def places(ranking):
    return [(r.player, r.place) for r in ranking]


def test_the_winner_gets_1000_and_the_last_0() -> None:
    assert base_rank(1, 16) == 1000
    assert base_rank(16, 16) == 0
    assert base_rank(3, 16) == pytest.approx(866.67, abs=0.01)
    assert base_rank(75, 100) == pytest.approx(252.53, abs=0.01)


def test_a_shared_place_gets_the_average_of_the_places_it_fills() -> None:
    assert base_rank(2, 16, sharing=2) == pytest.approx((base_rank(2, 16) + base_rank(3, 16)) / 2)


def test_points_decide_first() -> None:
    results = [table(1, ("a", 10, 2), ("b", 30, 1), ("c", -10, 3), ("d", -30, 4))]
    ranking = rank("abcd", results)
    assert places(ranking) == [("b", 1), ("a", 2), ("c", 3), ("d", 4)]
    assert [r.base_rank for r in ranking] == [
        1000,
        pytest.approx(666.67, abs=0.01),
        pytest.approx(333.33, abs=0.01),
        0,
    ]


def test_level_points_are_split_by_table_placings() -> None:
    results = [
        table(1, ("a", 20, 1), ("b", 10, 2), ("c", 0, 3), ("d", -30, 4)),
        table(2, ("a", -10, 3), ("b", 0, 2), ("c", 10, 1), ("d", 0, 4)),
    ]
    # a, b and c have 10 points each; a and c have a first place each, b none.
    ranking = rank("abcd", results, ["points", "placings"])
    assert dict(places(ranking)) == {"a": 1, "c": 1, "b": 3, "d": 4}
    assert dict(places(rank("abcd", results, ["points"]))) == {"a": 1, "b": 1, "c": 1, "d": 4}


def test_players_level_on_every_key_share_a_place_and_the_next_place_is_skipped() -> None:
    results = [table(1, ("a", 10, 1), ("b", 0, 2), ("c", 0, 2), ("d", -10, 4))]
    ranking = rank("abcd", results, ["points", "placings"])
    assert places(ranking) == [("a", 1), ("b", 2), ("c", 2), ("d", 4)]
    assert ranking[1].shared and ranking[2].shared and not ranking[0].shared
    shared = (base_rank(2, 4) + base_rank(3, 4)) / 2
    assert ranking[1].base_rank == ranking[2].base_rank == pytest.approx(shared)
    assert sum(r.base_rank for r in ranking) == pytest.approx(
        sum(base_rank(p, 4) for p in range(1, 5))
    )


def test_head_to_head_splits_only_the_players_still_level() -> None:
    results = [
        # b finished above c where they met; both end on 10 points with one 2nd place each.
        table(1, ("b", 10, 2), ("c", -10, 3), ("x", 30, 1), ("y", -30, 4)),
        table(2, ("c", 20, 2), ("b", 0, 3), ("z", 40, 1), ("w", -60, 4)),
        table(3, ("b", 0, 2), ("q", 10, 1), ("r", -5, 3), ("s", -5, 4)),
    ]
    without = rank(["b", "c"], results, ["points"])
    assert without[0].shared and without[1].shared
    # b met c twice: above once (session 1), below once (session 2): level still.
    level = rank(["b", "c"], results, ["points", "head_to_head"])
    assert [r.place for r in level] == [1, 1]
    results.append(table(4, ("b", 0, 1), ("c", 0, 2), ("t", 0, 3), ("u", 0, 4)))
    after = rank(["b", "c"], results, ["points", "head_to_head"])
    assert places(after) == [("b", 1), ("c", 2)]


def test_the_order_of_the_list_matters() -> None:
    results = [
        table(1, ("a", 50, 1), ("b", 40, 2), ("c", -40, 3), ("d", -50, 4)),
        table(2, ("a", -50, 4), ("b", 30, 1), ("c", 10, 2), ("d", 10, 3)),
        table(3, ("a", 60, 1), ("b", -30, 4), ("c", -20, 3), ("d", -10, 2)),
    ]
    # points: a 60, b 40; placings: a two 1st, b one 1st.
    assert rank("ab", results, ["points"])[0].player == "a"
    assert rank("ab", results, ["best_table", "points"])[0].player == "a"
    results.append(table(4, ("x", 30, 1), ("b", 25, 2), ("a", -5, 3), ("y", -50, 4)))
    # points now a 55, b 65; placings: a two 1st places, b one.
    assert rank("ab", results, ["points"])[0].player == "b"
    assert rank("ab", results, ["placings", "points"])[0].player == "a"


def test_a_player_without_a_table_is_ranked_with_nothing() -> None:
    results = [table(1, ("a", 10, 1), ("b", 5, 2), ("c", -5, 3), ("d", -10, 4))]
    ranking = rank("abcde", results)
    assert places(ranking)[2:] == [("e", 3), ("c", 4), ("d", 5)]
    assert ranking[2].tables == 0 and ranking[2].points == 0


def test_an_unknown_tiebreak_is_refused() -> None:
    with pytest.raises(RankingError):
        rank("ab", [], ["points", "luck"])
    with pytest.raises(RankingError):
        rank("ab", [], ["points", "points"])


def test_nobody_to_rank_is_an_empty_ranking() -> None:
    assert rank([], []) == []
