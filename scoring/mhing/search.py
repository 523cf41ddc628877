"""The arrangement search for a standard hand: every way to make four sets and a pair.

RULES.md §2 [ruling]: the hand scores the arrangement worth the most credits, jokers standing
for whatever scores most (a fifth copy allowed), exposed sets fixed as they lie.

How it works, and why it is exact:

1. Sets never cross suits, so the concealed cards are split suit by suit (each honour on
   its own), and the ways of each suit are combined. Within a suit (`blocks`), a recursion
   over the lowest remaining card: it must sit in the pair, a triplet or one of the (up to
   three) sequences through it. Every set takes as many real cards as it can and jokers for
   the rest. That loses nothing: if a joker stood for card x in one group while a real x sat
   in another, swapping them gives the same sets. Jokers left over when the real cards run
   out form whole "free" sets (three jokers) or a free pair (two).
2. Exposed sets are fixed; one with jokers may still be one of a few sets (`[5b J J]`:
   555b, 345b, 456b or 567b), and all of them are tried.
3. A free set could be any of 55 sets, but most are interchangeable for scoring, so only
   representatives are tried (`free_sets` gives the argument), and a free pair is always
   best as a 5 of some suit, a wind or a dragon.
4. Arrangements are compared by credits from lookup tables (`quick_credits`), keyed by the
   product of a prime per set so that the suits' parts multiply together unsorted; only the
   winner's breakdown is counted by the readable rules of `combinations`.

Of several equally good arrangements the first found is shown, so every step keeps the
order in which the ways are met: suit by suit, each suit's ways in a fixed order.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import product
from typing import NamedTuple

from . import quick_credits
from .blocks import Block, block_options, known_block_options
from .cards import JOKERS_IN_DECK, KINDS, SUIT_TILES, Card
from .combinations import Counts, count_standard, credits_of
from .free_sets import FreeChoice, free_choices
from .quick_credits import SET_PRIME, SUMMARY_BITS, SUMMARY_MASK, set_value


class Split(NamedTuple):
    """One way to place the concealed real cards: the sets and pair they sit in (jokers
    filling gaps), plus how many sets and whether the pair are left entirely to jokers.
    (A named tuple: a hand with many jokers makes hundreds of these.)"""

    fixed_sets: tuple[int, ...]
    pair: int | None
    free_sets: int
    free_pair: bool


class StandardResult(NamedTuple):
    """The best standard arrangement: its credits and breakdown, and how to lay it out."""

    credits: int
    counts: Counts
    split: Split
    exposed_ids: tuple[int, ...]  # what each exposed set with real cards is, in entry order
    free_ids: tuple[int, ...]  # what the all-joker sets are: exposed ones first
    pair: int


_NO_CARDS = (0,) * 9


def splits(
    counts: list[int], jokers: int, sets_needed: int
) -> list[tuple[tuple[int, ...], int, int]]:
    """Every distinct way to place the concealed cards in `sets_needed` sets and a pair:
    (the sets holding real cards, their prime product, the pair tile or -1 for a free pair).

    Combined block by block (the three suits, then each honour on its own, as honours make
    no sequences), in the order of the blocks' options: the order decides which of several
    equally good arrangements is shown. A partial way is dropped as soon as the blocks still
    to come cannot fit: they need at least their fewest sets and jokers. In a hand of 14
    playing cards, a complete way with at most one pair, `sets_needed` sets and `jokers`
    jokers leaves exactly enough jokers to make the missing groups whole.
    """
    return _combine(blocks_of_counts(counts, jokers), jokers, sets_needed)


def blocks_of_counts(counts: list[int], jokers: int) -> list[Block]:
    """The options of each block of the concealed cards, counted by kind: the three suits,
    then each honour on its own."""
    blocks = []
    known = known_block_options  # the cache, looked in here: most blocks are found there
    for first in (0, 9, 18):
        block = tuple(counts[first : first + 9])
        if block != _NO_CARDS:
            blocks.append(known((block, first, jokers)) or block_options(first, block, jokers))
    for t in range(SUIT_TILES, KINDS):
        if counts[t]:
            blocks.append(block_options(t, (counts[t],), jokers))
    return blocks


# The blocks of a suit's cards, or of all the honours, by the cards themselves (sorted), one
# dictionary per number of jokers: a hand's cards are sorted already, so its blocks are found
# by slicing them, without counting. Emptied when full.
_suit_blocks: list[dict[tuple[Card, ...], Block]] = [{} for _ in range(JOKERS_IN_DECK + 1)]
_honour_blocks: list[dict[tuple[Card, ...], tuple[Block, ...]]] = [
    {} for _ in range(JOKERS_IN_DECK + 1)
]
_BLOCKS_LIMIT = 1 << 14
_SUIT_ENDS = ((0, 9), (9, 18), (18, SUIT_TILES))  # each suit's first card, and the next's


def blocks_of_cards(concealed: tuple[Card, ...], jokers: int) -> list[Block]:
    """`blocks_of_counts` for concealed cards given sorted, as a `Hand` holds them."""
    blocks = []
    start = 0
    known = _suit_blocks[jokers]
    for first, end_card in _SUIT_ENDS:
        end = bisect_left(concealed, end_card, start)
        if end > start:
            cards = concealed[start:end]
            block = known.get(cards)
            if block is None:
                counts = tuple(map(cards.count, range(first, first + 9)))
                block = block_options(first, counts, jokers)
                if len(known) >= _BLOCKS_LIMIT:
                    known.clear()
                known[cards] = block
            blocks.append(block)
            start = end
    if start < len(concealed):
        honours = concealed[start:]
        found = _honour_blocks[jokers].get(honours)
        if found is None:
            found = tuple(
                block_options(t, (honours.count(t),), jokers)
                for t in range(SUIT_TILES, KINDS)
                if t in honours
            )
            if len(_honour_blocks[jokers]) >= _BLOCKS_LIMIT:
                _honour_blocks[jokers].clear()
            _honour_blocks[jokers][honours] = found
        blocks.extend(found)
    return blocks


def _combine(
    blocks: list[Block], jokers: int, sets_needed: int
) -> list[tuple[tuple[int, ...], int, int]]:
    """`splits` from the blocks' options."""
    # One way per block, as in most hands without jokers: at most one split.
    single = all([len(options) == 1 for options, _sets, _jokers in blocks])
    if single:
        sets, key, pair, used = (), 1, -1, 0
        for ((block_sets, block_pair, block_jokers, block_key),), _sets, _jokers in blocks:
            if block_pair >= 0:
                if pair >= 0:
                    return []
                pair = block_pair
            sets += block_sets
            key *= block_key
            used += block_jokers
        return [(sets, key, pair)] if len(sets) <= sets_needed and used <= jokers else []
    # What the blocks after each one need at least: (sets, jokers).
    least = [(0, 0)]
    for options, fewest_sets, fewest_jokers in reversed(blocks):
        if not options:
            return []  # a block whose cards no sets fit
        least.append((least[-1][0] + fewest_sets, least[-1][1] + fewest_jokers))
    least.reverse()
    partial: list[tuple[tuple[int, ...], int, int, int]] = [((), 1, -1, 0)]
    for (options, _sets, _jokers), (sets_after, jokers_after) in zip(
        blocks, least[1:], strict=True
    ):
        sets_left = sets_needed - sets_after
        jokers_left = jokers - jokers_after
        partial = [
            (
                sets + block_sets,
                key * block_key,
                block_pair if pair < 0 else pair,
                used + block_jokers,
            )
            for sets, key, pair, used in partial
            for block_sets, block_pair, block_jokers, block_key in options
            if (pair < 0 or block_pair < 0)
            and used + block_jokers <= jokers_left
            and len(sets) + len(block_sets) <= sets_left
        ]
    return [(sets, key, pair) for sets, key, pair, _used in partial]


