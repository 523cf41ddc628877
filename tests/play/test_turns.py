"""RULES.md §5, the turn: draw the top card of the stock, then call Mhing (self-drawn) or
discard one card; the player to the discarder's left draws next."""

from __future__ import annotations

import pytest

from games.play.actions import ClaimTriplet, DeclareMhing, Discard, Pass
from games.play.errors import CannotDeclareMhing, NotAWinningHand
from games.play.events import DiscardDead, Discarded, Drew, RoundEnded
from games.play.round import apply, legal_actions
from games.play.state import Phase
from games.play.tiles import parse_tile
from scoring.mhing import score_hand

from .conftest import all_pass, rigged

OTHERS = ["111k 222k 333k 444k Ew", "555k 666k 777k 888k Sw", "RdRdRd GdGdGd WdWdWd EwEw SwSw"]


def test_rule_5_turn_discarding_opens_the_claim_window_on_that_card() -> None:
    state = rigged(["123b 456b 789b 11c 23c", *OTHERS], draws="Nw")

    state, events = apply(state, 0, Discard(parse_tile("Nw")))

    assert events == (Discarded(0, parse_tile("Nw")),)
    assert state.phase is Phase.CLAIMS
    assert state.seats[0].discards == (parse_tile("Nw"),)
    assert len(state.seats[0].concealed) == 13
    assert state.last_discard == (0, parse_tile("Nw"))


def test_rule_5_turn_the_next_player_to_the_left_draws_the_top_card_once_all_pass() -> None:
    state = rigged(["123b 456b 789b 11c 23c", *OTHERS], draws="Nw 9c")
    state, _ = apply(state, 0, Discard(parse_tile("Nw")))

    state, events = apply(state, 1, Pass())
    state, _ = apply(state, 2, Pass())
    state, events = apply(state, 3, Pass())

    assert events[1:] == (DiscardDead(0, parse_tile("Nw")), Drew(1, parse_tile("9c")))
    assert state.turn == 1 and state.phase is Phase.DISCARD
    assert len(state.seats[1].concealed) == 14


def test_rule_5_turn_self_drawn_mhing_scores_the_hand_with_the_card_drawn() -> None:
    state = rigged(["123b 456b 789b 123c 9c", *OTHERS], draws="9c")

    assert DeclareMhing() in legal_actions(state, 0)
    state, events = apply(state, 0, DeclareMhing())

    assert state.phase is Phase.OVER
    outcome = state.outcome
    assert outcome.winner == 0 and outcome.discarder is None and outcome.self_drawn
    assert outcome.score == score_hand("123b 456b 789b 123c 99c")
    assert events == (RoundEnded(outcome),)


def test_rule_2_a_winning_hand_worth_0_credits_may_still_be_called() -> None:
    hands = ["123b 456c 999c 234b Ew", *OTHERS[:2], "RdRdRd GdGdGd WdWdWd Ew SwSw 2k"]
    state = rigged(hands, draws="Ew")

    state, _ = apply(state, 0, DeclareMhing())

    assert state.outcome.credits == 0 and state.outcome.points == 0


def test_rule_5_turn_mhing_is_refused_when_the_hand_does_not_win() -> None:
    state = rigged(["123b 456b 789b 11c 23c", *OTHERS], draws="Nw")

    assert DeclareMhing() not in legal_actions(state, 0)
    with pytest.raises(NotAWinningHand) as refused:
        apply(state, 0, DeclareMhing())
    assert "Nw" in refused.value.hand


def test_rule_5_claims_after_claiming_a_set_the_claimant_discards_and_cannot_call_mhing() -> None:
    hands = [
        "123b 456b 789b 11c 23c",
        "55c 99k RdRd GdGd WdWd Ew Nw Ww",
        OTHERS[1],
        "111k 222k 333k 44k Sw Ew",
    ]
    state = rigged(hands, draws="5c")
    state, _ = apply(state, 0, Discard(parse_tile("5c")))
    state = all_pass(state, but=(1,))

    state, _ = apply(state, 1, ClaimTriplet((parse_tile("5c"), parse_tile("5c"))))

    assert state.turn == 1 and state.phase is Phase.DISCARD and state.just_drawn is None
    assert all(isinstance(a, Discard) for a in legal_actions(state, 1))
    with pytest.raises(CannotDeclareMhing):
        apply(state, 1, DeclareMhing())
