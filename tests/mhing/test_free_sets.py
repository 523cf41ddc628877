"""The representatives tried for all-joker sets and pairs (`free_sets`), against the rules of
its docstring written out plainly on sets of card indices."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from scoring.mhing.free_sets import free_choices
from scoring.mhing.melds import ALL_SET_IDS, SEQ_BASE, set_cards
from scoring.mhing.quick_credits import SET_PRIME

WIND, DRAGONS, RANK_5 = 27, (31, 32, 33), 4


def candidates_by_the_rules(
    context: set[int], pair: int, free_sets: int
) -> tuple[list[int], list[int]]:
    """(sets, pairs) to try, straight from the rules of `free_sets`' docstring."""
    free_pair = pair < 0
    tiles = {t for s in context for t in set_cards(s)} | ({pair} if pair >= 0 else set())
    suits_used = sorted({t // 9 for t in tiles if t < 27})
    unused = [s for s in range(3) if s not in suits_used]
    suits = sorted(suits_used + unused[: free_sets + free_pair])

    sets: list[int] = []
    if free_sets:
        dragons = [d for d in DRAGONS if d not in context][:free_sets]
        sets = [WIND, *dragons]
        triplet_ranks = {s % 9 for s in context if s < 27} | {RANK_5}
        starts_by_suit = [
            {(s - SEQ_BASE) % 9 for s in context if s >= SEQ_BASE and (s - SEQ_BASE) // 9 == suit}
            for suit in range(3)
        ]
        all_starts = set().union(*starts_by_suit)
        for suit in suits:
            sets.extend(suit * 9 + r for r in sorted(triplet_ranks))
            starts = {2, 4} | all_starts
            if free_sets > 1:
                starts |= {0, 3, 6}
            else:
                partners = starts_by_suit[suit] & {0, 3, 6}
                starts |= {
                    s for s in (0, 3, 6) if partners - {s} and (s != 3 or len(partners) == 2)
                }
            sets.extend(SEQ_BASE + suit * 9 + s for s in sorted(starts))
    pairs = [suit * 9 + RANK_5 for suit in suits] + [WIND, DRAGONS[0]] if free_pair else []
    return sets, pairs


def mask_of(context: set[int]) -> int:
    return sum(1 << s for s in context)


@pytest.mark.parametrize("seed", range(4))
def test_it_offers_what_the_rules_say_for_random_contexts(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(3_000):
        context = set(rng.sample(ALL_SET_IDS, rng.randint(0, 5)))
        pair = rng.choice([-1, *range(34)])
        free_sets = rng.choice([1, 1, 1, 2, 2, 3]) if pair >= 0 else rng.randint(0, 3)

        choices, pairs = free_choices(mask_of(context), pair, free_sets)

        sets, expected_pairs = candidates_by_the_rules(context, pair, free_sets)
        assert [ids for ids, _key in choices] == list(
            combinations_with_replacement(sets, free_sets)
        ), (context, pair, free_sets)
        assert list(pairs) == expected_pairs


def test_each_choice_carries_the_product_of_its_sets_primes() -> None:
    choices, _pairs = free_choices(mask_of({34, 37}), 4, 2)

    for ids, key in choices:
        assert key == SET_PRIME[ids[0]] * SET_PRIME[ids[1]]


def test_one_free_set_next_to_123_and_789_may_be_the_456_of_that_suit() -> None:
    sets, _pairs = free_choices(mask_of({34, 40}), 0, 1)

    assert ((37,), SET_PRIME[37]) in sets


def test_a_free_pair_is_a_5_of_each_suit_in_play_a_wind_or_a_dragon() -> None:
    _sets, pairs = free_choices(mask_of({34, 9 + 2}), -1, 0)  # 123b and 333c: two suits

    # The free pair is a group of its own, so it may also take the first unused suit.
    assert pairs == (4, 13, 22, WIND, DRAGONS[0])
