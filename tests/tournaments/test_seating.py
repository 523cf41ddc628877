"""The seating planned in advance for a tournament (leagues/tournaments/seating.py): everyone
seated once a session, repeated meetings down to the lower bound where the search reaches it
quickly, winds exactly even over 8 sessions, tables of three where four does not divide."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from leagues.tournaments.quality import quality
from leagues.tournaments.seating import Plan, SeatingError, lower_bound, plan_seating


def seated_once_each_session(plan) -> bool:
    return all(
        sorted(p for table in session for p in table) == list(range(1, plan.players + 1))
        for session in plan.rounds
    )


@pytest.mark.parametrize("players", [4, 6, 7, 9, 13, 16, 18, 23, 24])
def test_every_player_sits_at_exactly_one_table_each_session(players: int) -> None:
    plan = plan_seating(players, 5, seed=1, max_steps=300)
    assert len(plan.rounds) == 5
    assert seated_once_each_session(plan)
    assert all(len(table) in (3, 4) for session in plan.rounds for table in session)


def test_16_players_over_8_sessions_meet_everyone_and_repeat_no_more_than_they_must() -> None:
    plan = plan_seating(16, 8, seed=1, max_steps=20_000, seconds=60)
    figures = quality(plan)
    # 16 players meet 3 others a session: 24 meetings each for 15 others, so 72 repeats at
    # least (the Finnish template's 72 too); every pair meets once or twice.
    assert figures.lower_bound == 72
    assert figures.repeated_meetings == 72
    assert figures.most_meetings == 2


def test_over_8_sessions_at_tables_of_four_each_player_sits_each_wind_twice() -> None:
    plan = plan_seating(20, 8, seed=4, max_steps=2_000)
    winds = {p: Counter() for p in range(1, 21)}
    for session in plan.rounds:
        for table in session:
            for wind, p in zip("ESWN", table, strict=True):
                winds[p][wind] += 1
    assert all(counts == Counter("EESSWWNN") for counts in winds.values())
    assert quality(plan).uneven_winds == 0


def test_a_count_four_does_not_divide_gets_the_fewest_tables_of_three() -> None:
    plan = plan_seating(18, 4, seed=2, max_steps=500)
    for session in plan.rounds:
        assert sorted(len(table) for table in session) == [3, 3, 4, 4, 4]
    assert quality(plan).tables_of_three == 2
    # The tables of three go round the room: not the same three players every session.
    threes = {frozenset(t) for s in plan.rounds for t in s if len(t) == 3}
    assert len(threes) > 2


def test_the_same_seed_and_steps_give_the_same_plan() -> None:
    one = plan_seating(24, 6, seed=9, max_steps=400, seconds=60)
    two = plan_seating(24, 6, seed=9, max_steps=400, seconds=60)
    assert one == two
    assert one != plan_seating(24, 6, seed=10, max_steps=400, seconds=60)


def test_sessions_are_ordered_so_repeats_fall_in_sessions_running_as_seldom_as_can_be() -> None:
    plan = plan_seating(20, 8, seed=3, max_steps=3_000)
    figures = quality(plan)
    assert figures.repeated_meetings == lower_bound(20, 8) == 50
    # No other order of the same sessions puts fewer repeats in two sessions running.
    shuffled = random.Random(1)
    for _ in range(200):
        sessions = list(plan.rounds)
        shuffled.shuffle(sessions)
        other = quality(Plan(players=20, rounds=tuple(sessions)))
        assert figures.back_to_back <= other.back_to_back


def test_the_quality_counts_repeats_as_meetings_beyond_each_pairs_first() -> None:
    plan = plan_seating(8, 3, seed=1, max_steps=50)
    meetings = Counter(
        pair
        for session in plan.rounds
        for table in session
        for pair in itertools.combinations(sorted(table), 2)
    )
    assert quality(plan).repeated_meetings == sum(c - 1 for c in meetings.values())


@pytest.mark.parametrize("players", [0, 1, 3, 5])
def test_a_count_that_cannot_be_seated_is_refused_with_why(players: int) -> None:
    with pytest.raises(SeatingError, match="plan for 4, or 6 or more"):
        plan_seating(players, 4)


@pytest.mark.parametrize("players", [28, 32])
def test_28_and_32_players_over_8_sessions_never_meet_twice(players: int) -> None:
    """The Finnish template repeats 19 meetings at 28 players; a design in which no pair
    meets twice exists for both counts (the Hermitian unital for 28, planes of GF(2)^5
    for 32), and the plan starts from it."""
    plan = plan_seating(players, 8, seed=7, max_steps=1_000)
    figures = quality(plan)
    assert figures.repeated_meetings == 0
    assert figures.most_meetings == 1
    assert figures.uneven_winds == 0


def test_the_seed_decides_who_sits_where_in_a_known_design() -> None:
    one = plan_seating(28, 2, seed=1, max_steps=10)
    two = plan_seating(28, 2, seed=2, max_steps=10)
    assert one.rounds[0] != two.rounds[0]
