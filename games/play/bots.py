"""Bots: `choose_action(view, seat, rng)` picks a legal, sensible action for one seat.

A bot decides from the seat's view (`view_for(state, seat)`) and nothing else, so it can
run in a server against the same per-seat dict a browser gets: it never sees a hidden card.
It only ever picks from the view's `actions`, so it cannot make an illegal move.

How it plays:
* Mhing whenever it may (self-drawn or by claim): a win, even a 0-credit one, ends the round.
* Discards the card whose loss leaves the hand closest to Mhing (`distance.py`); between
  equal cards, the least connected (honours and terminals alone first), and off-suit cards
  when the hand leans to one suit (one suit only: 8 credits).
* Once one card away, it keeps the wait that wins most: points of each winning card,
  weighted by how many of that card are still unseen.
* Claims a set only when that brings the hand closer to Mhing than passing.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .actions import (
    Action,
    ClaimMhing,
    ClaimSequence,
    ClaimTriplet,
    DeclareMhing,
    Discard,
    Pass,
    action_from_dict,
)
from .claims import winning_score
from .distance import distance
from .state import RoundState
from .tiles import JOKER, Tile, is_suit_card, parse_tile, rank_of, suit_of
from .views import view_for

_TENPAI_CANDIDATES = 4  # discards compared by their waits, when several leave the hand ready


class _Seen:
    """What the seat knows: its own hand, and every card lying open on the table."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        me = view["seats"][seat]
        self.hand: list[Tile] = [parse_tile(c) for c in me["hand"]]
        self.exposed: tuple[tuple[Tile, ...], ...] = tuple(
            tuple(parse_tile(c) for c in m["cards"]) for m in me["exposed"]
        )
        self.flowers: int = me["flowers"]
        self.need = 4 - len(self.exposed)
        visible = Counter(self.hand)
        for player in view["seats"]:
            visible.update(parse_tile(c) for c in player["discards"])
            for meld in player["exposed"]:
                visible.update(parse_tile(c) for c in meld["cards"])
        self.visible = visible
        # The suit the hand leans to, counting exposed sets: worth keeping for one suit.
        suits = Counter(suit_of(t) for t in self.hand if is_suit_card(t))
        for tiles in self.exposed:
            suits.update(suit_of(t) for t in tiles if is_suit_card(t))
        self.main_suit, self.main_count = suits.most_common(1)[0] if suits else (None, 0)

    def unseen(self, tile: Tile) -> int:
        return max(4 - self.visible[tile], 0)


def _keep_value(tile: Tile, rest: list[Tile], seen: _Seen) -> float:
    """How much a card is worth keeping beside the rest of the hand: lower goes first."""
    if tile == JOKER:
        return 100.0
    copies = rest.count(tile)
    value = 3.0 * copies
    if not is_suit_card(tile):
        return value - (0.5 if seen.unseen(tile) == 0 else 0.0)
    rank = rank_of(tile)
    for other in rest:
        if other != tile and is_suit_card(other) and suit_of(other) == suit_of(tile):
            gap = abs(rank_of(other) - rank)
            value += 2.0 if gap == 1 else 1.0 if gap == 2 else 0.0
    value += 0.5 if 1 <= rank <= 7 else 0.0  # a middle card joins more sequences
    if seen.main_count >= 8 and suit_of(tile) != seen.main_suit:
        value -= 2.5
    return value


def _wait_value(rest: list[Tile], seen: _Seen) -> float:
    """Points the ready hand can win, each winning card weighted by its unseen copies."""
    total = 0.0
    for card in range(JOKER):
        live = seen.unseen(card)
        if not live:
            continue
        score = winning_score((*rest, card), seen.exposed, seen.flowers)
        if score is not None:
            total += live * (1 + score.points)
    return total


def _best_discard(hand: list[Tile], need: int, seen: _Seen, rng: random.Random) -> Tile:
    ranked = []
    for tile in sorted(set(hand)):
        rest = list(hand)
        rest.remove(tile)
        ranked.append((distance(rest, need), _keep_value(tile, rest, seen), rng.random(), tile))
    ranked.sort()
    ready = [r for r in ranked if r[0] == 0][:_TENPAI_CANDIDATES]
    if len(ready) > 1 and need == seen.need:
        waits = []
        for entry in ready:
            rest = list(hand)
            rest.remove(entry[3])
            waits.append((-_wait_value(rest, seen), entry))
        waits.sort()
        return waits[0][1][3]
    return ranked[0][3]


def _claim_gain(claim: ClaimSequence | ClaimTriplet, seen: _Seen) -> int:
    """The distance after claiming (and then discarding the best card)."""
    rest = list(seen.hand)
    for tile in claim.cards:
        rest.remove(tile)
    need = seen.need - 1
    if not rest:
        return 99
    return min(distance(rest[:i] + rest[i + 1 :], need) for i in range(len(rest)))


def choose_action(
    view_or_state: dict[str, Any] | RoundState, seat: int, rng: random.Random
) -> Action:
    """A legal action for `seat`, chosen from what the seat's view shows.

    Give the seat's view (`view_for(state, seat)`); a `RoundState` is turned into that view
    first, so even then the bot sees only what the seat sees."""
    view = view_for(view_or_state, seat) if isinstance(view_or_state, RoundState) else view_or_state
    actions = [action_from_dict(a) for a in view["actions"]]
    if not actions:
        raise ValueError(f"seat {seat} has nothing to do now")
    for action in actions:
        if isinstance(action, (DeclareMhing, ClaimMhing)):
            return action
    seen = _Seen(view, seat)
    if view["phase"] == "discard":
        tile = _best_discard(seen.hand, seen.need, seen, rng)
        return Discard(tile)
    # A claim window: claim a set only if it brings Mhing closer than passing does.
    now = distance(seen.hand, seen.need)
    best: tuple[int, int, Action] | None = None
    tried: set[tuple[type, tuple[int, ...]]] = set()
    for action in actions:
        if not isinstance(action, (ClaimSequence, ClaimTriplet)):
            continue
        # A discarded joker named differently still exposes the same cards: try each once.
        key = (type(action), action.cards)
        if key in tried:
            continue
        tried.add(key)
        # A joker in an exposed set is spent for good: claim with one only when the claim
        # gains more than the joker would anywhere else (one step each).
        after = _claim_gain(action, seen) + action.cards.count(JOKER)
        rank = (after, 0 if isinstance(action, ClaimTriplet) else 1, action)
        if after < now and (best is None or rank[:2] < best[:2]):
            best = rank
    return best[2] if best is not None else Pass()
