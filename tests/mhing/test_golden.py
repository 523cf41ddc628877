"""RULES.md §3 worked examples and every line of tests/golden/scoring.tsv (the copy of
shared/golden/scoring.tsv)."""

from __future__ import annotations

import ast

import pytest

from scoring.mhing import InvalidHand, NotWinningHand, score_hand

from .conftest import GOLDEN


def golden_rows() -> list[list[str]]:
    if not GOLDEN.exists():
        raise FileNotFoundError(
            f"{GOLDEN} not found: the rules tests read the repository's copy of "
            "shared/golden/ in tests/golden/"
        )
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line.strip() and not line.startswith("#")]


def test_the_golden_file_is_there_and_not_empty() -> None:
    assert len(golden_rows()) >= 15


@pytest.mark.parametrize("row", golden_rows(), ids=lambda row: row[0])
def test_golden_hand(row: list[str]) -> None:
    hand, expected = row[0], row[1]
    if expected == "ERROR":
        with pytest.raises(InvalidHand) as error:
            score_hand(hand)
        assert str(error.value) == row[2]
    elif expected == "NOT_WINNING":
        with pytest.raises(NotWinningHand):
            score_hand(hand)
    else:
        score = score_hand(hand)
        assert (score.credits, score.points) == (int(row[1]), int(row[2]))
        assert score.breakdown() == ast.literal_eval(row[3])


def test_worked_example_one_suit_high_hand_scores_17_credits_512_points() -> None:
    score = score_hand("567b 567b 678b 789b 99b")
    assert score.breakdown() == {
        "all_sequences": 1,
        "identical_sequences": 3,
        "high_or_low": 5,
        "one_suit": 8,
    }
    assert (score.credits, score.points) == (17, 512)


def test_worked_example_41_credits_needs_jokers_as_fifth_copies() -> None:
    score = score_hand("345b 345b 345b 345b J J F F F F F F F F")
    assert score.breakdown() == {
        "all_sequences": 1,
        "pair_258": 1,
        "flowers": 8,
        "identical_sequences": 18,
        "high_or_low": 5,
        "one_suit": 8,
    }
    assert (score.credits, score.points) == (41, 131072)
    assert [card.code for card in score.arrangement.joker_cards] == ["5b", "5b"]
