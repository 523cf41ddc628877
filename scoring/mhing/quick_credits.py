"""Credits of four sets and a pair, fast: the arrangement search's hot path.

A hand with many jokers has hundreds of candidate arrangements, so the search compares them
by credits alone, computed from lookup tables, and only the winner gets the readable
breakdown of `combinations.count_standard`. Both must agree on every input:
`tests/mhing/test_quick_credits.py` checks them against each other.
"""

from __future__ import annotations

from .cards import DRAGON_TILES, KINDS, SUIT_TILES
from .combinations import (
    BY_KEY,
    SET_BITS,
    SET_HIGH,
    SET_LOW,
    TILE_BITS,
    TILE_HIGH,
    TILE_LOW,
    credits_of,
    pair_258,
    whole_hand,
)
from .melds import SEQ_BASE

_IDS = SEQ_BASE + SUIT_TILES  # table size: every set id is below this

_IDENTICAL = BY_KEY["identical_sequences"].credits
_TWO_SEQUENCES = BY_KEY["two_sequences"].credits
_TWO_TRIPLETS = BY_KEY["two_triplets"].credits
_ALL_SEQUENCES = BY_KEY["all_sequences"].credits
_ALL_TRIPLETS = BY_KEY["all_triplets"].credits
_HONOUR_TRIPLET = BY_KEY["honour_triplet"].credits
_DRAGON_TRIPLETS = BY_KEY["dragon_triplets"].credits
_STRAIGHT = BY_KEY["straight"].credits
_BROKEN_STRAIGHT = BY_KEY["broken_straight"].credits


def _pairwise(a: int, b: int) -> int:
    """Credits two sets earn together (each pair of sets counts once, RULES.md §3)."""
    if a >= SEQ_BASE and b >= SEQ_BASE:
        if a == b:
            return _IDENTICAL
        return _TWO_SEQUENCES if (a - SEQ_BASE) % 9 == (b - SEQ_BASE) % 9 else 0
    if a < SUIT_TILES and b < SUIT_TILES and a != b and a % 9 == b % 9:
        return _TWO_TRIPLETS
    return 0


_PAIRWISE = [[_pairwise(a, b) for b in range(_IDS)] for a in range(_IDS)]
_IS_SEQUENCE = [int(s >= SEQ_BASE) for s in range(_IDS)]
_IS_HONOUR_TRIPLET = [int(SUIT_TILES <= s < KINDS) for s in range(_IDS)]
_DRAGON_MASK = [1 << (s - DRAGON_TILES.start) if s in DRAGON_TILES else 0 for s in range(_IDS)]
# 1-2-3 and 7-8-9 sequences: only hands with one need the straight counting.
_STRAIGHT_END = [int(s >= SEQ_BASE and (s - SEQ_BASE) % 9 in (0, 6)) for s in range(_IDS)]

_WHOLE_HAND_CREDITS = {
    (bits, low, high): credits_of(whole_hand(bits, low, high))
    for bits in range(32)
    for low in range(1, 11)
    for high in range(10)
}
_PAIR_CREDITS = tuple(pair_258(t) * BY_KEY["pair_258"].credits for t in range(KINDS))


def _straights(sets: tuple[int, ...]) -> int:
    credits = 0
    for base in (SEQ_BASE, SEQ_BASE + 9, SEQ_BASE + 18):
        low = sets.count(base)
        high = sets.count(base + 6)
        if low and high:
            middle = sets.count(base + 3)
            credits += _STRAIGHT * low * middle * high
            if not middle:
                credits += _BROKEN_STRAIGHT * low * high
    return credits


def _primes(n: int) -> tuple[int, ...]:
    found: list[int] = []
    candidate = 2
    while len(found) < n:
        if all(candidate % p for p in found):
            found.append(candidate)
        candidate += 1
    return tuple(found)


# A multiset of sets as one int, the product of a prime per set id. Multiplication does not
# care about order, so the sets found suit by suit, exposed and all-joker multiply into the
# arrangement's key without sorting; and a cache keyed and valued by ints holds nothing the
# garbage collector has to walk.
SET_PRIME = _primes(_IDS)

