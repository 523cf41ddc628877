"""Sets (sequences and triplets) as small integer ids, with their cards precomputed.

The arrangement search and the combination counting run thousands of times per hand, so a
set is an `int`: a triplet of card t is `t` (0..33), a sequence starting at suit card t is
`SEQ_BASE + t`. Callers see sets as groups of `Card`s (`score.Group`).
"""

from __future__ import annotations

from .cards import KINDS, SUIT_TILES

SEQ_BASE = KINDS


def is_sequence_start(tile: int) -> bool:
    """A sequence may start at ranks 1-7 of a suit: no wrap-around 8-9-1 (RULES.md §2)."""
    return tile < SUIT_TILES and tile % 9 <= 6


TRIPLET_IDS = tuple(range(KINDS))
SEQUENCE_IDS = tuple(SEQ_BASE + t for t in range(SUIT_TILES) if is_sequence_start(t))
ALL_SET_IDS = TRIPLET_IDS + SEQUENCE_IDS


def set_cards(set_id: int) -> tuple[int, int, int]:
    if set_id >= SEQ_BASE:
        t = set_id - SEQ_BASE
        return (t, t + 1, t + 2)
    return (set_id, set_id, set_id)


_sets_containing: dict[tuple[int, ...], tuple[int, ...]] = {}


def sets_containing(tiles: list[int]) -> tuple[int, ...]:
    """Ids of every set whose cards include the given cards (the rest to be filled by jokers).

    `tiles` holds the real cards of a partly-joker set; the result is what the jokers can
    make of it, in id order. Cached: there are only a few thousand possible inputs.
    """
    key = tuple(sorted(tiles))
    found = _sets_containing.get(key)
    if found is None:
        found = tuple(s for s in ALL_SET_IDS if _holds(set_cards(s), key))
        _sets_containing[key] = found
    return found


def _holds(cards: tuple[int, ...], tiles: tuple[int, ...]) -> bool:
    remaining = list(cards)
    for t in tiles:
        if t not in remaining:
            return False
        remaining.remove(t)
    return True
