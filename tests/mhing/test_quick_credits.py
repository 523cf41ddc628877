"""The search ranks arrangements by `quick_credits`' lookup tables; the breakdown shown comes
from the readable rules of `combinations`. Both must agree on every input."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from scoring.mhing.cards import KINDS
from scoring.mhing.combinations import count_standard, credits_of
from scoring.mhing.melds import ALL_SET_IDS, SEQUENCE_IDS
from scoring.mhing.quick_credits import SET_PRIME, best_credits


def random_sets(rng: random.Random) -> tuple[int, ...]:
    # Half of them from the sequences alone, where the straights and alike sequences are.
    pool = SEQUENCE_IDS if rng.random() < 0.5 else ALL_SET_IDS
    return tuple(rng.choice(pool) for _ in range(4))


def test_it_agrees_with_the_readable_rules_on_random_sets_and_pairs() -> None:
    rng = random.Random(2026)
    for _ in range(20_000):
        sets = random_sets(rng)
        pair = rng.randrange(KINDS)

        credits, chosen = best_credits(sets, (pair,))

        assert chosen == pair
        assert credits == credits_of(count_standard(tuple(sorted(sets)), pair)), (sets, pair)


def test_it_agrees_on_every_set_of_one_suit_with_every_pair_of_that_suit() -> None:
    # One suit: the straights, broken straights, alike sequences and whole-hand credits.
    bamboo = [s for s in ALL_SET_IDS if s < 9 or 34 <= s < 34 + 7]
    for sets in combinations_with_replacement(bamboo, 4):
        for pair in (0, 4, 8, 13, 22, 27, 31):
            assert best_credits(sets, (pair,))[0] == credits_of(count_standard(sets, pair))


def test_the_order_of_the_sets_does_not_matter() -> None:
    rng = random.Random(7)
    for _ in range(2_000):
        sets = random_sets(rng)
        shuffled = list(sets)
        rng.shuffle(shuffled)
        pairs = tuple(rng.sample(range(KINDS), 3))

        assert best_credits(sets, pairs) == best_credits(tuple(shuffled), pairs)


def test_of_several_pairs_it_takes_the_best_and_the_first_of_equals() -> None:
    sets = (34, 37, 40, 9)  # 123b 456b 789b 111c
    # 5b: a 2-5-8 pair; 5c earns it too, but comes later; Ew earns nothing.
    assert best_credits(sets, (27, 4, 13)) == (
        credits_of(count_standard(tuple(sorted(sets)), 4)),
        4,
    )


def test_a_multiset_of_sets_has_one_key_whatever_the_order() -> None:
    rng = random.Random(3)
    keys: dict[int, tuple[int, ...]] = {}
    for _ in range(20_000):
        sets = random_sets(rng)
        key = 1
        for s in sets:
            key *= SET_PRIME[s]
        assert keys.setdefault(key, tuple(sorted(sets))) == tuple(sorted(sets))
