"""The arrangement search for a standard hand: every way to make four sets and a pair.

RULES.md §2 [ruling]: the hand scores the arrangement worth the most credits, jokers standing
for whatever scores most (a fifth copy allowed), exposed sets fixed as they lie.

How it works, and why it is exact:

1. The concealed cards are split by a recursion over the lowest remaining card: it must sit
   in the pair, a triplet or one of the (up to three) sequences through it. Every set takes
   as many real cards as it can and jokers for the rest. That loses nothing: if a joker
   stood for card x in one group while a real x sat in another, swapping them gives the same
   sets. Jokers left over when the real cards run out form whole "free" sets (three jokers)
   or a free pair (two).
2. Exposed sets are fixed; one with jokers may still be one of a few sets (`[5b J J]`:
   555b, 345b, 456b or 567b), and all of them are tried.
3. A free set could be any of 55 sets, but most are interchangeable for scoring, so only
   representatives are tried (see `_free_set_candidates` for the argument), and a free pair
   is always best as a 5 of some suit, a wind or a dragon.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement, product

from .cards import KINDS, SUIT_TILES
from .combinations import Counts, count_standard, credits_of
from .melds import SEQ_BASE, is_sequence_start, set_cards

@dataclass(frozen=True)
class Split:
    """One way to place the concealed real cards: the sets and pair they sit in (jokers
    filling gaps), plus how many sets and whether the pair are left entirely to jokers."""

    fixed_sets: tuple[int, ...]
    pair: int | None
    free_sets: int
    free_pair: bool


@dataclass(frozen=True)
class StandardResult:
    credits: int
    counts: Counts
    split: Split
    exposed_ids: tuple[int, ...]  # what each exposed set with real cards is, in entry order
    free_ids: tuple[int, ...]  # what the all-joker sets are: exposed ones first
    pair: int


# A block's way to place its real cards: (set ids, pair tile or -1, jokers used).
Option = tuple[tuple[int, ...], int, int]

_MAX_JOKERS = 6
_MAX_SETS = 4


@lru_cache(maxsize=1 << 14)
def _block_options(first: int, counts: tuple[int, ...]) -> tuple[Option, ...]:
    """Every way to place the real cards of one suit (or one honour) in sets and at most one
    pair, each group taking as many real cards as it can and jokers for the rest.

    Sets never cross suits, so a hand splits suit by suit; and the same suit pattern (say
    `2b 3b 7b`) recurs across hands, so the answer is cached by pattern.
    """
    counts_list = list(counts)
    size = len(counts_list)
    found: set[Option] = set()
    sets: list[int] = []

    def recurse(i: int, jokers: int, pair: int) -> None:
        while i < size and not counts_list[i]:
            i += 1
        if i == size:
            found.add((tuple(sets), pair, jokers))
            return
        t = first + i
        if pair < 0:
            used = min(counts_list[i], 2)
            counts_list[i] -= used
            if jokers + 2 - used <= _MAX_JOKERS:
                recurse(i, jokers + 2 - used, t)
            counts_list[i] += used
        if len(sets) == _MAX_SETS:
            return
        used = min(counts_list[i], 3)
        counts_list[i] -= used
        if jokers + 3 - used <= _MAX_JOKERS:
            sets.append(t)
            recurse(i, jokers + 3 - used, pair)
            sets.pop()
        counts_list[i] += used
        if t >= SUIT_TILES:
            return
        for offset in (0, 1, 2):
            start = t - offset
            if t % 9 < offset or not is_sequence_start(start):
                continue
            taken = [p - first for p in range(start, start + 3) if counts_list[p - first]]
            for k in taken:
                counts_list[k] -= 1
            extra = 3 - len(taken)
            if jokers + extra <= _MAX_JOKERS:
                sets.append(SEQ_BASE + start)
                recurse(i, jokers + extra, pair)
                sets.pop()
            for k in taken:
                counts_list[k] += 1

    recurse(0, 0, -1)
    return tuple(sorted(found))


# Blocks: the three suits, then each honour on its own (honours make no sequences).
_BLOCKS = ((0, 9), (9, 18), (18, 27)) + tuple((t, t + 1) for t in range(SUIT_TILES, KINDS))


def splits(counts: list[int], jokers: int, sets_needed: int) -> list[Split]:
    """Every distinct way to place the concealed cards in `sets_needed` sets and a pair."""
    block_options = [
        _block_options(lo, tuple(counts[lo:hi])) for lo, hi in _BLOCKS if any(counts[lo:hi])
    ]
    found: list[Split] = []

    def combine(b: int, sets: tuple[int, ...], pair: int, used: int) -> None:
        if b == len(block_options):
            free_sets = sets_needed - len(sets)
            free_pair = pair < 0
            if used + 3 * free_sets + 2 * free_pair == jokers:
                found.append(
                    Split(tuple(sorted(sets)), None if free_pair else pair, free_sets, free_pair)
                )
            return
        for block_sets, block_pair, block_jokers in block_options[b]:
            if block_pair >= 0 and pair >= 0:
                continue
            if used + block_jokers > jokers or len(sets) + len(block_sets) > sets_needed:
                continue
            combine(b + 1, sets + block_sets, max(pair, block_pair), used + block_jokers)

    combine(0, (), -1, 0)
    return found


# A free pair: a 5 of each suit (pair of 2/5/8, and both high and low), a wind, a dragon.
# Nothing scores a pair's rank or honour beyond that, so no other pair can score more.
_FREE_PAIR_CANDIDATES = (4, 13, 22, 27, 31)
_WIND_TRIPLET = 27
_DRAGON_TRIPLETS = (31, 32, 33)
_TRIPLET_RANK_5 = 4  # rank index of 5: in both the high and the low hand
_SEQUENCE_STARTS = (0, 2, 3, 4, 6)  # 1-2-3, 3-4-5, 4-5-6, 5-6-7, 7-8-9


def _free_set_candidates(context: frozenset[int]) -> tuple[int, ...]:
    """Representatives for a set made of three jokers, given the other sets that may occur.

    Nothing tells winds apart in a standard hand, so one wind triplet stands for all four;
    dragons count separately (dragon triplets). A suit triplet's rank only matters through
    "two triplets" (same rank as another triplet) and high/low, so per suit it is a 5 (both
    high and low) or a rank another set has. A sequence's start matters through 1-2-3, 4-5-6,
    7-8-9 (straights), through matching another sequence, and through high/low: 2-3-4 is no
    better than 3-4-5, nor 6-7-8 than 5-6-7, unless another set's start makes it so. Several
    free sets that met in an optimum still meet after this mapping (equal starts map to
    equal starts), so the optimum is kept.
    """
    triplet_ranks = {s % 9 for s in context if s < SUIT_TILES}
    sequence_starts = {(s - SEQ_BASE) % 9 for s in context if s >= SEQ_BASE}
    candidates = [_WIND_TRIPLET, *_DRAGON_TRIPLETS]
    for suit_base in (0, 9, 18):
        candidates.extend(suit_base + r for r in sorted({_TRIPLET_RANK_5} | triplet_ranks))
        starts = sorted(set(_SEQUENCE_STARTS) | sequence_starts)
        candidates.extend(SEQ_BASE + suit_base + s for s in starts)
    return tuple(candidates)


@lru_cache(maxsize=1 << 16)
def _credits(sets: tuple[int, ...], pair: int) -> int:
    return credits_of(count_standard(sets, pair))


def _completions(
    split: Split, exposed_options: list[list[int]], exposed_free: int
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """(exposed ids, free set ids, pair) for every completion worth trying."""
    fixed = split.fixed_sets
    free_count = split.free_sets + exposed_free
    free_candidates: tuple[int, ...] = ()
    if free_count:
        context = frozenset(fixed).union(*exposed_options)
        free_candidates = _free_set_candidates(context)
    pairs = _FREE_PAIR_CANDIDATES if split.free_pair else (split.pair,)
    for exposed_ids in product(*exposed_options):
        for free_ids in combinations_with_replacement(free_candidates, free_count):
            for pair in pairs:
                yield exposed_ids, free_ids, pair


def best_standard(
    counts: list[int], jokers: int, exposed_options: list[list[int]], exposed_free: int
) -> StandardResult | None:
    """The best standard arrangement, or None when the cards make none.

    `exposed_options` lists what each exposed set with real cards may be; `exposed_free`
    counts exposed sets of three jokers.
    """
    sets_needed = 4 - len(exposed_options) - exposed_free
    best: StandardResult | None = None
    best_credits = -1
    for split in splits(counts, jokers, sets_needed):
        fixed = split.fixed_sets
        for exposed_ids, free_ids, pair in _completions(split, exposed_options, exposed_free):
            sets = tuple(sorted(fixed + exposed_ids + free_ids))
            credits = _credits(sets, pair)
            if credits > best_credits:
                best_credits = credits
                best = StandardResult(
                    credits, count_standard(sets, pair), split, exposed_ids, free_ids, pair
                )
    return best
