"""Illegal moves are refused with a specific error, and change nothing."""

from __future__ import annotations

import pytest

from games.play.errors import IllegalAction, MalformedAction
from games.play.mahjongg.actions import (
    AddKan,
    ClaimChi,
    ClaimKan,
    ClaimMahjongg,
    ClaimPon,
    CloseClaims,
    DeclareKan,
    DeclareMahjongg,
    Discard,
    Pass,
    action_from_dict,
)
from games.play.mahjongg.engine import apply
from games.play.mahjongg.state import GameState

from .conftest import rigged, t
from .test_claims import EAST, NORTH, SOUTH, WEST, opened


def refused(state: GameState, seat: int | None, action, code: str) -> IllegalAction:
    before = state
    with pytest.raises(IllegalAction) as error:
        apply(state, seat, action)
    assert error.value.code == code
    assert state == before
    assert error.value.to_dict()["error"] == code
    return error.value


def test_on_turn_refusals() -> None:
    state = rigged([EAST, SOUTH, WEST, NORTH])

    refused(state, 1, Discard(t("4k")), "not_your_turn")
    refused(state, 0, Discard(t("Rd")), "card_not_in_hand")
    refused(state, 0, DeclareKan(t("1b")), "no_such_set")
    refused(state, 0, AddKan(t("1b")), "no_such_set")
    refused(state, 0, DeclareMahjongg(), "not_mahjongg")
    refused(state, 0, Pass(), "no_claim_window")
    refused(state, 0, ClaimPon(), "no_claim_window")
    refused(state, None, CloseClaims(), "no_claim_window")
    refused(state, 0, CloseClaims(), "table_only")
    refused(state, None, Discard(t("5k")), "players_only")
    refused(state, 4, Discard(t("5k")), "no_such_seat")


def test_claim_window_refusals() -> None:
    state = opened()

    refused(state, 0, Pass(), "own_discard")
    refused(state, 1, Discard(t("4k")), "claim_window_open")
    refused(state, 1, ClaimPon(), "no_such_set")
    refused(state, 2, ClaimKan(), "no_such_set")
    refused(state, 2, ClaimMahjongg(), "not_mahjongg")
    refused(state, 1, ClaimChi((t("4k"), t("9k"))), "no_such_set")
    refused(state, 1, ClaimChi((t("3k"), t("4k"))), "card_not_in_hand")
    refused(state, 2, ClaimChi((t("5k"), t("5k"))), "chi_only_by_next")
    answered, _ = apply(state, 1, Pass())
    refused(answered, 1, ClaimChi((t("4k"), t("6k"))), "already_answered")


def test_a_kan_or_self_drawn_mahjongg_only_right_after_drawing() -> None:
    state = opened(draws="Nw", west="555k 111k 333c WwWw RdRd")
    state = apply(apply(apply(state, 1, Pass())[0], 3, Pass())[0], 2, ClaimPon())[0]

    # West claimed a pon: he must discard now, not declare his 111k or call.
    refused(state, 2, AddKan(t("5k")), "not_just_drawn")
    refused(state, 2, DeclareMahjongg(), "not_just_drawn")


def test_every_action_after_the_end_is_refused() -> None:
    state = opened()
    state = apply(state, 3, ClaimMahjongg())[0]
    state = apply(apply(state, 1, Pass())[0], 2, Pass())[0]

    refused(state, 0, Discard(t("1b")), "game_over")
    refused(state, None, CloseClaims(), "game_over")


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"type": "riichi"},
        {"type": "discard"},
        {"type": "discard", "tile": "5x"},
        {"type": "discard", "tile": "F1"},
        {"type": "discard", "tile": "5b", "extra": 1},
        {"type": "claim_chi", "tiles": ["4b"]},
        {"type": "claim_pon", "tiles": ["5b", "5b"]},
    ],
)
def test_malformed_actions_are_refused(data: object) -> None:
    with pytest.raises(MalformedAction):
        action_from_dict(data)


@pytest.mark.parametrize(
    "action",
    [Discard(t("5b")), DeclareKan(t("Rd")), AddKan(t("Ew")), DeclareMahjongg(), Pass(),
     ClaimChi((t("6b"), t("4b"))), ClaimPon(), ClaimKan(), ClaimMahjongg(), CloseClaims()],
)  # fmt: skip
def test_every_action_round_trips_through_its_dict(action) -> None:
    assert action_from_dict(action.to_dict()) == action