_NO_FREE_SETS: tuple[FreeChoice, ...] = (((), 1),)
# The best so far: (fixed sets, the split's pair or -1, exposed ids, free ids, the pair).
_Winner = tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int]


def best_standard(
    counts: list[int], jokers: int, exposed_options: list[tuple[int, ...]], exposed_free: int
) -> StandardResult | None:
    """The best standard arrangement, or None when the cards make none; of several equally
    good, the first found.

    `counts` holds how many of each card the hand conceals; `exposed_options` lists what
    each exposed set with real cards may be; `exposed_free` counts exposed sets of three
    jokers.
    """
    blocks = blocks_of_counts(counts, jokers)
    return best_of_blocks(blocks, jokers, exposed_options, exposed_free)


def best_of_blocks(
    blocks: list[Block],
    jokers: int,
    exposed_options: list[tuple[int, ...]],
    exposed_free: int,
) -> StandardResult | None:
    """`best_standard` from the concealed cards' blocks (`blocks_of_cards`)."""
    sets_needed = 4 - len(exposed_options) - exposed_free
    found = _combine(blocks, jokers, sets_needed)
    if not found:
        return None
    if len(found) == 1 and not exposed_free:
        fixed, _key, pair = found[0]
        exposed_ids = tuple([options[0] for options in exposed_options if len(options) == 1])
        if pair >= 0 and len(fixed) == sets_needed and len(exposed_ids) == len(exposed_options):
            # A single arrangement, as most hands without jokers have: nothing to compare,
            # so its breakdown gives its credits.
            breakdown = count_standard(tuple(sorted(fixed + exposed_ids)), pair)
            split = Split(tuple(sorted(fixed)), pair, 0, False)
            return StandardResult(credits_of(breakdown), breakdown, split, exposed_ids, (), pair)

    exposed_choices: list[FreeChoice] = []
    for exposed_ids in product(*exposed_options):
        key = 1
        for set_id in exposed_ids:
            key *= SET_PRIME[set_id]
        exposed_choices.append((exposed_ids, key))
    exposed_mask = 0
    for options in exposed_options:
        for set_id in options:
            exposed_mask |= 1 << set_id

    best = -1
    winner: _Winner = ((), -1, (), (), -1)
    cached_value = quick_credits.set_cache.get
    rows = quick_credits.PAIR_ROWS
    for fixed, key, pair in found:
        free_count = sets_needed - len(fixed) + exposed_free
        if free_count or pair < 0:
            context_mask = exposed_mask
            for set_id in fixed:
                context_mask |= 1 << set_id
            choices, pair_candidates = free_choices(context_mask, pair, free_count)
            pairs = pair_candidates if pair < 0 else (pair,)
        else:
            choices, pairs = _NO_FREE_SETS, (pair,)
        for exposed_ids, exposed_key in exposed_choices:
            for free_ids, free_key in choices:
                sets_key = key * exposed_key * free_key
                value = cached_value(sets_key)
                if value is None:
                    value = set_value(sets_key, fixed + exposed_ids + free_ids)
                row = rows[value & SUMMARY_MASK]
                set_part = value >> SUMMARY_BITS
                for pair_id in pairs:
                    if set_part + row[pair_id] > best:
                        best = set_part + row[pair_id]
                        winner = (fixed, pair, exposed_ids, free_ids, pair_id)

    fixed, pair, exposed_ids, free_ids, pair_id = winner
    free_sets = sets_needed - len(fixed)
    split = Split(tuple(sorted(fixed)), None if pair < 0 else pair, free_sets, pair < 0)
    sets = tuple(sorted(fixed + exposed_ids + free_ids))
    return StandardResult(
        best, count_standard(sets, pair_id), split, exposed_ids, free_ids, pair_id
    )
