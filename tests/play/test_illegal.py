"""RULES.md §5, enforced: every action the rules refuse raises its own `IllegalAction`
with a plain message and the facts, and leaves the state exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.play.actions import (
    Action,
    ClaimMhing,
    ClaimSequence,
    ClaimTriplet,
    CloseClaims,
    DeclareMhing,
    Discard,
    Pass,
)
from games.play.errors import (
    AlreadyAnswered,
    CannotDeclareMhing,
    CardNotInHand,
    ClaimWindowOpen,
    IllegalAction,
    MalformedAction,
    NamedCardNotAllowed,
    NamedCardRequired,
    NoClaimWindow,
    NoSuchClaim,
    NoSuchSeat,
    NotAWinningHand,
    NotYourTurn,
    OwnDiscard,
    PlayersOnly,
    RoundOver,
    TableOnly,
)
from games.play.round import apply
from games.play.serialize import state_to_dict
from games.play.state import RoundState
from games.play.tiles import JOKER, parse_tile

from .conftest import all_pass, rigged

HANDS = [
    "123c 456c 789c 11k 2k 5b",
    "46b 99k RdRd GdGd WdWd Ew Sw Nw",
    "55b 88k 77k 66k EwEw SwSw Nw",
    "123b 789b 444k 555k 5b",
]
B4, B5, B6 = (parse_tile(c) for c in ("4b", "5b", "6b"))


def on_turn() -> RoundState:
    return rigged(HANDS, draws="Nw")


def claims_open() -> RoundState:
    state, _ = apply(on_turn(), 0, Discard(B5))
    return state


def after_claim() -> RoundState:
    state = all_pass(claims_open(), but=(2,))
    state, _ = apply(state, 2, ClaimTriplet((B5, B5)))
    return state


def answered() -> RoundState:
    state, _ = apply(claims_open(), 1, Pass())
    return state


def over() -> RoundState:
    state = all_pass(claims_open(), but=(3,))
    state, _ = apply(state, 3, ClaimMhing())
    return state


def joker_open() -> RoundState:
    state = rigged(HANDS, draws="J")
    state, _ = apply(state, 0, Discard(JOKER))
    return state


CASES: list[tuple[str, Callable[[], RoundState], int | None, Action, type[IllegalAction]]] = [
    ("discard out of turn", on_turn, 1, Discard(parse_tile("9k")), NotYourTurn),
    ("discard a card not held", on_turn, 0, Discard(parse_tile("Rd")), CardNotInHand),
    ("call Mhing without a winning hand", on_turn, 0, DeclareMhing(), NotAWinningHand),
    ("call Mhing after claiming a set", after_claim, 2, DeclareMhing(), CannotDeclareMhing),
    ("pass with no discard to answer", on_turn, 1, Pass(), NoClaimWindow),
    ("claim with no discard to claim", on_turn, 1, ClaimSequence((B4, B6)), NoClaimWindow),
    ("discard while the window is open", claims_open, 1, Discard(B4), ClaimWindowOpen),
    ("claim one's own discard", claims_open, 0, ClaimTriplet((B5, B5)), OwnDiscard),
    ("answer twice", answered, 1, ClaimSequence((B4, B6)), AlreadyAnswered),
    ("claim with cards not held", claims_open, 3, ClaimTriplet((B5, B5)), CardNotInHand),
    ("claim cards that make no set", claims_open, 1, ClaimTriplet((B4, B6)), NoSuchClaim),
    ("claim Mhing without a winning hand", claims_open, 2, ClaimMhing(), NotAWinningHand),
    ("name a real discard", claims_open, 1, ClaimSequence((B4, B6), B5), NamedCardNotAllowed),
    ("claim a joker unnamed", joker_open, 2, ClaimTriplet((B5, B5)), NamedCardRequired),
    ("a player closes the window", claims_open, 1, CloseClaims(), TableOnly),
    ("the table discards", on_turn, None, Discard(B5), PlayersOnly),
    ("a seat not at the table", claims_open, 4, Pass(), NoSuchSeat),
    ("the table closes no window", on_turn, None, CloseClaims(), NoClaimWindow),
    ("act after the round", over, 1, Discard(B4), RoundOver),
]


@pytest.mark.parametrize(
    ("make", "seat", "action", "error"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_rule_5_illegal_actions_are_refused_and_leave_the_state_unchanged(
    make: Callable[[], RoundState], seat: int | None, action: Action, error: type
) -> None:
    state = make()
    stored = state_to_dict(state)

    with pytest.raises(error) as refused:
        apply(state, seat, action)

    assert state_to_dict(state) == stored
    assert isinstance(refused.value, IllegalAction)
    as_dict = refused.value.to_dict()
    assert as_dict["error"] == error.code and as_dict["message"] == str(refused.value)


def test_each_kind_of_refusal_has_its_own_code() -> None:
    codes = [c[4].code for c in CASES]
    assert len(set(codes)) == len(set(c[4] for c in CASES))


def test_a_refusal_carries_the_facts_for_a_translated_message() -> None:
    with pytest.raises(NotYourTurn) as refused:
        apply(on_turn(), 2, Discard(B5))

    assert refused.value.to_dict() == {
        "error": "not_your_turn",
        "message": "it is seat 0's turn, not seat 2's",
        "seat": 2,
        "turn": 0,
    }
    with pytest.raises(CardNotInHand) as refused:
        apply(on_turn(), 0, Discard(parse_tile("Wd")))
    assert refused.value.cards == ["Wd"]


def test_something_that_is_not_an_action_is_malformed() -> None:
    with pytest.raises(MalformedAction):
        apply(on_turn(), 0, {"type": "mhing"})
