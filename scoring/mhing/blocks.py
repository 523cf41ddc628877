"""The ways to place one block's real cards: a suit's, or one honour's (honours make no
sequences). Sets never cross suits, so the search splits a hand block by block.

Within a block, a recursion over the lowest card left: it must sit in the pair, a triplet or
one of the (up to three) sequences through it. Every set takes as many real cards as it can
and jokers for the rest (the search's docstring says why that loses nothing).

The same patterns recur across hands, so the ways are cached, and shared: a pattern's ways
are the same in every suit, its ids shifted by the suit's first card; and the ways with at
most j jokers are those with at most j' >= j jokers, less the ones needing more, in the
same order. The order matters: of several equally good arrangements the first found is
shown.
"""

from __future__ import annotations

from math import prod

from .cards import SUIT_TILES
from .melds import SEQ_BASE
from .quick_credits import SET_PRIME

# A block's way to place its real cards: (set ids sorted, pair tile or -1, jokers used, and
# the product of the sets' primes, `quick_credits.SET_PRIME`).
Option = tuple[tuple[int, ...], int, int, int]
# A block's options, and the fewest sets and the fewest jokers any of them takes.
Block = tuple[tuple[Option, ...], int, int]
# A way found by the recursion, its ids counted from the block's first card as 0.
_Way = tuple[tuple[int, ...], int, int]

_MAX_SETS = 4

# Plain dicts of int tuples, emptied when full: an lru_cache's linked entries would keep
# thousands of objects in the garbage collector's sight, and every full collection walks them.
_options: dict[tuple[tuple[int, ...], int, int], Block] = {}  # by (counts, first, jokers)
_ways: dict[tuple[tuple[int, ...], bool], tuple[int, tuple[_Way, ...]]] = {}
_LIMIT = 1 << 14
# `block_options`' answer when it has one at hand, by (counts, first, max_jokers), else None:
# for the search's hot loop, which would otherwise pay a call for a dictionary lookup.
known_block_options = _options.get


def block_options(first: int, counts: tuple[int, ...], max_jokers: int) -> Block:
    """Every way to place the real cards of the block starting at card `first` (`counts`:
    how many of each of its cards the hand conceals) in sets and at most one pair, with at
    most `max_jokers` jokers."""
    cache_key = (counts, first, max_jokers)
    found = _options.get(cache_key)
    if found is not None:
        return found
    options = []
    fewest_sets = fewest_jokers = _MAX_SETS * 3
    shift = first
    if not max_jokers and first < SUIT_TILES and not counts[0] and any(counts):
        # Without jokers a suit's ways are the same wherever its cards lie, moved along: no
        # set may reach past the cards, so a 9 or a 1 changes nothing. Search them from the
        # lowest card, which more patterns share (`33456c` is `11234c`, two ranks up).
        lowest = len(counts) - len(bytes(counts).lstrip(b"\0"))
        shift += lowest
        counts = counts[lowest:] + (0,) * lowest
    for sets, pair, jokers in _relative_ways(counts, first < SUIT_TILES, max_jokers):
        if jokers <= max_jokers:
            shifted = tuple(map(shift.__add__, sets)) if shift else sets
            key = prod(map(SET_PRIME.__getitem__, shifted))
            options.append((shifted, pair + shift if pair >= 0 else -1, jokers, key))
            fewest_sets = min(fewest_sets, len(sets))
            fewest_jokers = min(fewest_jokers, jokers)
    found = (tuple(options), fewest_sets, fewest_jokers)
    if len(_options) >= _LIMIT:
        _options.clear()
    _options[cache_key] = found
    return found


def _relative_ways(counts: tuple[int, ...], is_suit: bool, max_jokers: int) -> tuple[_Way, ...]:
    """The ways with at most `max_jokers` jokers, perhaps with more besides."""
    cached = _ways.get((counts, is_suit))
    if cached is not None and cached[0] >= max_jokers:
        return cached[1]
    ways = _search(counts, is_suit, max_jokers)
    if len(_ways) >= _LIMIT:
        _ways.clear()
    _ways[counts, is_suit] = (max_jokers, ways)
    return ways


def _search(counts: tuple[int, ...], is_suit: bool, max_jokers: int) -> tuple[_Way, ...]:
    """The ways with at most `max_jokers` jokers, in the order of their sets as first met."""
    counts_list = list(counts)
    size = len(counts_list)
    found: set[tuple[tuple[int, ...], int, int]] = set()
    sets: list[int] = []

    def recurse(i: int, jokers: int, pair: int, left: int) -> None:
        # `i` is the lowest card still to place, so every card below it is placed already;
        # `left` counts the real cards still to place.
        while i < size and not counts_list[i]:
            i += 1
        if i == size:
            found.add((tuple(sets), pair, jokers))
            return
        count = counts_list[i]
        if pair < 0:
            used = 2 if count > 2 else count
            if jokers + 2 - used <= max_jokers:
                counts_list[i] = count - used
                recurse(i, jokers + 2 - used, i, left - used)
                counts_list[i] = count
        if len(sets) == _MAX_SETS or left > 3 * (_MAX_SETS - len(sets)) + 2 * (pair < 0):
            return  # the cards left no longer fit
        used = 3 if count > 3 else count
        if jokers + 3 - used <= max_jokers:
            counts_list[i] = count - used
            sets.append(i)
            recurse(i, jokers + 3 - used, pair, left - used)
            sets.pop()
            counts_list[i] = count
        if not is_suit:
            return
        # The sequences through card i: starting at it, or one or two ranks below it (those
        # ranks are jokers, as no card below i is left). No wrap-around past 9 or below 1.
        after = counts_list[i + 1] if i < 8 else 0
        if i <= 6:
            second = counts_list[i + 2]
            extra = (not after) + (not second)
            if jokers + extra <= max_jokers:
                counts_list[i] = count - 1
                if after:
                    counts_list[i + 1] = after - 1
                if second:
                    counts_list[i + 2] = second - 1
                sets.append(SEQ_BASE + i)
                recurse(i, jokers + extra, pair, left - 3 + extra)
                sets.pop()
                counts_list[i] = count
                counts_list[i + 1] = after
                counts_list[i + 2] = second
        if 1 <= i <= 7:
            extra = 1 + (not after)
            if jokers + extra <= max_jokers:
                counts_list[i] = count - 1
                if after:
                    counts_list[i + 1] = after - 1
                sets.append(SEQ_BASE + i - 1)
                recurse(i, jokers + extra, pair, left - 3 + extra)
                sets.pop()
                counts_list[i] = count
                counts_list[i + 1] = after
        if i >= 2 and jokers + 2 <= max_jokers:
            counts_list[i] = count - 1
            sets.append(SEQ_BASE + i - 2)
            recurse(i, jokers + 2, pair, left - 1)
            sets.pop()
            counts_list[i] = count

    recurse(0, 0, -1, sum(counts))
    # Sets are appended as the recursion meets them, so it reaches some groupings more than
    # once in another order (half of the 503 found for `3344456c` with six jokers). Keep each
    # once, where its first order puts it: a later copy could only tie with it.
    if len(found) == 1:
        ((sets_found, pair, jokers),) = found
        return ((tuple(sorted(sets_found)), pair, jokers),)
    first_order: dict[_Way, _Way] = {}
    for way in found:
        sets_found, pair, jokers = way
        canonical = (tuple(sorted(sets_found)), pair, jokers)
        seen = first_order.get(canonical)
        if seen is None or way < seen:
            first_order[canonical] = way
    return tuple(sorted(first_order, key=first_order.__getitem__))
