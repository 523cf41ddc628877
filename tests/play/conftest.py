"""Helpers for the play tests: rounds dealt from hands written in the notation of RULES.md §1."""

from __future__ import annotations

import re
from collections import Counter

from games.play.actions import Pass
from games.play.round import apply, new_round
from games.play.state import RoundState
from games.play.tiles import DECK_COUNTS, FLOWER, JOKER, parse_tile


def tiles(text: str) -> list[int]:
    """Cards in notation, in the order written: `123b RdRd J F` (a joker `J`, a flower `F`)."""
    out: list[int] = []
    for token in text.split():
        run = re.fullmatch(r"([1-9]+)([bck])", token, re.IGNORECASE)
        if run:
            out.extend(parse_tile(d + run.group(2)) for d in run.group(1))
        elif re.fullmatch(r"(?:[eswn]w|[rgw]d|j|f)+", token, re.IGNORECASE):
            out.extend(parse_tile(p) for p in re.findall(r"[eswn]w|[rgw]d|j|f", token, re.I))
        else:
            raise ValueError(f"not a card token: {token}")
    return out


def rigged_wall(hands: list[str], draws: str = "", dealer: int = 0) -> list[int]:
    """A wall that deals `hands[seat]` to each seat and then yields `draws` in order (the
    flower replacements in turn order from the dealer, then the dealer's first draw, ...);
    every other card follows in a fixed order."""
    players = len(hands)
    order = [(dealer + i) % players for i in range(players)]
    wall: list[int] = []
    for seat in order:
        dealt = tiles(hands[seat])
        assert len(dealt) == 13, f"seat {seat} is dealt {len(dealt)} cards, not 13"
        wall.extend(dealt)
    wall.extend(tiles(draws))
    left = Counter(dict(enumerate(DECK_COUNTS)))
    left.subtract(wall)
    assert min(left.values()) >= 0, "more copies than the deck holds"
    # Flowers and jokers last, so that a test's stock does not surprise it with them.
    rest = sorted(left.elements(), key=lambda t: (t in (FLOWER, JOKER), t))
    return wall + rest


def rigged(hands: list[str], draws: str = "", dealer: int = 0) -> RoundState:
    state, _ = new_round(len(hands), dealer, wall=rigged_wall(hands, draws, dealer))
    return state


def all_pass(state: RoundState, *, but: tuple[int, ...] = ()) -> RoundState:
    """Every seat still to answer the open discard passes (except those in `but`)."""
    for seat in range(state.players):
        if seat != state.turn and state.answers[seat] is None and seat not in but:
            state, _ = apply(state, seat, Pass())
    return state
