"""The arrangement search for a standard hand: every way to make four sets and a pair.

RULES.md §2 [ruling]: the hand scores the arrangement worth the most credits, jokers standing
for whatever scores most (a fifth copy allowed), exposed sets fixed as they lie.

How it works, and why it is exact:

1. Sets never cross suits, so the concealed cards are split suit by suit (each honour on
   its own), and the ways of each suit are combined. Within a suit, a recursion over the
   lowest remaining card: it must sit in the pair, a triplet or one of the (up to three)
   sequences through it. Every set takes as many real cards as it can and jokers for the
   rest. That loses nothing: if a joker stood for card x in one group while a real x sat in
   another, swapping them gives the same sets. Jokers left over when the real cards run out
   form whole "free" sets (three jokers) or a free pair (two).
2. Exposed sets are fixed; one with jokers may still be one of a few sets (`[5b J J]`:
   555b, 345b, 456b or 567b), and all of them are tried.
3. A free set could be any of 55 sets, but most are interchangeable for scoring, so only
   representatives are tried (see `_free_candidates` for the argument), and a free pair
   is always best as a 5 of some suit, a wind or a dragon.
4. Arrangements are compared by credits from lookup tables (`quick_credits`); only the
   winner's breakdown is counted by the readable rules of `combinations`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import NamedTuple

from .cards import KINDS, SUIT_TILES
from .combinations import Counts, count_standard
from .melds import SEQ_BASE, is_sequence_start, set_cards
from .quick_credits import best_credits


class Split(NamedTuple):
    """One way to place the concealed real cards: the sets and pair they sit in (jokers
    filling gaps), plus how many sets and whether the pair are left entirely to jokers.
    (A named tuple: a hand with many jokers makes hundreds of these.)"""

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

_MAX_SETS = 4


@lru_cache(maxsize=1 << 14)
def _block_options(first: int, counts: tuple[int, ...], max_jokers: int) -> tuple[Option, ...]:
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
            if jokers + 2 - used <= max_jokers:
                recurse(i, jokers + 2 - used, t)
            counts_list[i] += used
        if len(sets) == _MAX_SETS:
            return
        used = min(counts_list[i], 3)
        counts_list[i] -= used
        if jokers + 3 - used <= max_jokers:
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
            if jokers + extra <= max_jokers:
                sets.append(SEQ_BASE + start)
                recurse(i, jokers + extra, pair)
                sets.pop()
            for k in taken:
                counts_list[k] += 1

    recurse(0, 0, -1)
    return tuple(sorted(found))


def _blocks(counts: list[int]) -> list[tuple[int, tuple[int, ...]]]:
    """(first card, counts) of each block holding cards: the three suits, then each honour
    on its own (honours make no sequences)."""
    blocks = []
    for first in (0, 9, 18):
        block = counts[first : first + 9]
        if any(block):
            blocks.append((first, tuple(block)))
    for t in range(SUIT_TILES, KINDS):
        if counts[t]:
            blocks.append((t, (counts[t],)))
    return blocks


def splits(counts: list[int], jokers: int, sets_needed: int) -> list[Split]:
    """Every distinct way to place the concealed cards in `sets_needed` sets and a pair."""
    block_options = [_block_options(first, block, jokers) for first, block in _blocks(counts)]
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


_WIND_TRIPLET = 27
_DRAGONS = (31, 32, 33)
_RANK_5 = 4  # rank index of 5: in both the high and the low hand
_LOW_START, _HIGH_START = 2, 4  # 3-4-5 and 5-6-7: a low and a high sequence, no straight
_STRAIGHT_STARTS = (0, 3, 6)  # 1-2-3, 4-5-6, 7-8-9


@lru_cache(maxsize=1 << 12)
def _free_candidates(
    context: frozenset[int], context_tiles: frozenset[int], free_sets: int, free_pair: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Representatives for the sets and the pair made only of jokers: (sets, pairs).

    `context` holds every set the other groups may be, `context_tiles` every card they hold.
    A candidate is dropped only when another one always scores at least as much:

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
    """
    suits_used = sorted({t // 9 for t in context_tiles if t < SUIT_TILES})
    unused = [s for s in range(3) if s not in suits_used]
    free_groups = free_sets + free_pair
    suits = sorted(suits_used + unused[:free_groups])

    set_candidates: list[int] = []
    if free_sets:
        tripled = {s for s in context if s in _DRAGONS}
        dragons = [d for d in _DRAGONS if d not in tripled][:free_sets]
        set_candidates = [_WIND_TRIPLET, *dragons]
        triplet_ranks = {s % 9 for s in context if s < SUIT_TILES} | {_RANK_5}
        starts_by_suit = [
            {(s - SEQ_BASE) % 9 for s in context if s >= SEQ_BASE and (s - SEQ_BASE) // 9 == suit}
            for suit in range(3)
        ]
        all_starts = set().union(*starts_by_suit)
        for suit in suits:
            base = suit * 9
            set_candidates.extend(base + r for r in sorted(triplet_ranks))
            starts = {_LOW_START, _HIGH_START} | all_starts
            if free_sets > 1:
                starts.update(_STRAIGHT_STARTS)
            else:
                partners = starts_by_suit[suit] & set(_STRAIGHT_STARTS)
                starts.update(
                    s for s in _STRAIGHT_STARTS if partners - {s} and (s != 3 or len(partners) == 2)
                )
            set_candidates.extend(SEQ_BASE + base + s for s in sorted(starts))
    pair_candidates: list[int] = []
    if free_pair:
        pair_candidates = [suit * 9 + _RANK_5 for suit in suits] + [_WIND_TRIPLET, _DRAGONS[0]]
    return tuple(set_candidates), tuple(pair_candidates)


def best_standard(
    counts: list[int], jokers: int, exposed_options: list[list[int]], exposed_free: int
) -> StandardResult | None:
    """The best standard arrangement, or None when the cards make none.

    `exposed_options` lists what each exposed set with real cards may be; `exposed_free`
    counts exposed sets of three jokers.
    """
    sets_needed = 4 - len(exposed_options) - exposed_free
    exposed_choices = list(product(*exposed_options)) if exposed_options else [()]
    best: tuple[int, Split, tuple[int, ...], tuple[int, ...], int] | None = None
    exposed_context = frozenset().union(*exposed_options)
    for split in splits(counts, jokers, sets_needed):
        free_count = split.free_sets + exposed_free
        free_choices: list[tuple[int, ...]] = [()]
        pairs: tuple[int, ...] = (split.pair,)
        if free_count or split.free_pair:
            context = exposed_context.union(split.fixed_sets)
            context_tiles = {t for s in context for t in set_cards(s)}
            if not split.free_pair:
                context_tiles.add(split.pair)
            set_candidates, pair_candidates = _free_candidates(
                context, frozenset(context_tiles), free_count, split.free_pair
            )
            free_choices = list(combinations_with_replacement(set_candidates, free_count))
            pairs = pair_candidates or pairs
        for exposed_ids in exposed_choices:
            for free_ids in free_choices:
                sets = tuple(sorted(split.fixed_sets + exposed_ids + free_ids))
                credits, pair = best_credits(sets, pairs)
                if best is None or credits > best[0]:
                    best = (credits, split, exposed_ids, free_ids, pair)
    if best is None:
        return None
    credits, split, exposed_ids, free_ids, pair = best
    sets = tuple(sorted(split.fixed_sets + exposed_ids + free_ids))
    return StandardResult(credits, count_standard(sets, pair), split, exposed_ids, free_ids, pair)
