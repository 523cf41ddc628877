"""RULES.md §5 [ruling]: when the stock is empty and the last discard goes unclaimed, the
round is a draw; a claim on the last discard still plays on."""

from __future__ import annotations

from games.play.actions import ClaimMhing, ClaimTriplet, DeclareMhing, Discard, Pass
from games.play.events import DiscardDead, FlowersLaidOut, RoundEnded
from games.play.round import apply, legal_actions
from games.play.state import Outcome, Phase, RoundState
from games.play.tiles import FLOWER, parse_tile

from .conftest import all_pass, rigged

HANDS = [
    "123c 456c 789c 11k 2k 5b",
    "46b 99k RdRd GdGd WdWd Ew Sw Nw",
    "55b 88k 77k 66k EwEw SwSw Nw",
    "123b 789b 444k 555k 5b",
]
B5 = parse_tile("5b")


def with_empty_stock(state: RoundState) -> RoundState:
    """The same table with every card of the stock already drawn."""
    return state.evolve(taken=len(state.wall))


def discarded_5b_on_empty_stock() -> RoundState:
    state = with_empty_stock(rigged(HANDS, draws="Nw"))
    state, _ = apply(state, 0, Discard(B5))
    return state


def test_rule_5_stock_run_dry_and_last_discard_unclaimed_is_a_draw() -> None:
    state = discarded_5b_on_empty_stock()

    state, events = apply(state, 1, Pass())
    state, _ = apply(state, 2, Pass())
    state, events = apply(state, 3, Pass())

    assert state.phase is Phase.OVER
    assert state.outcome == Outcome() and state.outcome.is_draw
    assert events[-2:] == (DiscardDead(0, B5), RoundEnded(Outcome()))
    assert all(legal_actions(state, seat) == [] for seat in (None, 0, 1, 2, 3))


def test_rule_5_stock_run_dry_the_last_discard_may_still_win() -> None:
    state = discarded_5b_on_empty_stock()
    state = all_pass(state, but=(3,))

    state, _ = apply(state, 3, ClaimMhing())

    assert state.outcome.winner == 3 and state.outcome.discarder == 0


def test_rule_5_stock_run_dry_a_claimed_set_plays_on_until_a_discard_goes_unclaimed() -> None:
    state = discarded_5b_on_empty_stock()
    state = all_pass(state, but=(2,))
    state, _ = apply(state, 2, ClaimTriplet((B5, B5)))
    assert state.phase is Phase.DISCARD and state.turn == 2

    state, _ = apply(state, 2, Discard(parse_tile("Nw")))
    state = all_pass(state)

    assert state.phase is Phase.OVER and state.outcome.is_draw


def test_rule_5_stock_run_dry_a_self_drawn_win_on_the_last_card_counts() -> None:
    hands = ["123b 456b 789b 123c 9c", *HANDS[1:3], "111k 222k 333k 444k Ew"]
    state = rigged(hands, draws="9c")
    state = with_empty_stock(state)

    state, _ = apply(state, 0, DeclareMhing())

    assert state.outcome.winner == 0


def test_rule_5_stock_run_dry_a_flower_as_the_last_card_ends_the_round_drawn() -> None:
    state = rigged(HANDS, draws="Nw")
    assert state.wall[-1] == FLOWER  # the rigged wall keeps flowers last
    state = state.evolve(taken=len(state.wall) - 1)
    state, _ = apply(state, 0, Discard(B5))

    state, events = apply(state, 1, Pass())
    state, _ = apply(state, 2, Pass())
    state, events = apply(state, 3, Pass())

    assert FlowersLaidOut(1, 1) in events
    assert state.seats[1].flowers == 1
    assert state.outcome.is_draw
