"""Does a hand form Mah-Jongg (MAHJONGG.md §2.2)? A quick yes or no for the engine's legal
moves; the score itself always comes from `scoring.mahjongg` (which agrees: a test plays
many games and every hand the engine let call Mah-Jongg scores there).

Four sets and a pair (sets laid out count as they lie; the concealed tiles split into the
rest and exactly one pair), seven different pairs, or thirteen orphans (nothing laid out
for either). Nine gates is a standard hand and needs no test of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from scoring.mahjongg.tiles import KINDS, SUIT_TILES

ORPHANS = (0, 8, 9, 17, 18, 26, *range(SUIT_TILES, KINDS))


def is_mahjongg(concealed: Sequence[int], melds: int) -> bool:
    """`concealed`: the tiles in hand (the winning tile among them); `melds`: sets laid out."""
    counts = [0] * KINDS
    for tile in concealed:
        counts[tile] += 1
    return _winning(tuple(counts), melds)


@lru_cache(maxsize=1 << 16)
def _winning(counts: tuple[int, ...], melds: int) -> bool:
    total = sum(counts)
    if total != 3 * (4 - melds) + 2:
        return False
    if melds == 0 and (_seven_pairs(counts) or _orphans(counts)):
        return True
    work = list(counts)
    for pair in range(KINDS):
        if work[pair] >= 2:
            work[pair] -= 2
            if _sets(work, 0):
                return True
            work[pair] += 2
    return False


def _seven_pairs(counts: tuple[int, ...]) -> bool:
    # [ruling] §2.2: seven different pairs; four alike are no two pairs.
    return sum(1 for c in counts if c == 2) == 7


def _orphans(counts: tuple[int, ...]) -> bool:
    return all(counts[t] >= 1 for t in ORPHANS) and sum(counts[t] for t in ORPHANS) == 14


def _sets(work: list[int], start: int) -> bool:
    """Whether the counts split into pons and chis entirely."""
    i = start
    while i < KINDS and not work[i]:
        i += 1
    if i == KINDS:
        return True
    if work[i] >= 3:
        work[i] -= 3
        ok = _sets(work, i)
        work[i] += 3
        if ok:
            return True
    if i < SUIT_TILES and i % 9 <= 6 and work[i + 1] and work[i + 2]:
        for t in (i, i + 1, i + 2):
            work[t] -= 1
        ok = _sets(work, i)
        for t in (i, i + 1, i + 2):
            work[t] += 1
        return ok
    return False
