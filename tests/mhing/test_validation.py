"""RULES.md §1: what a hand may hold. Each error says exactly what is wrong."""

from __future__ import annotations

import pytest

from scoring.mhing import (
    BadExposedSet,
    Card,
    InvalidHand,
    TooManyCopies,
    TooManyFlowers,
    TooManyJokers,
    WrongCardCount,
    score_hand,
)


@pytest.mark.parametrize(
    ("text", "count"),
    [("123b 456b 789b 123c 5c", 13), ("123b 456b 789b 123c 55c 5c", 15), ("", 0), ("F", 0)],
)
def test_it_wants_exactly_fourteen_playing_cards(text: str, count: int) -> None:
    with pytest.raises(WrongCardCount) as error:
        score_hand(text)
    assert error.value.count == count
    assert str(error.value) == f"{count} playing cards, need 14"


def test_flowers_are_not_playing_cards() -> None:
    with pytest.raises(WrongCardCount, match="13 playing cards, need 14"):
        score_hand("123b 456b 789b 123c 5c FF")


def test_it_rejects_a_fifth_copy() -> None:
    with pytest.raises(TooManyCopies) as error:
        score_hand("55555b 123c 456c 789c")
    assert (error.value.card, error.value.count) == (Card.B5, 5)
    assert str(error.value) == "five 5s of bamboo: the deck has four — use a Mhing card"


def test_it_counts_copies_in_exposed_sets_too() -> None:
    with pytest.raises(TooManyCopies, match="five red dragons"):
        score_hand("[RdRdRd] RdRd 123c 456c 789c")


def test_it_rejects_more_than_six_jokers() -> None:
    with pytest.raises(TooManyJokers, match="7 Mhing cards: the deck has 6"):
        score_hand("[J J J] JJJJ 1234567b")


def test_it_rejects_more_than_eight_flowers() -> None:
    with pytest.raises(TooManyFlowers, match="9 flowers: the deck has 8"):
        score_hand("567b 567b 678b 789b 99b FFFFFFFFF")


def test_an_exposed_set_has_three_cards() -> None:
    with pytest.raises(BadExposedSet) as error:
        score_hand("[1b 2b] 3b 456b 789b 123c 55c")
    assert str(error.value) == "exposed set [1b 2b] has 2 cards, an exposed set has 3"


@pytest.mark.parametrize("exposed", ["1b 2b 4b", "8b 9b 1b", "Ew Sw Ww", "Rd Gd Wd", "1b 1b 2b"])
def test_an_exposed_set_must_form_a_set_by_itself(exposed: str) -> None:
    with pytest.raises(BadExposedSet, match="is neither a sequence nor a triplet"):
        score_hand(f"[{exposed}] 123c 456c 789c 22k")


@pytest.mark.parametrize("exposed", ["Ew J Ew", "J J J", "8b J 9b", "J 1b 3b"])
def test_jokers_in_an_exposed_set_may_complete_it(exposed: str) -> None:
    assert score_hand(f"[{exposed}] 123c 456c 789c 22k").credits >= 0


def test_every_error_is_an_invalid_hand_and_a_value_error() -> None:
    with pytest.raises(InvalidHand):
        score_hand("55555b 123c 456c 789c")
    with pytest.raises(ValueError):
        score_hand("xyz")
