"""How far a hand is from Mhing: the bots' measure of progress (a "shanten" count).

`distance(counts, jokers, sets_needed)` is the number of cards still to be exchanged before
the hand waits on one card: 0 when one card away from Mhing, -1 when it already wins. It
takes the better of the standard hand (four sets and a pair) and nothing-connects.

Standard hands use the classic block count, 2·sets − 2·complete − partial − pair, over the
best split of the cards into complete sets, partial sets (two cards a third completes) and
a pair. Sets never cross suits, so each suit is split on its own and the splits are
cached by the suit's pattern, which keeps a bot's whole turn to a few milliseconds.
A joker brings the hand one card closer, whatever it lacks.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .tiles import JOKER

Block = tuple[int, int, int]  # (complete sets, partial sets, pair 0/1)
FAR = 99


def _pareto(options: set[Block]) -> tuple[Block, ...]:
    """Drop splits another split beats on every count. Only splits with the same pair flag
    are compared: a split without a pair still matters when another suit holds the pair."""
    kept: list[Block] = []
    for a in sorted(options, reverse=True):
        if not any(b[2] == a[2] and b[0] >= a[0] and b[1] >= a[1] for b in kept):
            kept.append(a)
    return tuple(kept)


@lru_cache(maxsize=1 << 16)
def suit_blocks(counts: tuple[int, ...]) -> tuple[Block, ...]:
    """The best splits of one suit's nine counts into sets, partial sets and a pair."""
    c = list(counts)
    found: set[Block] = set()

    def split(i: int, m: int, t: int, p: int) -> None:
        while i < 9 and not c[i]:
            i += 1
        if i == 9:
            found.add((m, t, p))
            return
        if c[i] >= 3:
            c[i] -= 3
            split(i, m + 1, t, p)
            c[i] += 3
        if i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            split(i, m + 1, t, p)
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
        if c[i] >= 2:
            c[i] -= 2
            if not p:
                split(i, m, t, 1)
            split(i, m, t + 1, p)
            c[i] += 2
        for gap in (1, 2):
            if i + gap <= 8 and c[i + gap]:
                c[i] -= 1
                c[i + gap] -= 1
                split(i, m, t + 1, p)
                c[i] += 1
                c[i + gap] += 1
        c[i] -= 1  # the card stays on its own
        split(i, m, t, p)
        c[i] += 1

    split(0, 0, 0, 0)
    return _pareto(found)


def standard_distance(counts: Sequence[int], jokers: int, need: int) -> int:
    """Distance to four sets and a pair, with `need` sets still to make in hand."""
    # Honours make no sequences: each kind is a triplet, a pair (the pair or a partial
    # set) or nothing useful.
    honour_sets = honour_pairs = 0
    for t in range(27, 34):
        if counts[t] >= 3:
            honour_sets += 1
        elif counts[t] == 2:
            honour_pairs += 1
    best = FAR
    for m0, t0, p0 in suit_blocks(tuple(counts[0:9])):
        for m1, t1, p1 in suit_blocks(tuple(counts[9:18])):
            if p0 and p1:
                continue
            for m2, t2, p2 in suit_blocks(tuple(counts[18:27])):
                if p2 and (p0 or p1):
                    continue
                m = min(m0 + m1 + m2 + honour_sets, need)
                t = t0 + t1 + t2 + honour_pairs
                p = p0 | p1 | p2
                if honour_pairs and not p:
                    # One honour pair may be the pair instead of a partial set.
                    best = min(best, 2 * need - 2 * m - min(t - 1, need - m) - 1)
                best = min(best, 2 * need - 2 * m - min(t, need - m) - p)
    return max(best - jokers, -1)


@lru_cache(maxsize=1 << 14)
def _widest_spread(suit: tuple[int, ...]) -> int:
    """Most ranks held in one suit that sit at least 3 apart, as nothing-connects needs."""
    ranks = [r for r in range(9) if suit[r]]
    best = 0
    for pick in range(1 << len(ranks)):
        chosen = [r for k, r in enumerate(ranks) if pick >> k & 1]
        if all(b - a >= 3 for a, b in zip(chosen, chosen[1:], strict=False)):
            best = max(best, len(chosen))
    return best


def nothing_connects_distance(counts: Sequence[int], jokers: int) -> int:
    fitting = sum(1 for t in range(27, 34) if counts[t])
    fitting += _widest_spread(tuple(counts[0:9]))
    fitting += _widest_spread(tuple(counts[9:18]))
    fitting += _widest_spread(tuple(counts[18:27]))
    return max(13 - fitting - jokers, -1)


def distance(tiles: Sequence[int], sets_needed: int) -> int:
    """Distance to Mhing of concealed `tiles` (jokers included) with `sets_needed` sets
    still to make (4 minus the exposed sets). Nothing-connects only with no exposed set."""
    return _distance(tuple(sorted(tiles)), sets_needed)


@lru_cache(maxsize=1 << 16)
def _distance(tiles: tuple[int, ...], sets_needed: int) -> int:
    # Cached: a player's hand stays the same from one claim window to the next, and the
    # bot and the engine ask about it at every discard.
    counts = [0] * 35
    for t in tiles:
        counts[t] += 1
    jokers = counts[JOKER]
    best = standard_distance(counts, jokers, sets_needed)
    # Nothing-connects needs 14 different cards: skip it when the different cards held
    # could not beat the standard reading anyway.
    if sets_needed == 4 and best > -1 and 13 - (35 - counts.count(0)) - jokers < best:
        best = min(best, nothing_connects_distance(counts, jokers))
    return best
