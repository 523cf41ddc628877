"""The ways to place one block's cards (`blocks`): every card placed, jokers counted, no way
twice, and the same ways whether worked out afresh or shared across suits and joker counts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scoring.mhing import blocks
from scoring.mhing.blocks import block_options
from scoring.mhing.melds import set_cards
from scoring.mhing.quick_credits import SET_PRIME


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

        options, fewest_sets, fewest_jokers = block_options(9, counts, jokers)

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
    options, _sets, _jokers = block_options(0, (0, 0, 1, 1, 0, 0, 0, 0, 0), 2)

    assert ((36,), -1, 1, SET_PRIME[36]) in options  # 345b, one joker
    assert all(not (sets == (36,) and used == 2) for sets, _pair, used, _key in options)


def fresh_options(first: int, counts: tuple[int, ...], jokers: int) -> tuple:
    blocks._options.clear()
    blocks._ways.clear()
    return block_options(first, counts, jokers)


@pytest.mark.parametrize("seed", range(2))
def test_shared_ways_are_the_ways_worked_out_afresh_in_the_same_order(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        counts = random_suit(rng)
        wide = rng.randint(1, 6)
        narrow = rng.randint(0, wide)
        first = rng.choice([9, 18])
        expected = fresh_options(first, counts, narrow)

        fresh_options(0, counts, wide)  # another suit, more jokers: what is cached now
        shared = block_options(first, counts, narrow)

        assert shared == expected, (counts, wide, narrow, first)


def test_an_honour_makes_no_sequences() -> None:
    options, _sets, _jokers = fresh_options(27, (1,), 2)

    assert {sets for sets, _pair, _used, _key in options} == {(27,), ()}  # EwEwEw or EwEw
