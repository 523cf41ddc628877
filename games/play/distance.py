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


_HONOUR_BLOCKS: dict[int, tuple[Block, ...]] = {
    0: ((0, 0, 0),),
    1: ((0, 0, 0),),
    2: ((0, 1, 0), (0, 0, 1)),
    3: ((1, 0, 0),),
    4: ((1, 0, 0),),
}


def standard_distance(counts: Sequence[int], jokers: int, need: int) -> int:
    """Distance to four sets and a pair, with `need` sets still to make in hand."""
    states: set[Block] = {(0, 0, 0)}
    blocks = [suit_blocks(tuple(counts[s * 9 : s * 9 + 9])) for s in range(3)]
    blocks.extend(_HONOUR_BLOCKS[min(counts[t], 4)] for t in range(27, 34) if counts[t] >= 2)
    for options in blocks:
        states = {
            (min(m + a, need), min(t + b, 2 * need), p | q)
            for m, t, p in states
            for a, b, q in options
            if not (p and q)
        }
    best = FAR
    for m, t, p in states:
        t = min(t, need - m)
        best = min(best, 2 * need - 2 * m - t - p)
    return max(best - jokers, -1)


@lru_cache(maxsize=512)
def _widest_spread(mask: int) -> int:
    """Most ranks of one suit (bit mask) that sit at least 3 apart, as nothing-connects needs."""
    ranks = [r for r in range(9) if mask >> r & 1]
    best = 0
    for pick in range(1 << len(ranks)):
        chosen = [r for k, r in enumerate(ranks) if pick >> k & 1]
        if all(b - a >= 3 for a, b in zip(chosen, chosen[1:], strict=False)):
            best = max(best, len(chosen))
    return best


def nothing_connects_distance(counts: Sequence[int], jokers: int) -> int:
    fitting = sum(1 for t in range(27, 34) if counts[t])
    for s in range(3):
        mask = sum(1 << r for r in range(9) if counts[s * 9 + r])
        fitting += _widest_spread(mask)
    return max(13 - fitting - jokers, -1)


def distance(tiles: Sequence[int], sets_needed: int) -> int:
    """Distance to Mhing of concealed `tiles` (jokers included) with `sets_needed` sets
    still to make (4 minus the exposed sets). Nothing-connects only with no exposed set."""
    counts = [0] * 35
    for t in tiles:
        counts[t] += 1
    jokers = counts[JOKER]
    best = standard_distance(counts, jokers, sets_needed)
    if sets_needed == 4:
        best = min(best, nothing_connects_distance(counts, jokers))
    return best