# What four sets are worth among themselves, and the summary of their cards that the
# whole-hand conditions need (suit/honour bits, lowest rank, highest rank), in one int:
# credits << _SHIFT | bits << 8 | low << 4 | high.
_SHIFT = 13
SUMMARY_MASK = (1 << _SHIFT) - 1

set_cache: dict[int, int] = {}
_CACHE_LIMIT = 1 << 16


def set_value(key: int, sets: tuple[int, ...]) -> int:
    """The packed credits and summary of four sets (ids, any order); `key` is their
    `SET_PRIME` product, the cache key."""
    found = set_cache.get(key)
    if found is not None:
        return found
    a, b, c, d = sets
    pa, pb, pc = _PAIRWISE[a], _PAIRWISE[b], _PAIRWISE[c]
    credits = pa[b] + pa[c] + pa[d] + pb[c] + pb[d] + pc[d]
    sequences = _IS_SEQUENCE[a] + _IS_SEQUENCE[b] + _IS_SEQUENCE[c] + _IS_SEQUENCE[d]
    if sequences == 4:
        credits += _ALL_SEQUENCES
    elif sequences == 0:
        credits += _ALL_TRIPLETS
    if _STRAIGHT_END[a] | _STRAIGHT_END[b] | _STRAIGHT_END[c] | _STRAIGHT_END[d]:
        credits += _straights(sets)
    honours = (
        _IS_HONOUR_TRIPLET[a]
        + _IS_HONOUR_TRIPLET[b]
        + _IS_HONOUR_TRIPLET[c]
        + _IS_HONOUR_TRIPLET[d]
    )
    if honours:
        credits += _HONOUR_TRIPLET * honours
        if _DRAGON_MASK[a] | _DRAGON_MASK[b] | _DRAGON_MASK[c] | _DRAGON_MASK[d] == 7:
            credits += _DRAGON_TRIPLETS - 3 * _HONOUR_TRIPLET
    bits = SET_BITS[a] | SET_BITS[b] | SET_BITS[c] | SET_BITS[d]
    low = min(SET_LOW[a], SET_LOW[b], SET_LOW[c], SET_LOW[d])
    high = max(SET_HIGH[a], SET_HIGH[b], SET_HIGH[c], SET_HIGH[d])
    found = credits << _SHIFT | bits << 8 | low << 4 | high
    # Emptied when full rather than evicting one by one: clearing a dict of ints is quick.
    if len(set_cache) >= _CACHE_LIMIT:
        set_cache.clear()
    set_cache[key] = found
    return found


def set_credits(value: int) -> int:
    return value >> _SHIFT


PAIR_ROWS: list[tuple[int, ...] | None] = [None] * (1 << _SHIFT)


def pair_row(summary: int) -> tuple[int, ...]:
    """What each pair card adds to sets of this summary: its own pair_258 and the
    whole-hand credits of the 14 cards. Built on first use: most summaries never occur."""
    row = PAIR_ROWS[summary]
    if row is None:
        bits, low, high = summary >> 8, summary >> 4 & 15, summary & 15
        row = tuple(
            _PAIR_CREDITS[pair]
            + _WHOLE_HAND_CREDITS[
                bits | TILE_BITS[pair], min(low, TILE_LOW[pair]), max(high, TILE_HIGH[pair])
            ]
            for pair in range(KINDS)
        )
        PAIR_ROWS[summary] = row
    return row


def best_credits(sets: tuple[int, ...], pairs: tuple[int, ...]) -> tuple[int, int]:
    """The best (credits, pair) for four sets (ids, any order) over the candidate pairs;
    on a tie the first of them."""
    key = 1
    for s in sets:
        key *= SET_PRIME[s]
    value = set_value(key, sets)
    row = pair_row(value & SUMMARY_MASK)
    set_part = value >> _SHIFT
    best, best_pair = -1, -1
    for pair in pairs:
        credits = set_part + row[pair]
        if credits > best:
            best, best_pair = credits, pair
    return best, best_pair
