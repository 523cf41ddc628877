"""The seating rule of a club night (leagues/nights/seating.py, docs/club_nights.md)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.nights.seating import (
    EXACT_UP_TO,
    SeatingError,
    UnevenTables,
    evaluate,
    recency_weight,
    seat,
    table_sizes,
)

# n → (points race, chips), written out for every n the pages accept.
EXPECTED_SIZES = {
    3: ((3,), (3,)),
    4: ((4,), (4,)),
    5: ((5,), (3, 2)),
    6: ((3, 3), (3, 3)),
    7: ((4, 3), (4, 3)),
    8: ((4, 4), (4, 4)),
    9: ((5, 4), (3, 3, 3)),
    10: ((5, 5), (4, 3, 3)),
    11: ((4, 4, 3), (4, 4, 3)),
    12: ((4, 4, 4), (4, 4, 4)),
    13: ((5, 4, 4), (4, 3, 3, 3)),
    14: ((5, 5, 4), (4, 4, 3, 3)),
    15: ((4, 4, 4, 3), (4, 4, 4, 3)),
}


def history(players: list[int], rng: random.Random, pairs: int) -> dict[frozenset[int], int]:
    met = {}
    for _ in range(pairs):
        a, b = rng.sample(players, 2)
        met[frozenset((a, b))] = rng.randint(1, 8)
    return met


def all_seatings(players: list[int], sizes: tuple[int, ...]):
    """Brute force, independent of the module's search: every ordered split, duplicates and
    all."""
    for order in itertools.permutations(players):
        tables, start = [], 0
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
        yield tables


class TestTableSizes:
    @pytest.mark.parametrize("n", sorted(EXPECTED_SIZES))
    def test_small_nights_have_the_documented_tables(self, n):
        points, chips = EXPECTED_SIZES[n]
        assert table_sizes(n) == points
        assert table_sizes(n, chips=True) == chips

    @pytest.mark.parametrize("n", range(3, 41))
    def test_every_night_up_to_forty_seats_everyone_at_legal_tables(self, n):
        points, chips = table_sizes(n), table_sizes(n, chips=True)

        assert sum(points) == n and sum(chips) == n
        assert all(3 <= size <= 5 for size in points)
        assert all(2 <= size <= 4 for size in chips)
        if n % 4 == 0:
            assert points == chips == (4,) * (n // 4)
        # Fewest tables that are not of 4: at most two in a race, three at chips.
        assert sum(size != 4 for size in points) <= 2
        assert sum(size != 4 for size in chips) <= 3

    @pytest.mark.parametrize("n", [0, 1, 2])
    def test_fewer_than_three_are_refused(self, n):
        with pytest.raises(SeatingError, match="at least 3"):
            table_sizes(n)


class TestSeat:
    @given(
        n=st.integers(3, 40),
        chips=st.booleans(),
        seed=st.integers(0, 2**32),
    )
    @settings(max_examples=25, deadline=None)
    def test_everyone_is_seated_once_at_tables_of_the_right_sizes(self, n, chips, seed):
        rng = random.Random(seed)
        players = rng.sample(range(1, 500), n)
        ratings = {p: rng.uniform(-5, 30) for p in players}

        seating = seat(players, ratings, history(players, rng, n), chips=chips, seed=seed)

        seated = [p for table in seating.tables for p in table]
        assert sorted(seated) == sorted(players)
        assert tuple(len(t) for t in seating.tables) == table_sizes(n, chips)

    @pytest.mark.parametrize("n", [7, 12, 21, 40])
    def test_the_same_seed_gives_the_same_tables(self, n):
        rng = random.Random(n)
        players = list(range(n))
        ratings = {p: rng.uniform(0, 30) for p in players}
        met = history(players, rng, 2 * n)

        first = seat(players, ratings, met, seed=7)

        assert seat(list(reversed(players)), dict(ratings), dict(met), seed=7) == first
        assert any(seat(players, ratings, met, seed=s).tables != first.tables for s in range(8))

    @pytest.mark.parametrize("case", range(12))
    def test_repeat_meetings_are_as_few_as_a_brute_force_finds(self, case):
        rng = random.Random(case)
        n = rng.choice([6, 7, 8])
        players = list(range(10, 10 + n))
        met = history(players, rng, rng.randint(4, 14))
        ratings = {p: rng.uniform(0, 30) for p in players}
        sizes = table_sizes(n)

        best = min(evaluate(t, ratings, met).key for t in all_seatings(players, sizes))

        assert n <= EXACT_UP_TO
        assert seat(players, ratings, met, seed=case).key == best

    def test_a_big_night_avoids_every_partner_of_last_night(self):
        # 24 players who sat at six tables last night, and at six others the night before:
        # a seating with no repeat meeting exists (one from each old table per table).
        players = list(range(24))
        met = {}
        for start in range(0, 24, 4):
            for a, b in itertools.combinations(range(start, start + 4), 2):
                met[frozenset((a, b))] = 1
        for start in range(6):
            for a, b in itertools.combinations(range(start, 24, 6), 2):
                met.setdefault(frozenset((a, b)), 2)

        seating = seat(players, {}, met, seed=3)

        assert seating.repeat_cost < recency_weight(1)
        for table in seating.tables:
            assert len({p // 4 for p in table}) == 4, "two of last night's table-mates meet"

    def test_recent_partners_cost_more_than_old_ones(self):
        assert recency_weight(1) > recency_weight(2) > recency_weight(10) > 0

    def test_last_nights_partners_are_split_before_older_ones(self):
        # 8 players: 0-1 met last night, 2-3 six nights ago; one pair must share a table
        # only if nothing else works, and here both can be split.
        met = {frozenset((0, 1)): 1, frozenset((2, 3)): 6}
        for seed in range(5):
            tables = seat(range_list(8), {}, met, seed=seed).tables
            assert all(not {0, 1} <= set(t) for t in tables)
            assert all(not {2, 3} <= set(t) for t in tables)

    @pytest.mark.parametrize("n", [8, 12, 16, 20, 40])
    def test_the_strongest_sit_at_different_tables(self, n):
        players = list(range(n))
        ratings = {p: float(p) for p in players}  # n-1 is the strongest
        tables = seat(players, ratings, {}, seed=1).tables

        strongest = set(range(n - len(tables), n))
        for table in tables:
            assert len(strongest & set(table)) == 1
        means = [sum(ratings[p] for p in t) / len(t) for t in tables]
        assert max(means) - min(means) <= n / 4

    def test_a_player_listed_twice_is_refused(self):
        with pytest.raises(SeatingError, match="twice"):
            seat([1, 2, 3, 3], {}, {})

    def test_more_than_forty_are_refused(self):
        with pytest.raises(SeatingError, match="at most 40"):
            seat(list(range(41)), {}, {})


def range_list(n: int) -> list[int]:
    return list(range(n))


class TestGivenTableSizes:
    """A game with its own table size (a Mah-Jongg league: its profile's 4, or 3)."""

    @pytest.mark.parametrize("size", [3, 4])
    @pytest.mark.parametrize("tables", [1, 2, 5, 10])
    def test_a_multiple_of_the_size_sits_at_tables_of_that_size_only(self, size, tables):
        assert table_sizes(size * tables, allowed=(size,)) == (size,) * tables

    @pytest.mark.parametrize(
        ("n", "over", "short"),
        [(1, 1, 3), (3, 3, 1), (5, 1, 3), (6, 2, 2), (7, 3, 1), (10, 2, 2), (23, 3, 1)],
    )
    def test_another_count_says_how_many_are_over_and_how_many_short(self, n, over, short):
        with pytest.raises(UnevenTables) as refused:
            table_sizes(n, allowed=(4,))
        assert (refused.value.over, refused.value.short) == (over, short)
        assert (n - over) % 4 == 0 and (n + short) % 4 == 0

    def test_tables_of_three_leave_at_most_two_over(self):
        with pytest.raises(UnevenTables) as refused:
            table_sizes(8, allowed=(3,))
        assert (refused.value.over, refused.value.short) == (2, 1)

    def test_a_second_size_is_used_as_little_as_possible(self):
        # Tables of 4, of 3 where 4s alone cannot seat everyone.
        assert table_sizes(12, allowed=(4, 3)) == (4, 4, 4)
        assert table_sizes(10, allowed=(4, 3)) == (4, 3, 3)
        with pytest.raises(UnevenTables):
            table_sizes(5, allowed=(4, 3))

    def test_the_games_own_sizes_give_the_documented_tables(self):
        for n, (race, chips) in EXPECTED_SIZES.items():
            if n != 5:  # five at chips is the one count seated 3 and 2
                assert table_sizes(n, allowed=(4, 3)) == chips
            assert table_sizes(n, allowed=(4, 5, 3)) == race

    @pytest.mark.parametrize("seed", range(4))
    @pytest.mark.parametrize("n", [4, 8, 12, 16, 24])
    def test_seat_keeps_to_the_given_size(self, n, seed):
        met = history(range_list(n), random.Random(seed), n)
        seating = seat(range_list(n), {}, met, allowed=(4,), seed=seed)
        assert [len(t) for t in seating.tables] == [4] * (n // 4)
        assert sorted(p for t in seating.tables for p in t) == range_list(n)

    def test_seat_with_tables_of_three_still_avoids_last_nights_partners(self):
        # Nine players who sat 0-2, 3-5, 6-8 last night: three tables of three, none of them
        # beside a partner of last night.
        met = {
            frozenset(pair): 1
            for start in (0, 3, 6)
            for pair in itertools.combinations(range(start, start + 3), 2)
        }
        seating = seat(range_list(9), {}, met, allowed=(3,), seed=2)
        assert seating.repeat_cost == 0
        assert all(len({p // 3 for p in table}) == 3 for table in seating.tables)

    def test_seat_refuses_a_count_the_size_does_not_divide(self):
        with pytest.raises(UnevenTables):
            seat(range_list(9), {}, {}, allowed=(4,))
