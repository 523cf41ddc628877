"""The peer of `python -m benchmarks.scoring`: the `mahjong` library's riichi scorer (a dev extra),
on the benchmark's jokerless hands, converted to its tiles."""

from __future__ import annotations

import random
from collections.abc import Sequence
from importlib import metadata
from typing import Any

from scoring.mhing import Card, Hand

# Our card index -> the peer's suit and rank. Bamboo is sou, circles pin, characters man;
# the winds keep their order (1-4); the peer's honours 5-7 are haku, hatsu, chun, that is the
# white, green and red dragons.
_PEER_HONOURS = {
    Card.EAST: 1,
    Card.SOUTH: 2,
    Card.WEST: 3,
    Card.NORTH: 4,
    Card.WHITE: 5,
    Card.GREEN: 6,
    Card.RED: 7,
}


def peer_tiles(hand: Hand) -> dict[str, str]:
    """The hand as the peer's `TilesConverter.string_to_136_array` arguments.

    Exposed sets are taken as concealed: the peer's open hands need a yaku, which most
    random hands lack, so they would fail instead of being scored; a closed self-drawn hand
    always has menzen tsumo. The peer so does the full search on all 14 tiles, as ours does
    on a hand without exposed sets. Flowers have no riichi equivalent and are left out.
    """
    cards = list(hand.concealed) + [c for s in hand.exposed for c in s.cards]
    if hand.total_jokers:
        raise ValueError("the peer has no jokers")
    digits = {"sou": "", "pin": "", "man": "", "honors": ""}
    for card in sorted(cards):
        if card.is_honour:
            digits["honors"] += str(_PEER_HONOURS[card])
        else:
            name = {"b": "sou", "c": "pin", "k": "man"}[card.suit.value]
            digits[name] += str(card.rank)
    return digits


def load_peer() -> tuple[Any, str] | None:
    """(score one peer hand, version), or None when `mahjong` is not installed."""
    try:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig
    except ImportError:
        return None
    calculator = HandCalculator()
    config = HandConfig(is_tsumo=True)

    def score(item: tuple[list[int], int]) -> Any:
        tiles, win_tile = item
        return calculator.estimate_hand_value(tiles, win_tile, config=config)

    return score, metadata.version("mahjong")


def peer_corpus(hands: Sequence[Any], seed: int) -> list[tuple[list[int], int]]:
    """(136-array, winning tile) for each jokerless hand (`bench.BenchHand`); the winning
    tile drawn at random."""
    from mahjong.tile import TilesConverter

    rng = random.Random(f"peer {seed}")
    items = []
    for bench_hand in hands:
        tiles = TilesConverter.string_to_136_array(**peer_tiles(bench_hand.hand))
        items.append((tiles, rng.choice(tiles)))
    return items
