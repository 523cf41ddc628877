"""Bots: legal, sensible moves from what the seat's view shows, and nothing more."""

from __future__ import annotations

import random

from games.play.actions import ClaimMhing, ClaimTriplet, DeclareMhing, Discard, Pass
from games.play.autoplay import play_match, play_round
from games.play.bots import choose_action
from games.play.round import apply, legal_actions, new_round
from games.play.state import Phase
from games.play.tiles import parse_tile
from games.play.views import view_for

from .conftest import rigged

HANDS = [
    "123c 456c 789c 11k 2k 5b",
    "46b 99k RdRd GdGd WdWd Ew Sw Nw",
    "55b 88k 77k 66k EwEw SwSw Nw",
    "123b 789b 444k 555k 5b",
]
OTHERS = ["111k 222k 333k 444k Ew", "555k 666k 777k 888k Sw", "RdRdRd GdGdGd WdWdWd EwEw SwSw"]
B5 = parse_tile("5b")


def bot(state: object, seat: int) -> object:
    return choose_action(view_for(state, seat), seat, random.Random(0))


def test_the_bot_declares_a_self_drawn_mhing() -> None:
    state = rigged(["123b 456b 789b 123c 9c", *OTHERS], draws="9c")

    assert bot(state, 0) == DeclareMhing()


def test_the_bot_always_claims_mhing_when_it_can() -> None:
    state, _ = apply(rigged(HANDS, draws="Nw"), 0, Discard(B5))

    assert bot(state, 3) == ClaimMhing()


def test_the_bot_claims_a_set_that_brings_it_closer_to_mhing() -> None:
    state, _ = apply(rigged(HANDS, draws="Nw"), 0, Discard(B5))

    assert bot(state, 2) == ClaimTriplet((B5, B5))


def test_the_bot_passes_when_a_claim_would_spoil_its_hand() -> None:
    # Seat 1 is one card from nothing-connects: a sequence 1b 2b 3b would ruin it.
    hands = ["123c 456c 789c 11k 2k 2b", "147b 258c 369k EwSw Rd 3b", *OTHERS[1:]]
    state, _ = apply(rigged(hands, draws="Nw"), 0, Discard(parse_tile("2b")))

    assert any(not isinstance(a, Pass) for a in legal_actions(state, 1))
    assert bot(state, 1) == Pass()


def test_the_bot_discards_a_lone_honour_before_connected_cards() -> None:
    state = rigged(["123b 456b 789b 11c 23c", *OTHERS], draws="Nw")

    assert bot(state, 0) == Discard(parse_tile("Nw"))


def test_the_bot_decides_from_the_seats_view_alone() -> None:
    state, _ = new_round(4, 0, seed=3)
    view = view_for(state, 0)

    assert all(view["seats"][s]["hand"] is None for s in (1, 2, 3))
    assert choose_action(view, 0, random.Random(1)) == choose_action(state, 0, random.Random(1))


def test_bots_play_a_round_to_its_end_with_legal_moves_only() -> None:
    for players in range(2, 7):
        state, _ = new_round(players, 0, seed=players)
        state, moves = play_round(state, random.Random(players))
        assert state.phase is Phase.OVER and moves > 0


def test_bots_play_a_whole_match_the_same_way_from_the_same_seed() -> None:
    first = play_match(3, seed=9, target=100)
    again = play_match(3, seed=9, target=100)

    assert first.match.finished and first.match.winner is not None
    assert max(first.match.totals) >= 100
    assert first.match == again.match and first.moves == again.moves
