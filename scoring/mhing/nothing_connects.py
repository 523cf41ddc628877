"""The nothing-connects hand (RULES.md §2): 14 different cards, same-suit ranks 3 or more apart.

Jokers may be used; they fill in cards the hand lacks. With all seven honours it is worth
8 credits instead of 3, so the jokers go to missing honours first.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import HAND_SIZE, KINDS, SUIT_TILES

_MIN_GAP = 3  # 1-4-7 is allowed, 1-3 is not


def _spread(ranks: list[int]) -> bool:
    ordered = sorted(ranks)
    return all(b - a >= _MIN_GAP for a, b in zip(ordered, ordered[1:], strict=False))


# Every allowed set of ranks within one suit, largest first: at most three (1-4-7 ... 3-6-9).
_SPREAD_RANK_SETS = sorted(
    (
        frozenset(r for r in range(9) if mask >> r & 1)
        for mask in range(1 << 9)
        if _spread([r for r in range(9) if mask >> r & 1])
    ),
    key=lambda ranks: (-len(ranks), sorted(ranks)),
)


@dataclass(frozen=True)
class NothingConnects:
    with_honours: bool
    cards: tuple[int, ...]  # all 14, sorted
    joker_cards: tuple[int, ...]  # what the jokers stand for


def best_nothing_connects(counts: list[int], jokers: int) -> NothingConnects | None:
    """The best nothing-connects reading of concealed cards plus jokers, or None."""
    if max(counts) > 1:
        return None
    real = [t for t in range(KINDS) if counts[t]]
    per_suit: list[list[int]] = [[t % 9 for t in real if t // 9 == s] for s in range(3)]
    if not all(_spread(ranks) for ranks in per_suit):
        return None

    # For each suit, the most ranks it can hold with the ones it has: the extra ranks.
    extra_ranks: list[list[int]] = []
    for s, have in enumerate(per_suit):
        widest = next(r for r in _SPREAD_RANK_SETS if r.issuperset(have))
        extra_ranks.append([s * 9 + r for r in sorted(widest - set(have))])
    spare_suit_cards = [t for tiles in extra_ranks for t in tiles]
    missing_honours = [t for t in range(SUIT_TILES, KINDS) if not counts[t]]

    if len(real) + jokers != HAND_SIZE or jokers > len(missing_honours) + len(spare_suit_cards):
        return None
    with_honours = jokers >= len(missing_honours)
    fill = (missing_honours + spare_suit_cards)[:jokers]
    return NothingConnects(with_honours, tuple(sorted(real + fill)), tuple(fill))
