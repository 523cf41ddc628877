"""RULES.md §6 as pure functions: the points race and chips."""

import pytest

from scoring.mhing.match_scoring import (
    MatchRules,
    RoundResult,
    Variant,
    add_round,
    dealer_for_round,
    replay,
    start,
)

CHIPS3 = MatchRules(players=3, variant=Variant.CHIPS)


def test_rule_5_the_deal_passes_left_after_every_round():
    assert [dealer_for_round(2, n, 4) for n in range(1, 7)] == [2, 3, 0, 1, 2, 3]


def test_rule_6_only_the_winner_scores_in_the_points_race():
    tally = replay(MatchRules(players=3), [RoundResult(winner=1, points=32, discarder=2)])
    assert tally.totals == (0, 32, 0)


def test_rule_6_the_match_ends_the_moment_a_player_reaches_the_target():
    rules = MatchRules(players=2, target=100)
    tally = replay(rules, [RoundResult(winner=0, points=64), RoundResult(winner=0, points=64)])
    assert tally.finished and tally.totals == (128, 0)
    with pytest.raises(ValueError, match="over"):
        add_round(rules, tally, RoundResult())


def test_rule_6_a_draw_scores_nothing_but_counts_as_a_round():
    tally = replay(MatchRules(players=2), [RoundResult(), RoundResult()])
    assert tally.totals == (0, 0) and tally.rounds == 2 and not tally.finished


def test_rule_6_chips_the_discarder_pays_double():
    tally = replay(CHIPS3, [RoundResult(winner=0, points=4, discarder=1)])
    assert tally.totals == (512, 492, 496)


def test_rule_6_chips_short_players_pay_what_they_have_and_barefoot_players_nothing():
    tally = replay(
        CHIPS3,
        [
            RoundResult(winner=0, points=128, discarder=1),  # Q pays 256, R 128
            RoundResult(winner=0, points=128, discarder=1),  # Q owes 256, has 244
            RoundResult(winner=2, points=4),  # Q is barefoot: pays nothing
            RoundResult(winner=1, points=4),  # ...but receives when winning
        ],
    )
    assert tally.totals == (1248, 8, 244)
    assert sum(tally.totals) == 1500 and not tally.finished


def test_rule_6_chips_end_when_one_player_holds_all_chips():
    rules = MatchRules(players=2, variant=Variant.CHIPS)
    tally = replay(rules, [RoundResult(winner=1, points=512)])
    assert tally.totals == (0, 1000) and tally.finished


def test_rule_6_chips_end_after_the_agreed_number_of_rounds():
    rules = MatchRules(players=2, variant=Variant.CHIPS, round_limit=2)
    assert not replay(rules, [RoundResult()]).finished
    assert replay(rules, [RoundResult(), RoundResult()]).finished


def test_placings_share_a_rank_on_equal_totals():
    tally = replay(MatchRules(players=3), [RoundResult(winner=0, points=8)])
    assert tally.placings() == (1, 2, 2)


@pytest.mark.parametrize(
    "rules",
    [
        dict(players=1),
        dict(players=7),
        dict(players=5, variant=Variant.CHIPS),
        dict(players=2, target=0),
    ],
)
def test_it_refuses_impossible_match_rules(rules):
    with pytest.raises(ValueError):
        MatchRules(**rules)


def test_it_refuses_a_winner_who_discarded_to_himself():
    with pytest.raises(ValueError, match="winner"):
        add_round(MatchRules(players=2), start(MatchRules(players=2)), RoundResult(0, 2, 0))
