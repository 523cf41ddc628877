"""RULES.md §5-6 over a match: the first dealer by lot, the deal passing left after every
round (draws too), the points race to the target, and chips (the discarder pays double,
barefoot players pay nothing, a short player pays what they have)."""

from __future__ import annotations

import pytest

from games.play.match import (
    MatchOver,
    match_from_dict,
    match_to_dict,
    new_match,
    record_round,
    round_seed,
    start_round,
)
from games.play.state import Outcome
from scoring.mhing import score_hand

DRAW = Outcome()
HAND_64 = score_hand("111b 222b 333b 456c EwEw")
HAND_512 = score_hand("567b 567b 678b 789b 99b")


def won(winner: int, score: object = HAND_64, discarder: int | None = None) -> Outcome:
    return Outcome(winner=winner, discarder=discarder, score=score)


def test_rule_5_the_first_dealer_is_drawn_at_random_from_the_seed() -> None:
    dealers = {new_match(4, seed).first_dealer for seed in range(40)}

    assert dealers == {0, 1, 2, 3}
    assert new_match(4, 11).first_dealer == new_match(4, 11).first_dealer


def test_rule_5_the_deal_passes_left_after_every_round_draws_included() -> None:
    match = new_match(3, seed=5)
    first = match.first_dealer
    dealers = []
    for outcome in (won(0), DRAW, won(2, discarder=1), DRAW):
        dealers.append(match.dealer)
        state, _ = start_round(match)
        assert state.dealer == match.dealer
        match = record_round(match, outcome)

    assert dealers == [(first + i) % 3 for i in range(4)]
    assert [r.dealer for r in match.rounds] == dealers


def test_each_round_is_shuffled_from_its_own_seed() -> None:
    match = new_match(2, seed=5)
    later = record_round(match, DRAW)

    assert round_seed(match) != round_seed(later)
    assert start_round(match)[0].wall != start_round(later)[0].wall


def test_rule_6_points_race_only_the_winner_scores() -> None:
    match = record_round(new_match(3, seed=1), won(1, discarder=2))

    assert match.totals == (0, 64, 0)
    assert not match.finished


def test_rule_6_points_race_ends_the_moment_a_player_reaches_the_target() -> None:
    match = new_match(2, seed=1, target=100)
    match = record_round(match, won(0))
    assert not match.finished and match.winner is None

    match = record_round(match, won(0))

    assert match.finished and match.winner == 0 and match.totals == (128, 0)
    with pytest.raises(MatchOver):
        record_round(match, won(1))
    with pytest.raises(MatchOver):
        start_round(match)


def test_rule_6_points_race_any_positive_target() -> None:
    match = record_round(
        new_match(2, seed=1, target=1), won(1, score_hand("123b 234b 456c 789k 99c"))
    )
    assert match.finished and match.winner == 1
    with pytest.raises(ValueError):
        new_match(2, seed=1, target=0)


def test_rule_6_chips_the_winner_receives_the_points_and_the_discarder_pays_double() -> None:
    match = new_match(3, seed=1, variant="chips")
    assert match.totals == (500, 500, 500)

    match = record_round(match, won(0, discarder=1))

    assert match.totals == (500 + 128 + 64, 500 - 128, 500 - 64)


def test_rule_6_chips_self_drawn_every_other_player_pays_once() -> None:
    match = record_round(new_match(3, seed=1, variant="chips"), won(2))

    assert match.totals == (436, 436, 628)


def test_rule_6_chips_a_short_player_pays_what_they_have_and_a_barefoot_player_nothing() -> None:
    match = new_match(2, seed=1, variant="chips", round_limit=10)
    match = record_round(match, won(0, HAND_512))  # seat 1 owes 512, has 500: pays 500
    assert match.totals == (1000, 0)
    assert match.finished  # one player holds all the chips


def test_rule_6_chips_a_barefoot_player_pays_nothing() -> None:
    match = new_match(3, seed=1, variant="chips")
    for _ in range(4):  # seat 1 pays 128 a round: 372, 244, 116, then barefoot
        match = record_round(match, won(0, discarder=1))
    assert match.totals[1] == 0
    before = match.totals

    match = record_round(match, won(2, discarder=1))

    assert match.totals[1] == 0  # barefoot: pays nothing
    assert match.totals[2] == before[2] + 64  # only seat 0 paid

    match = record_round(match, won(1))  # a barefoot player plays on and receives

    assert match.totals[1] == 128


def test_rule_6_chips_end_after_the_agreed_rounds_ranked_by_chips() -> None:
    match = new_match(3, seed=1, variant="chips", round_limit=2)
    match = record_round(match, won(1))
    match = record_round(match, DRAW)

    assert match.finished and match.winner == 1


def test_rule_6_chips_are_for_2_to_4_players() -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        new_match(5, seed=1, variant="chips")


def test_a_match_round_trips_through_its_dict() -> None:
    match = new_match(3, seed="cup", variant="chips", round_limit=5)
    match = record_round(match, won(0, discarder=2))
    match = record_round(match, DRAW)

    data = match_to_dict(match)

    assert match_from_dict(data) == match
    assert data["dealer"] == match.dealer and data["rounds"][0]["points"] == 64
