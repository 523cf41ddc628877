"""One set of tiles at one table (MAHJONGG.md §1.1): the hands of one game together hold at
most four of any tile and one of each bonus tile. Each line alone may be valid (a `[RdRdRd]`
in every hand) while no table could have dealt them together, so a game's hands are checked
as a whole where they are settled (`match.play_game`, which a league's game form, its import
and the live table's end of game all go through)."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import OneSetExceeded
from .hand import Hand
from .tiles import COPIES_PER_CARD, KINDS, TILES


def check_one_set(hands: Sequence[Hand | None]) -> None:
    """Raise `OneSetExceeded` for the first tile (in tile order, then the bonus tiles) the
    hands hold more of than one set has, with every other such tile in its `also` (a game
    stored before 2026-11-28 is reported whole: one correction, not one per tile); `None`
    stands for a hand not given."""
    counts = [0] * KINDS
    holders: list[set[int]] = [set() for _ in range(KINDS)]
    bonus: dict = {}
    for index, hand in enumerate(hands):
        if hand is None:
            continue
        for tile in hand.all_tiles():
            counts[tile] += 1
            holders[tile].add(index)
        for tile in hand.bonus:
            bonus.setdefault(tile, []).append(index)
    found = [
        OneSetExceeded(TILES[tile], counts[tile], tuple(sorted(holders[tile])))
        for tile in range(KINDS)
        if counts[tile] > COPIES_PER_CARD
    ]
    found += [
        OneSetExceeded(tile, len(bonus[tile]), tuple(sorted(set(bonus[tile]))))
        for tile in sorted(bonus)
        if len(bonus[tile]) > 1
    ]
    if found:
        raise OneSetExceeded(found[0].tile, found[0].count, found[0].hands, also=tuple(found[1:]))
