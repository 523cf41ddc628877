"""Credits of four sets and a pair, fast: the arrangement search's hot path.

A hand with many jokers has hundreds of candidate arrangements, so the search compares them
by credits alone, computed from lookup tables, and only the winner gets the readable
breakdown of `combinations.count_standard`. Both must agree on every input:
`tests/mhing/test_quick_credits.py` checks them against each other.
"""

from __future__ import annotations

from .cards import DRAGON_TILES, KINDS, SUIT_TILES
from .combinations import BY_KEY, TILE_BITS, credits_of, pair_258, whole_hand
from .melds import ALL_SET_IDS, SEQ_BASE, set_cards

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
_ALL_ALIKE = {0: _ALL_TRIPLETS, 4: _ALL_SEQUENCES}  # by the number of sequences
_IS_HONOUR_TRIPLET = [int(SUIT_TILES <= s < KINDS) for s in range(_IDS)]
_DRAGON_MASK = [1 << (s - DRAGON_TILES.start) if s in DRAGON_TILES else 0 for s in range(_IDS)]
# A 1-2-3 of suit k sets bit 2k, a 7-8-9 bit 2k + 1: only sets with both bits of one suit
# need the straights counted.
_STRAIGHT_END = [0] * _IDS
for _s in range(SEQ_BASE, _IDS):
    if (_s - SEQ_BASE) % 9 in (0, 6):
        _STRAIGHT_END[_s] = 1 << 2 * ((_s - SEQ_BASE) // 9) + ((_s - SEQ_BASE) % 9 == 6)
_BOTH_ENDS = 0b11


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


# The whole-hand conditions (RULES.md §3) need only which suits, winds and dragons the 14
# cards hold (bits 0-4, as `combinations.TILE_BITS`) and whether any card is below 5 (bit
# 5) or above 5 (bit 6), for the high or low hand: a summary of 7 bits, OR-ed card by card.
SUMMARY_BITS = 7
SUMMARY_MASK = (1 << SUMMARY_BITS) - 1
_BELOW_5, _ABOVE_5 = 1 << 5, 1 << 6


def _rank_bits(card: int) -> int:
    if card >= SUIT_TILES:
        return 0
    rank = card % 9 + 1
    return _BELOW_5 if rank < 5 else _ABOVE_5 if rank > 5 else 0


_TILE_SUMMARY = tuple(TILE_BITS[t] | _rank_bits(t) for t in range(KINDS))
_SET_SUMMARY = [0] * _IDS
for _s in ALL_SET_IDS:
    for _card in set_cards(_s):
        _SET_SUMMARY[_s] |= _TILE_SUMMARY[_card]


def _whole_hand_credits(summary: int) -> int:
    # Any lowest and highest rank on the right side of 5 reads the same.
    low = 1 if summary & _BELOW_5 else 5
    high = 9 if summary & _ABOVE_5 else 5
    return credits_of(whole_hand(summary & 31, low, high))


# PAIR_ROWS[summary of the four sets][pair card]: what the pair adds, its own pair_258 and
# the whole-hand credits of all 14 cards.
PAIR_ROWS = tuple(
    tuple(
        pair_258(pair) * BY_KEY["pair_258"].credits
        + _whole_hand_credits(summary | _TILE_SUMMARY[pair])
        for pair in range(KINDS)
    )
    for summary in range(1 << SUMMARY_BITS)
)


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

# What four sets are worth among themselves, and their summary, in one int:
# credits << 7 | summary.
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
    credits += _ALL_ALIKE.get(
        _IS_SEQUENCE[a] + _IS_SEQUENCE[b] + _IS_SEQUENCE[c] + _IS_SEQUENCE[d], 0
    )
    ends = _STRAIGHT_END[a] | _STRAIGHT_END[b] | _STRAIGHT_END[c] | _STRAIGHT_END[d]
    if ends & ends >> 1 & 0b10101:  # a 1-2-3 and a 7-8-9 of one suit
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
    summary = _SET_SUMMARY[a] | _SET_SUMMARY[b] | _SET_SUMMARY[c] | _SET_SUMMARY[d]
    found = credits << SUMMARY_BITS | summary
    # Emptied when full rather than evicting one by one: clearing a dict of ints is quick.
    if len(set_cache) >= _CACHE_LIMIT:
        set_cache.clear()
    set_cache[key] = found
    return found


def best_credits(sets: tuple[int, ...], pairs: tuple[int, ...]) -> tuple[int, int]:
    """The best (credits, pair) for four sets (ids, any order) over the candidate pairs;
    on a tie the first of them."""
    key = 1
    for s in sets:
        key *= SET_PRIME[s]
    value = set_value(key, sets)
    row = PAIR_ROWS[value & SUMMARY_MASK]
    set_part = value >> SUMMARY_BITS
    best, best_pair = -1, -1
    for pair in pairs:
        credits = set_part + row[pair]
        if credits > best:
            best, best_pair = credits, pair
    return best, best_pair
