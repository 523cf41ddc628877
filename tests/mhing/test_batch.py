"""`batch.answer`, the JSON line `score_hand -` prints for each hand, gives the same bytes as
scoring the hand and writing its result (`score_hand`, then `result_json`), whether it takes
its shortcut (a hand without Mhing cards that fits in one way) or not."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from benchmarks.scoring import build_corpus
from scoring.mhing import (
    InvalidHand,
    NotWinningHand,
    batch,
    blocks,
    notation,
    score,
    score_hand,
    search,
    serialize,
)
from scoring.mhing.serialize import result_json, result_to_dict

from .test_properties import as_tokens, winning_hands


def general(text: str) -> str:
    try:
        outcome = score_hand(text)
    except (InvalidHand, NotWinningHand) as error:
        outcome = error
    return result_json(text, outcome)


def assert_same_answer(text: str) -> None:
    expected = general(text)
    assert batch.answer(text) == expected, text
    # and both are the documented object, written compactly
    outcome = json.loads(expected)
    assert json.dumps(outcome, ensure_ascii=False, separators=(",", ":")) == expected


@settings(max_examples=300, deadline=None)
@given(winning_hands(max_jokers=0))
def test_hands_without_jokers_get_the_general_answer(hand) -> None:
    text = " ".join(as_tokens(hand))
    assert_same_answer(text)
    assert_same_answer(text.upper())


@settings(max_examples=150, deadline=None)
@given(winning_hands())
def test_hands_with_jokers_get_the_general_answer(hand) -> None:
    assert_same_answer(" ".join(as_tokens(hand)))


def test_the_benchmark_hands_get_the_general_answer() -> None:
    texts = [bench_hand.text for bench_hand in build_corpus(150, seed=14)]

    for text in texts:
        assert_same_answer(text)
    # Else these tests would compare the general way with itself: the jokerless third of the
    # corpus, less its hands with a choice of arrangements, takes the shortcut.
    shortcut = sum(batch._plain_hand_json(text) is not None for text in texts)
    assert len(texts) // 4 < shortcut <= len(texts) // 3


@pytest.mark.parametrize(
    "text",
    [
        "567b 567b 678b 789b 99b",
        "111222333b 123c 11k",  # three triplets or three sequences: a choice
        "123c 123c 99b [5b J 7b] [RdRdRd] F F",  # a Mhing card
        "[RdRdRd] [5b 6b 7b] 123c 123c 99b F F",  # exposed sets in another order
        "[7b 5b 6b] 123c 123c 99b RdRdRd",  # an exposed set's cards in another order
        "2b 5b 8b 1c 4c 7c 3k 6k 9k Ew Sw Rd Gd Wd",  # nothing connects
        "147b 25c 36k EwSwWwNw RdGdWd",  # nothing connects with honours
        "EwEwEw SwSwSw WwWwWw NwNw RdRdRd",
        "EwEwEwEw SwSwSw 123b 456b 7b",  # a fourth copy of an honour
        "11b 22b 456c 789c 123k 55k",  # two pairs
        "1b 2b 4b 7b 2c 5c 8c 3k 6k 9k Ew Sw Rd Gd",  # not winning
        "123b 456b 789b 123c 5c",  # 13 cards
        "5b 5b 5b 5b 5b 123c 456c 789c 11k",  # a fifth copy
        "[5b5b5b] 55b 123c 456c 789c 1k",
        "[5b 5b 5b] 55b 5b 123c 456c 789c",  # a fifth copy, partly exposed
        "123b 456b 789b 111c 22c FFFFFFFFF",  # nine flowers
        "[147b] 456b 789b 111c 22c 3c",
        "[12b] 456b 789b 111c 22c 33c",
        "[123b [456b]]",
        "123b] 456b",
        "[123b F] 456b 789b 111c 22c",
        "[123b 456b",
        "[ ] 123b 456b 789b 111c 22c",
        "Jörg 123c",
        'say "hi" \\ back\\slash',
        "123b\u00a0456b 789b 999c 11b",
        "567B 567B 678B 789B 99B",
        "99b 567b\t567b 678b 789b",
    ],
)
def test_edge_cases_get_the_general_answer(text: str) -> None:
    assert_same_answer(text)


def test_answers_stay_the_same_when_every_cache_is_emptied_again_and_again(monkeypatch) -> None:
    for module, name in [
        (batch, "_LIMIT"),
        (notation, "_TOKENS_LIMIT"),
        (notation, "_TEXTS_LIMIT"),
        (search, "_BLOCKS_LIMIT"),
        (blocks, "_LIMIT"),
        (score, "_SHEETS_LIMIT"),
        (serialize, "_FRAGMENTS_LIMIT"),
    ]:
        monkeypatch.setattr(module, name, 3)
    texts = [h.text for h in build_corpus(40, seed=3)]

    first = [batch.answer(text) for text in texts]
    again = [batch.answer(text) for text in reversed(texts)]

    assert again[::-1] == first
    for text, answer in zip(texts, first, strict=True):
        outcome = json.loads(answer)
        if outcome["ok"]:
            expected = result_to_dict(text, score_hand(text))
            assert outcome == json.loads(json.dumps(expected)), text
