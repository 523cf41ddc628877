"""RULES.md §3: each of the 18 combinations on its own, with its counting and exclusions.

Each hand is chosen so that the combination under test is (nearly) the only one it earns;
the expected breakdown is the whole breakdown, so a combination counted by mistake fails.
"""

from __future__ import annotations

import pytest

from scoring.mhing import COMBINATIONS, NotWinningHand, score_hand


def breakdown(hand: str) -> dict[str, int]:
    return score_hand(hand).breakdown()


def test_there_are_eighteen_combinations_with_the_credits_of_the_table() -> None:
    credits = {c.key: c.credits for c in COMBINATIONS}
    assert len(credits) == 18
    assert sorted(credits.values()) == [1] * 8 + [3] * 5 + [5] * 2 + [8] * 3


def test_all_sequences() -> None:
    assert breakdown("123b 234b 456c 789k 99c") == {"all_sequences": 1}


def test_two_sequences_needs_different_suits() -> None:
    assert breakdown("123b 123c 555k 789k 11k") == {"two_sequences": 1}


def test_two_sequences_counts_every_pair_of_sets() -> None:
    # 234 in all three suits: three pairs of sets.
    assert breakdown("234c 234k 234b 678c 88k")["two_sequences"] == 3


def test_two_triplets() -> None:
    assert breakdown("222b 222c 456k 789c 11k") == {"two_triplets": 1}


def test_two_triplets_counts_every_pair_of_sets() -> None:
    assert breakdown("222b 222c 222k 789c 11k") == {"two_triplets": 3}


def test_two_triplets_is_for_suit_cards_only() -> None:
    # Q&A of the German rule book: no "two triplets" from honours.
    assert breakdown("RdRdRd GdGdGd 123b 456c 11k") == {"honour_triplet": 2}


def test_honour_triplet() -> None:
    assert breakdown("RdRdRd 123b 456c 789k 11k") == {"honour_triplet": 1}


def test_honour_triplet_counts_each_triplet() -> None:
    assert breakdown("EwEwEw NwNwNw 123b 456c 11k") == {"honour_triplet": 2}


def test_broken_straight() -> None:
    assert breakdown("123b 789b 555c 456k 11k") == {"broken_straight": 1}


def test_broken_straight_counts_each_pair_of_123_and_789() -> None:
    assert breakdown("123k 123k 123k 789k WdWd")["broken_straight"] == 3


def test_a_456_of_the_suit_turns_a_broken_straight_into_a_straight() -> None:
    result = breakdown("123b 456b 789b 555c 11k")
    assert result == {"straight": 3}
    assert "broken_straight" not in result


def test_two_suits_only() -> None:
    assert breakdown("123b 456b 789c 555c 11b") == {"two_suits": 1}


def test_two_suits_only_allows_no_honours() -> None:
    assert breakdown("123b 456b 789c 555c EwEw") == {}


def test_pair_of_2_5_or_8() -> None:
    assert breakdown("123b 456c 789k 111b 55c") == {"pair_258": 1}


@pytest.mark.parametrize("pair", ["22c", "88c", "RdRd", "11c"])
def test_only_a_suit_pair_of_2_5_or_8_earns_it(pair: str) -> None:
    earns = "pair_258" in breakdown(f"123b 456c 789k 111b {pair}")
    assert earns is (pair in ("22c", "88c"))


def test_flowers_count_one_credit_each() -> None:
    assert breakdown("123b 234b 456c 789k 99c FFF") == {"all_sequences": 1, "flowers": 3}


def test_all_triplets() -> None:
    assert breakdown("111b 999c 444k 777b 11c") == {"all_triplets": 3}


def test_two_identical_sequences() -> None:
    assert breakdown("123b 123b 555c 999k 11k") == {"identical_sequences": 3}


@pytest.mark.parametrize(("alike", "credits"), [(3, 9), (4, 18)])
def test_identical_sequences_count_every_pair_of_sets(alike: int, credits: int) -> None:
    sets = " ".join(["345b"] * alike + ["999c"] * (4 - alike))
    assert breakdown(f"{sets} 11k")["identical_sequences"] == credits


def test_straight() -> None:
    assert breakdown("123b 456b 789b 555c 11k") == {"straight": 3}


def test_straight_counts_each_distinct_trio_of_sets() -> None:
    # Seeds: 123-123-456-789 of one suit gives the straight twice.
    result = breakdown("123c 123c 456c 789c 55k")
    assert result["straight"] == 6
    assert result["identical_sequences"] == 3


def test_one_suit_with_honours() -> None:
    assert breakdown("123b 456b 888b 222b EwEw") == {"one_suit_with_honours": 3}


def test_high_hand() -> None:
    assert breakdown("567b 678c 999k 555k 99c") == {"high_or_low": 5}


def test_low_hand() -> None:
    assert breakdown("123b 234c 111k 555b 44c") == {"high_or_low": 5}


def test_a_hand_with_honours_is_neither_high_nor_low() -> None:
    assert "high_or_low" not in breakdown("567b 678c 999k 555k EwEw")


def test_all_five() -> None:
    assert breakdown("123b 456c 789k EwEwEw RdRd") == {"all_five": 5, "honour_triplet": 1}


def test_dragon_triplets_replace_their_honour_triplets() -> None:
    result = breakdown("RdRdRd GdGdGd WdWdWd 123b 11b")
    assert result == {"dragon_triplets": 8, "one_suit_with_honours": 3}


def test_a_wind_triplet_beside_the_dragon_triplets_still_earns_an_honour_triplet() -> None:
    result = breakdown("RdRdRd GdGdGd WdWdWd EwEwEw 11b")
    assert result == {
        "dragon_triplets": 8,
        "honour_triplet": 1,
        "all_triplets": 3,
        "one_suit_with_honours": 3,
    }


def test_one_suit_only() -> None:
    assert breakdown("111b 234b 666b 999b 77b") == {"one_suit": 8}


def test_nothing_connects() -> None:
    assert breakdown("2b 5b 8b 1c 4c 7c 3k 6k 9k Ew Sw Rd Gd Wd") == {"nothing_connects": 3}


def test_nothing_connects_with_honours_replaces_nothing_connects() -> None:
    hand = "147b 25c 36k Ew Sw Ww Nw Rd Gd Wd"
    assert breakdown(hand) == {"nothing_connects_with_honours": 8}


def test_nothing_connects_scores_no_other_combination_but_flowers() -> None:
    # Three suits, winds and dragons: a standard hand like it would earn "all five".
    hand = "2b 5b 8b 1c 4c 7c 3k 6k 9k Ew Sw Rd Gd Wd FF"
    assert breakdown(hand) == {"nothing_connects": 3, "flowers": 2}


@pytest.mark.parametrize(
    "hand",
    [
        "1b 3b 7b 1c 4c 7c 3k 6k 9k Ew Sw Rd Gd Wd",  # 1b and 3b are only 2 apart
        "2b 2b 8b 1c 4c 7c 3k 6k 9k Ew Sw Rd Gd Wd",  # two identical cards
    ],
)
def test_nothing_connects_needs_different_cards_three_ranks_apart(hand: str) -> None:
    with pytest.raises(NotWinningHand):
        score_hand(hand)


def test_a_winning_hand_may_earn_nothing() -> None:
    # The "emergency brake": a legal Mhing worth 0 credits.
    score = score_hand("123b 456c 789k 111b 99c")
    assert (score.credits, score.points, score.breakdown()) == (0, 0, {})
