"""RULES.md §1-2: Mhing cards (jokers) and exposed sets in the arrangement search."""

from __future__ import annotations

import pytest

from scoring.mhing import ArrangementKind, GroupKind, NotWinningHand, score_hand


def codes(cards) -> list[str]:
    return [card.code for card in cards]


def test_a_joker_may_stand_for_a_fifth_copy() -> None:
    # 5555b + J: the joker completes the 5b pair as a fifth 5 of bamboo.
    score = score_hand("5555b J 123c 456c 789c")
    assert codes(score.arrangement.joker_cards) == ["5b"]
    assert score.breakdown() == {"pair_258": 1, "straight": 3, "two_suits": 1}


def test_jokers_go_where_they_score_most_not_where_they_first_fit() -> None:
    # Jokers as a pair (5b 5b) would give 18 credits. As a third 5-6-7 (J=5b) and in 7-8-9
    # (J=8b), with 8b 8b as the pair, they make three identical sequences: 24 credits.
    score = score_hand("567b 567b 678b 789b JJ")
    groups = [" ".join(codes(g.cards)) for g in score.arrangement.groups]
    assert groups == ["5b 6b 7b", "5b 6b 7b", "5b 6b 7b", "7b 8b 9b", "8b 8b"]
    assert sorted(codes(score.arrangement.joker_cards)) == ["5b", "8b"]
    assert score.breakdown() == {
        "all_sequences": 1,
        "pair_258": 1,
        "identical_sequences": 9,
        "high_or_low": 5,
        "one_suit": 8,
    }


def test_two_jokers_may_form_the_pair() -> None:
    # As a pair of 2, 5 or 8 of bamboo: one suit with honours and a 2-5-8 pair (8 credits),
    # better than a fourth East wind with one joker as its partner (7).
    score = score_hand("123b 456b 789b EwEwEw JJ")
    pair = score.arrangement.pair
    assert pair.jokers == (True, True)
    assert pair.cards[0].code in ("2b", "5b", "8b")
    assert score.breakdown() == {
        "honour_triplet": 1,
        "pair_258": 1,
        "straight": 3,
        "one_suit_with_honours": 3,
    }


def test_jokers_in_hand_fill_a_sequence_and_say_what_they_stand_for() -> None:
    score = score_hand("1b J 3b 456b 789b 999c 11b")
    with_joker = [g.text for g in score.arrangement.groups if any(g.jokers)]
    assert with_joker == ["1b J=2b 3b"]
    assert score.breakdown()["straight"] == 3


def test_a_joker_in_an_exposed_set_stands_for_the_card_the_set_lacks() -> None:
    score = score_hand("123c 123c 99b [5b J 7b] [RdRdRd] F F")
    exposed = [g for g in score.arrangement.groups if g.exposed]
    assert [g.text for g in exposed] == ["5b J=6b 7b", "Rd Rd Rd"]


def test_jokers_of_an_exposed_set_still_choose_what_scores_most() -> None:
    # [5b J J] may be 345b, 456b, 555b or 567b; 567b makes a one-suit high hand.
    score = score_hand("[5b J J] 567b 678b 789b 99b")
    assert score.arrangement.groups[0].text == "5b J=6b J=7b"
    assert score.breakdown()["high_or_low"] == 5


def test_an_exposed_set_of_three_jokers_is_any_set() -> None:
    # Best as another 1-2-3, 4-5-6 or 7-8-9: two straights, two identical sequences.
    score = score_hand("[J J J] 123b 456b 789b 11b")
    assert score.breakdown() == {
        "all_sequences": 1,
        "identical_sequences": 3,
        "straight": 6,
        "one_suit": 8,
    }
    assert score.arrangement.groups[0].exposed


def test_exposed_sets_are_scored_as_they_lie() -> None:
    # Concealed, 222b 333b 444b can be three 2-3-4s (9 credits); exposed triplets cannot.
    concealed = score_hand("222b 333b 444b 999c 55c")
    exposed = score_hand("[2b 2b 2b] [3b 3b 3b] [4b 4b 4b] 999c 55c")
    assert concealed.breakdown()["identical_sequences"] == 9
    assert exposed.breakdown() == {"all_triplets": 3, "two_suits": 1, "pair_258": 1}


def test_jokers_may_complete_a_nothing_connects_hand() -> None:
    score = score_hand("J 5b 8b 1c 4c 7c 3k 6k 9k Ew Sw Ww Nw Gd")
    assert score.arrangement.kind is ArrangementKind.NOTHING_CONNECTS
    assert score.breakdown() == {"nothing_connects": 3}


def test_jokers_fill_the_missing_honours_of_nothing_connects_with_honours() -> None:
    score = score_hand("JJ 147b 25c 36k Ew Sw Ww Nw Gd")
    assert score.breakdown() == {"nothing_connects_with_honours": 8}
    assert sorted(codes(score.arrangement.joker_cards)) == ["Rd", "Wd"]


def test_nothing_connects_is_not_possible_with_an_exposed_set() -> None:
    with pytest.raises(NotWinningHand):
        score_hand("[1b 2b 3b] 5b 8b 1c 4c 7c 3k 6k 9k Ew Sw Rd")


def test_spare_jokers_of_nothing_connects_become_suit_cards_three_ranks_apart() -> None:
    score = score_hand("JJJJJJ 1b 4b 7b Ew Sw Ww Nw Rd")
    assert score.breakdown() == {"nothing_connects_with_honours": 8}
    cards = score.arrangement.cards
    assert len(set(cards)) == 14
    for suit in {c.suit for c in cards if c.suit}:
        ranks = sorted(c.rank for c in cards if c.suit is suit)
        assert all(b - a >= 3 for a, b in zip(ranks, ranks[1:], strict=False))


def test_six_jokers_and_eight_real_cards_find_the_best_of_many_arrangements() -> None:
    # 22344488c + six jokers: one suit (8) is the backbone; checked by brute force in
    # test_reference.py as well.
    score = score_hand("22344488c JJJJJJ")
    assert score.breakdown()["one_suit"] == 8
    assert all(g.kind is not GroupKind.SINGLE for g in score.arrangement.groups)


def test_equal_credit_readings_do_not_depend_on_the_order_of_exposed_sets():
    """§2 ties: either reading may be shown, but the same cards must always show the same."""
    first = score_hand("111b 22b 123k [6k J J] [J 7k 8k]")
    second = score_hand("111b 22b 123k [J 7k 8k] [6k J J]")
    assert first.breakdown() == second.breakdown()
    # ...and each keeps its exposed sets in the order they were entered.
    assert [g.text for g in second.arrangement.groups[:2]] == ["J=9k 7k 8k", "6k J=4k J=5k"]
