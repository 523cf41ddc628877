"""Mah-Jongg bots: `choose_action(view, seat, rng)` picks one of `view["actions"]` from what
that seat may see (`view_for(state, seat)`), never a hidden tile.

Plain, reasonable play: call Mah-Jongg whenever it may; declare every kan; claim a pon or kan
of honours, and any other claim only when it brings the hand closer to Mah-Jongg; discard
the tile that leaves the hand closest (`games.play.distance`'s block count over sets,
partial sets and the pair, or seven pairs), keeping pairs and honour pairs, lone honours and
terminals first.
"""

from __future__ import annotations

import random
from typing import Any

from games.play.distance import standard_distance

from .actions import Action, action_from_dict
from .tiles import parse_tile, tile_code

KINDS = 34


def _counts(tiles: list[int]) -> list[int]:
    counts = [0] * KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts


def hand_distance(tiles: list[int], need: int) -> int:
    """Tiles to exchange before the hand waits on one tile; -1: it wins."""
    counts = _counts(tiles)
    best = standard_distance(counts, 0, need)
    if need == 4:  # nothing laid out: seven different pairs may be nearer
        best = min(best, 6 - sum(1 for c in counts if c >= 2))
    return best


def _isolation(tile: int, counts: list[int]) -> float:
    """How little a tile connects: higher is a better discard."""
    if counts[tile] >= 2:
        return -2.0
    if tile >= 27:
        return 2.0
    rank = tile % 9
    near = sum(
        counts[t]
        for t in (tile - 2, tile - 1, tile + 1, tile + 2)
        if 0 <= t < 27 and t // 9 == tile // 9
    )
    edge = 0.5 if rank in (0, 8) else 0.0
    return edge - near


def _best_discard(hand: list[int], need: int, rng: random.Random) -> tuple[int, int]:
    counts = _counts(hand)
    scored = []
    for tile in sorted(set(hand)):
        rest = list(hand)
        rest.remove(tile)
        scored.append((hand_distance(rest, need), -_isolation(tile, counts), rng.random(), tile))
    best = min(scored)
    return best[3], best[0]


def choose_action(view: dict[str, Any], seat: int, rng: random.Random) -> Action:
    actions = view["actions"]
    types = {a["type"]: a for a in actions}
    for winning in ("mahjongg", "claim_mahjongg"):
        if winning in types:
            return action_from_dict(types[winning])
    me = view["seats"][seat]
    hand = [parse_tile(t) for t in me["hand"]]
    need = 4 - len(me["melds"])
    if view["phase"] == "discard":
        for kan in ("declare_kan", "add_kan"):
            if kan in types:
                return action_from_dict(types[kan])
        tile, _ = _best_discard(hand, need, rng)
        return action_from_dict({"type": "discard", "tile": tile_code(tile)})
    # A claim window: the discard lies open.
    tile = parse_tile(view["claims"]["tile"])
    now = hand_distance(hand, need)
    choices: list[tuple[int, dict[str, Any]]] = []
    for action in actions:
        kind = action["type"]
        if kind == "pass":
            continue
        if kind in ("claim_pon", "claim_kan") and tile >= 27:
            return action_from_dict(action)  # honour pons and kans score well
        used = (
            [parse_tile(t) for t in action["tiles"]]
            if kind == "claim_chi"
            else [tile] * (2 if kind == "claim_pon" else 3)
        )
        rest = list(hand)
        for t in used:
            rest.remove(t)
        if kind == "claim_kan":
            after = hand_distance(rest, need - 1)  # a replacement comes, then a discard
        else:
            after = _best_discard(rest, need - 1, rng)[1] if rest else -1
        if after < now:
            choices.append((after, action))
    if choices:
        return action_from_dict(min(choices, key=lambda c: c[0])[1])
    return action_from_dict({"type": "pass"})
