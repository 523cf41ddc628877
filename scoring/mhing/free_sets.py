"""What the sets and the pair made only of jokers may be: a few representatives, not all 55.

A free set (three jokers) could be any set, but most are interchangeable for scoring. A
candidate is dropped only when another one always scores at least as much:

* Suits that no other group uses are interchangeable, so free groups use the first of
  them. Winds are interchangeable (nothing in a standard hand tells them apart); dragons
  too, except for completing the dragon triplets, so free triplets take dragons not yet
  tripled.
* A suit triplet's rank only matters through "two triplets" (same rank as another
  triplet) and high/low: a 5 (both high and low) or a rank another triplet has.
* A sequence's start matters through matching another sequence, high/low, and the
  straights: 3-4-5 is as good as 1-2-3 or 2-3-4, and 5-6-7 as 6-7-8 or 7-8-9, unless a
  straight could use them - with one free set, only when the suit already has partners.
* A free pair is best as a 5 (a pair of 2, 5 or 8, high and low), a wind or a dragon.

Free groups that matched each other in an optimum still match after this mapping (equal
choices map alike), so no optimum is lost.

The search asks once per way of placing the real cards, so the answer is worked out from
bit masks and cached by exactly what it depends on: the suits to use, the dragons free to
take, the triplet ranks and each suit's sequence starts worth trying.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from .cards import DRAGON_TILES, SUIT_TILES
from .melds import SEQ_BASE
from .quick_credits import SET_PRIME

_WIND_TRIPLET = 27  # any wind will do: the first
_FIRST_DRAGON = DRAGON_TILES.start
_RANK_5 = 4  # rank index of 5: in both the high and the low hand
_LOW_START, _HIGH_START = 2, 4  # 3-4-5 and 5-6-7: a low and a high sequence, no straight
_STRAIGHT_STARTS = (0, 3, 6)  # 1-2-3, 4-5-6, 7-8-9
_STRAIGHT_BITS = 1 << 0 | 1 << 3 | 1 << 6

_SUIT_TRIPLET_BITS = (1 << SUIT_TILES) - 1
_RANK_BITS = (1 << 9) - 1

# The positions of the bits set in each 9-bit mask, lowest first.
_BIT_POSITIONS = tuple(tuple(r for r in range(9) if mask >> r & 1) for mask in range(1 << 9))


def _with_unused_suits(used: int, groups: int) -> int:
    """The suits (bits) `used`, and as many of the unused ones, first first, as `groups`."""
    suits = used
    for suit in range(3):
        if groups and not used >> suit & 1:
            suits |= 1 << suit
            groups -= 1
    return suits


_SUITS_FOR = tuple(tuple(_with_unused_suits(used, n) for n in range(8)) for used in range(8))


def _free_dragons(tripled: int, free_sets: int) -> int:
    """The first `free_sets` dragons (bits) without a triplet already."""
    dragons = 0
    for d in range(3):
        if free_sets and not tripled >> d & 1:
            dragons |= 1 << d
            free_sets -= 1
    return dragons


_DRAGONS_FOR = tuple(tuple(_free_dragons(tripled, n) for n in range(8)) for tripled in range(8))


def _straight_starts(partners: int) -> int:
    """With one free set, the straight starts (bits of 0, 3, 6) worth trying in a suit whose
    sequences already start at `partners`: a straight needs two of them there already, and
    a 4-5-6 only pays (turning a broken straight into a straight) with both ends present."""
    added = 0
    for start in _STRAIGHT_STARTS:
        others = partners & ~(1 << start)
        if others and (start != 3 or partners.bit_count() == 2):
            added |= 1 << start
    return added


_STRAIGHT_STARTS_FOR = {p: _straight_starts(p) for p in range(1 << 7) if not p & ~_STRAIGHT_BITS}

# A choice for the all-joker sets: (their ids, the product of their primes).
FreeChoice = tuple[tuple[int, ...], int]

# By the key `free_choices` builds: ints only, so the garbage collector has nothing to walk.
_cache: dict[int, tuple[tuple[FreeChoice, ...], tuple[int, ...]]] = {}
_CACHE_LIMIT = 1 << 12


def free_choices(
    context_mask: int, pair: int, free_sets: int
) -> tuple[tuple[FreeChoice, ...], tuple[int, ...]]:
    """Every choice for `free_sets` all-joker sets, and the pairs to try when the pair is
    free too (`pair` is -1), next to the other groups: the sets in `context_mask` (a bit per
    set id, every set they may be) and the pair."""
    free_pair = pair < 0
    triplets = context_mask & _SUIT_TRIPLET_BITS
    sequences = context_mask >> SEQ_BASE
    held = triplets | sequences
    used = 0 if free_pair or pair >= SUIT_TILES else 1 << pair // 9
    for suit in range(3):
        if held >> 9 * suit & _RANK_BITS:
            used |= 1 << suit
    suits = _SUITS_FOR[used][free_sets + free_pair]
    key = suits << 4 | free_sets << 1 | free_pair
    starts_by_suit = [0, 0, 0]
    if free_sets:
        ranks = (triplets | triplets >> 9 | triplets >> 18) & _RANK_BITS | 1 << _RANK_5
        dragons = _DRAGONS_FOR[context_mask >> _FIRST_DRAGON & 7][free_sets]
        starts = (sequences | sequences >> 9 | sequences >> 18) & _RANK_BITS
        starts |= 1 << _LOW_START | 1 << _HIGH_START
        for suit in range(3):
            if suits >> suit & 1:
                if free_sets > 1:
                    starts_by_suit[suit] = starts | _STRAIGHT_BITS
                else:
                    partners = sequences >> 9 * suit & _STRAIGHT_BITS
                    starts_by_suit[suit] = starts | _STRAIGHT_STARTS_FOR[partners]
        key |= (ranks << 3 | dragons) << 8
        for suit in range(3):
            key = key << 9 | starts_by_suit[suit]
    found = _cache.get(key)
    if found is not None:
        return found

    set_candidates: list[int] = []
    if free_sets:
        set_candidates.append(_WIND_TRIPLET)
        set_candidates.extend(_FIRST_DRAGON + d for d in range(3) if dragons >> d & 1)
        for suit in range(3):
            if suits >> suit & 1:
                base = suit * 9
                set_candidates.extend(base + r for r in _BIT_POSITIONS[ranks])
                set_candidates.extend(
                    SEQ_BASE + base + s for s in _BIT_POSITIONS[starts_by_suit[suit]]
                )
    pair_candidates: tuple[int, ...] = ()
    if free_pair:
        pair_candidates = (
            *(suit * 9 + _RANK_5 for suit in range(3) if suits >> suit & 1),
            _WIND_TRIPLET,
            _FIRST_DRAGON,
        )
    choices = []
    for free_ids in combinations_with_replacement(set_candidates, free_sets):
        product = 1
        for set_id in free_ids:
            product *= SET_PRIME[set_id]
        choices.append((free_ids, product))
    found = (tuple(choices), pair_candidates)
    if len(_cache) >= _CACHE_LIMIT:
        _cache.clear()
    _cache[key] = found
    return found
