"""Helpers for the Mah-Jongg table's tests: games dealt from hands written in the notation of
MAHJONGG.md §1.2, and bot-played games."""

from __future__ import annotations

import random
import re
from collections import Counter

from games.play.mahjongg.actions import CloseClaims
from games.play.mahjongg.bots import choose_action
from games.play.mahjongg.engine import apply, awaiting, new_game
from games.play.mahjongg.state import GameState, Phase
from games.play.mahjongg.tiles import full_set, parse_tile
from games.play.mahjongg.views import view_for
from scoring.mahjongg.profile import Profile

PLAIN = Profile(bonus_tiles=False)


def tiles(text: str) -> list[int]:
    """Tiles in notation, in the order written: `123b RdRd F1`."""
    out: list[int] = []
    for token in text.split():
        run = re.fullmatch(r"([1-9]+)([bck])", token, re.IGNORECASE)
        if run:
            out.extend(parse_tile(d + run.group(2)) for d in run.group(1))
        elif re.fullmatch(r"(?:[eswn]w|[rgw]d|[fs][1-4])+", token, re.IGNORECASE):
            out.extend(parse_tile(p) for p in re.findall(r"[eswn]w|[rgw]d|[fs][1-4]", token, re.I))
        else:
            raise ValueError(f"not a tile token: {token}")
    return out


def rigged_wall(
    hands: list[str],
    draws: str = "",
    replacements: str = "",
    profile: Profile = PLAIN,
    dealer: int = 0,
) -> list[int]:
    """A wall (in the engine's order) that deals `hands[seat]` to each seat (the dealer's
    with 14 tiles), then yields `draws` from the live wall's front and `replacements` from
    the back (the dead wall), the rest of the set in between."""
    players = profile.players
    dealt = [tiles(h) for h in hands]
    sizes = [14 if seat == dealer else 13 for seat in range(players)]
    assert [len(d) for d in dealt] == sizes, "the dealer holds 14 tiles, the others 13"
    order = [(dealer + i) % players for i in range(players)]
    front: list[int] = []
    taken = [0] * players
    for _ in range(3):
        for seat in order:
            front.extend(dealt[seat][taken[seat] : taken[seat] + 4])
            taken[seat] += 4
    for seat in order:
        n = 2 if seat == dealer else 1
        front.extend(dealt[seat][taken[seat] : taken[seat] + n])
        taken[seat] += n
    front.extend(tiles(draws))
    back = list(reversed(tiles(replacements)))
    rest = Counter(full_set(profile.bonus_tiles))
    rest.subtract(Counter(front + back))
    assert min(rest.values()) >= 0, "more of a tile than one set holds"
    return front + sorted(rest.elements()) + back


def rigged(
    hands: list[str],
    draws: str = "",
    replacements: str = "",
    profile: Profile = PLAIN,
    dead: int = 16,
) -> GameState:
    wall = rigged_wall(hands, draws, replacements, profile)
    state, _ = new_game(profile, wall=wall, dead=dead)
    return state


def played(profile: Profile, seed: int | str, close_now_and_then: bool = True) -> list[GameState]:
    """Every state of one bot-played game, from the deal to its end."""
    rng = random.Random(f"test:{seed}")
    state, _ = new_game(profile, seed=seed)
    states = [state]
    while state.phase is not Phase.OVER:
        if close_now_and_then and state.phase is Phase.CLAIMS and rng.random() < 0.05:
            state, _ = apply(state, None, CloseClaims())
        else:
            seat = awaiting(state)[0]
            state, _ = apply(state, seat, choose_action(view_for(state, seat), seat, rng))
        states.append(state)
    return states


def tile_count(state: GameState) -> Counter[int]:
    """Every tile accounted for: the walls, the hands, sets, bonus tiles and discards."""
    counts = Counter(state.wall[state.front : state.back])
    for seat in state.seats:
        counts.update(seat.concealed)
        counts.update(seat.bonus)
        counts.update(seat.discards)
        for meld in seat.melds:
            counts.update(meld.tiles)
    return counts


def t(name: str) -> int:
    return parse_tile(name)


def all_pass(state: GameState) -> GameState:
    """Every seat still to answer the open discard passes."""
    from games.play.mahjongg.actions import Pass

    while state.phase is Phase.CLAIMS:
        state, _ = apply(state, awaiting(state)[0], Pass())
    return state


def discard(state: GameState, name: str | None = None) -> GameState:
    """The player on turn discards `name` (default: the tile just drawn, else the last)."""
    from games.play.mahjongg.actions import Discard

    seat = state.turn
    tile = t(name) if name else (state.drawn or state.seats[seat].concealed[-1])
    state, _ = apply(state, seat, Discard(tile))
    return state
