"""The bots' distance to Mhing, and the promise the engine relies on: a hand whose distance
is above -1 never wins, so the engine may skip the scorer for it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.play.claims import _score_or_none
from games.play.distance import distance
from games.play.tiles import JOKER

from .conftest import tiles

SEQUENCES = [(s * 9 + r, s * 9 + r + 1, s * 9 + r + 2) for s in range(3) for r in range(7)]
TRIPLETS = [(t, t, t) for t in range(34)]


def test_it_counts_a_winning_hand_as_minus_one() -> None:
    assert distance(tiles("123b 456b 789b 123c 99c"), 4) == -1
    assert distance(tiles("147b 258c 369k EwSwWwNw RdGd"), 4) == -1
    assert distance(tiles("123b 456b 78b 123c 99c J"), 4) == -1


def test_it_counts_one_card_away_as_zero_and_further_as_more() -> None:
    assert distance(tiles("123b 456b 789b 123c 9c"), 4) == 0
    assert distance(tiles("123b 456b 789b 12c 9c 1k"), 4) == 1
    assert distance(tiles("123b 456b 789b 12c 9c J"), 4) == 0


def test_it_knows_nothing_connects_needs_no_exposed_set() -> None:
    waiting = tiles("147b 258c 369k EwSw RdGd")
    assert distance(waiting, 4) == 0
    assert distance(waiting[:10], 3) > 0


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[list[int], tuple[tuple[int, ...], ...]]:
    """Four sets and a pair within the deck, some exposed, some cards turned into jokers."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    counts = [0] * 34
    groups: list[list[int]] = []
    while len(groups) < 4:
        group = rng.choice(SEQUENCES if rng.random() < 0.5 else TRIPLETS)
        if all(counts[t] + group.count(t) <= 4 for t in group):
            for t in group:
                counts[t] += 1
            groups.append(list(group))
    pair = rng.choice([t for t in range(34) if counts[t] <= 2])
    groups.append([pair, pair])
    places = [(g, i) for g, group in enumerate(groups) for i in range(len(group))]
    for g, i in rng.sample(places, draw(st.integers(0, 6))):
        groups[g][i] = JOKER
    exposed = tuple(tuple(g) for g in groups[: draw(st.integers(0, 4))])
    concealed = [t for g in groups[len(exposed) :] for t in g]
    return concealed, exposed


@settings(max_examples=300, deadline=None)
@given(winning_hands())
def test_it_never_rejects_a_winning_hand(hand: tuple[list[int], tuple]) -> None:
    concealed, exposed = hand
    assert _score_or_none(tuple(sorted(concealed)), exposed, 0) is not None
    assert distance(concealed, 4 - len(exposed)) == -1


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 34), min_size=14, max_size=14))
def test_a_random_hand_that_wins_has_distance_minus_one(hand: list[int]) -> None:
    if hand.count(JOKER) > 6 or any(hand.count(t) > 4 for t in range(34)):
        return
    if _score_or_none(tuple(sorted(hand)), (), 0) is not None:
        assert distance(hand, 4) == -1
