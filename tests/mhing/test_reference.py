"""RULES.md §2 [ruling]: the hand scores its best arrangement - checked by brute force.

The search takes shortcuts (per-suit splitting, representatives for all-joker sets). This
test does without any: it tries every multiset of sets and every pair that could hold the
cards, jokers standing for whatever is missing, and compares the best credits.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from scoring.mhing import JOKER, Card, ExposedSet, Hand, score_hand
from scoring.mhing.cards import KINDS
from scoring.mhing.combinations import count_standard, credits_of
from scoring.mhing.melds import ALL_SET_IDS, set_cards

SET_CARDS = {s: Counter(set_cards(s)) for s in ALL_SET_IDS}


def brute_force_credits(hand: Hand) -> int:
    """The best standard-hand credits by trying every arrangement (flowers left out).

    Every multiset of sets is tried, in the order of combinations_with_replacement, but one
    is dropped as soon as its first sets hold more cards the hand lacks than it has jokers:
    more sets only lack more, and a hand of 14 that the sets and a pair hold has exactly
    as many jokers as the sets and the pair lack. (Trying all of them, 424,270 multisets for
    four concealed sets, took 8 s of CPU a hand with six jokers; the same best credits.)"""
    real = Counter(int(c) for c in hand.concealed)
    exposed_options = [s.possible_set_ids() for s in hand.exposed]
    wanted = 4 - len(hand.exposed)
    best = -1

    def extend(sets: tuple[int, ...], held: Counter, start: int) -> None:
        nonlocal best
        if (held - real).total() > hand.jokers:
            return
        if len(sets) < wanted:
            for i in range(start, len(ALL_SET_IDS)):
                extend(sets + (ALL_SET_IDS[i],), held + SET_CARDS[ALL_SET_IDS[i]], i)
            return
        uncovered = real - held  # real cards the sets cannot hold: they must be the pair
        if len(uncovered) > 1 or uncovered.total() > 2:
            return
        pairs = list(uncovered) or range(KINDS)
        for exposed in product(*exposed_options):
            for pair in pairs:
                all_sets = tuple(sorted(sets + exposed))
                best = max(best, credits_of(count_standard(all_sets, pair)))

    extend((), Counter(), 0)
    return best


def random_hand(rng: random.Random, jokers: int, exposed: int) -> Hand:
    """Four random sets and a pair within the deck, `jokers` cards swapped for jokers,
    the first `exposed` sets laid on the table."""
    while True:
        sets = [rng.choice(ALL_SET_IDS) for _ in range(4)]
        pair = rng.randrange(KINDS)
        cards = [t for s in sets for t in set_cards(s)] + [pair, pair]
        if max(Counter(cards).values()) <= 4:
            break
    tiles: list[Card | object] = [Card(t) for t in cards]
    for i in rng.sample(range(14), jokers):
        tiles[i] = JOKER
    laid = [ExposedSet(tuple(tiles[3 * i : 3 * i + 3])) for i in range(exposed)]
    rest = tiles[3 * exposed :]
    concealed = tuple(t for t in rest if t is not JOKER)
    return Hand(concealed, sum(1 for t in rest if t is JOKER), tuple(laid))


# (seed, jokers, exposed sets): many jokers, where the shortcuts matter most, and exposed
# sets with jokers in them.
CASES = [(seed, 6, 0) for seed in range(3)] + [
    (3, 5, 0),
    (4, 4, 0),
    (5, 3, 1),
    (6, 5, 1),
    (7, 6, 1),
    (8, 4, 2),
    (9, 6, 2),
]


@pytest.mark.parametrize(("seed", "jokers", "exposed"), CASES)
def test_the_search_finds_the_best_arrangement(seed: int, jokers: int, exposed: int) -> None:
    hand = random_hand(random.Random(seed), jokers, exposed)
    assert score_hand(hand).credits == brute_force_credits(hand)


def test_a_hand_with_many_ways_to_place_six_jokers() -> None:
    hand = Hand(tuple(Card[c] for c in "C2 C2 C3 C4 C4 C4 C8 C8".split()), jokers=6)
    assert score_hand(hand).credits == brute_force_credits(hand)
