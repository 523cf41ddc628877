"""The arrangement search's pieces (`search`): how one suit's cards are placed, and how the
suits combine. That the search finds the best arrangement is `test_reference.py`'s job."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scoring.mhing.melds import set_cards
from scoring.mhing.quick_credits import SET_PRIME
from scoring.mhing.search import _block_options, splits


def random_suit(rng: random.Random) -> tuple[int, ...]:
    counts = [0] * 9
    for _ in range(rng.randint(1, 11)):
        rank = rng.randrange(9)
        counts[rank] = min(4, counts[rank] + 1)
    return tuple(counts)


def cards_of(sets: tuple[int, ...], pair: int) -> Counter[int]:
    held = Counter(t for s in sets for t in set_cards(s))
    if pair >= 0:
        held.update((pair, pair))
    return held


@pytest.mark.parametrize("seed", range(3))
def test_every_way_places_every_card_and_counts_its_jokers(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        counts = random_suit(rng)
        jokers = rng.randint(0, 6)
        real = Counter({9 + rank: n for rank, n in enumerate(counts) if n})

        options, fewest_sets, fewest_jokers = _block_options(9, counts, jokers)

        seen = set()
        for sets, pair, used, key in options:
            held = cards_of(sets, pair)
            assert not real - held, (counts, sets, pair)  # every real card has a place
            assert used == sum(held.values()) - sum(real.values()) <= jokers
            assert len(sets) <= 4
            assert sets == tuple(sorted(sets))
            product = 1
            for s in sets:
                product *= SET_PRIME[s]
            assert key == product
            seen.add((sets, pair))
        assert len(seen) == len(options)  # no way twice
        if options:
            assert fewest_sets == min(len(o[0]) for o in options)
            assert fewest_jokers == min(o[2] for o in options)


def test_a_set_takes_real_cards_before_jokers() -> None:
    # 3b 4b with two jokers: 345b takes both real cards and one joker, never 3b alone.
    options, _sets, _jokers = _block_options(0, (0, 0, 1, 1, 0, 0, 0, 0, 0), 2)

    assert ((36,), -1, 1, SET_PRIME[36]) in options  # 345b, one joker
    assert all(not (sets == (36,) and used == 2) for sets, _pair, used, _key in options)


def test_a_hand_without_jokers_splits_only_into_whole_sets() -> None:
    counts = [0] * 34
    for t in (0, 1, 2, 0, 1, 2, 0, 1, 2, 9, 9, 9, 18, 18):  # 111222333b 111c 11k
        counts[t] += 1

    found = splits(counts, 0, 4)

    readings = {tuple(sorted(sets)) for sets, _key, _pair in found}
    assert readings == {(0, 1, 2, 9), (9, 34, 34, 34)}  # three triplets or three 123b
    assert {pair for _sets, _key, pair in found} == {18}


def test_cards_that_fit_no_sets_give_no_split() -> None:
    counts = [0] * 34
    for t in (0, 4, 8, 9, 13, 17, 18, 22, 26, 27, 28, 29, 30, 31):  # nothing connects
        counts[t] += 1

    assert splits(counts, 0, 4) == []
