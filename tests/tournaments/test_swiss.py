"""Swiss seating (leagues/tournaments/swiss.py): the next session's tables by standing, the
top players together, repeated meetings avoided where a swap can avoid them, winds evened,
and the quality figures of a planned seating."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from leagues.tournaments.seating import SeatingError
from leagues.tournaments.swiss import session_quality, swiss_session


def meetings(sessions) -> Counter:
    met = Counter()
    for session in sessions:
        for table in session:
            met.update(itertools.combinations(sorted(table), 2))
    return met


def test_the_first_session_seats_the_standings_in_order() -> None:
    tables = swiss_session(list(range(1, 17)))
    assert [sorted(t) for t in tables] == [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 10, 11, 12],
        [13, 14, 15, 16],
    ]


def test_the_top_players_sit_together_when_they_have_not_met() -> None:
    history = [[(1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15), (4, 8, 12, 16)]]
    tables = swiss_session([4, 3, 2, 1, *range(5, 17)], history)
    assert sorted(tables[0]) == [1, 2, 3, 4]


def test_no_pair_meets_again_when_a_swap_can_avoid_it() -> None:
    first = swiss_session(list(range(1, 17)))
    # The same standings again: every table of the first session would meet again.
    second = swiss_session(list(range(1, 17)), [first])
    assert max(meetings([first, second]).values()) == 1
    # Of the ways to avoid them, the one that keeps the better players higher: the best of
    # each first-session table at the top table, the worst at the bottom.
    assert [sorted(t) for t in second] == [
        [1, 5, 9, 13],
        [2, 6, 10, 14],
        [3, 7, 11, 15],
        [4, 8, 12, 16],
    ]


@pytest.mark.parametrize("players", [16, 48, 100])
def test_four_sessions_of_random_standings_repeat_no_meeting(players: int) -> None:
    rng = random.Random(players)
    history = []
    for session in range(4):
        ranking = list(range(1, players + 1))
        rng.shuffle(ranking)
        history.append(swiss_session(ranking, history, seed=session))
    assert all(sorted(p for t in s for p in t) == list(range(1, players + 1)) for s in history)
    figures = session_quality(history[:-1], history[-1])
    assert figures.repeated_meetings == 0
    assert figures.sessions == 4 and figures.players == players


def test_a_count_four_does_not_divide_gets_tables_of_three_at_the_bottom() -> None:
    tables = swiss_session(list(range(1, 19)))
    assert [len(t) for t in tables] == [4, 4, 4, 3, 3]
    assert sorted(tables[-1]) == [16, 17, 18]


def test_a_dropped_player_is_left_out() -> None:
    first = swiss_session(list(range(1, 17)))
    second = swiss_session([p for p in range(1, 17) if p != 7] + [17], [first])
    seated = sorted(p for t in second for p in t)
    assert seated == [p for p in range(1, 18) if p != 7]


def test_winds_go_round() -> None:
    history = [[(1, 2, 3, 4)], [(2, 3, 4, 1)], [(3, 4, 1, 2)]]
    (table,) = swiss_session([1, 2, 3, 4], history)
    # Each has sat three winds: now the fourth.
    assert table == (4, 1, 2, 3)


def test_the_quality_counts_repeats_over_the_sessions_played() -> None:
    history = [[(1, 2, 3, 4), (5, 6, 7, 8)]]
    figures = session_quality(history, [(1, 2, 3, 4), (5, 6, 7, 8)])
    assert figures.repeated_meetings == 12
    assert figures.back_to_back == 12


def test_a_player_ranked_twice_or_a_table_of_five_is_refused() -> None:
    with pytest.raises(SeatingError):
        swiss_session([1, 2, 3, 1])
    with pytest.raises(SeatingError):
        swiss_session(list(range(1, 11)), table_size=5)


def test_tables_of_three_seat_three_at_each() -> None:
    tables = swiss_session(list(range(1, 10)), table_size=3)
    assert [sorted(t) for t in tables] == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    with pytest.raises(SeatingError):
        swiss_session(list(range(1, 11)), table_size=3)
