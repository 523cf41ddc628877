"""Bots: legal moves only, each from its own seat's view; they keep pairs, claim honour
pons, go for Mah-Jongg and call it when they can."""

from __future__ import annotations

import random

from games.play.mahjongg.actions import (
    ClaimMahjongg,
    ClaimPon,
    DeclareMahjongg,
    Discard,
)
from games.play.mahjongg.bots import choose_action
from games.play.mahjongg.engine import apply, awaiting, new_game
from games.play.mahjongg.state import Phase
from games.play.mahjongg.views import view_for
from scoring.mahjongg.profile import Profile

from .conftest import all_pass, discard, rigged, t
from .test_claims import EAST, NORTH, SOUTH, WEST, opened

RNG = random.Random(0)


def bot(state, seat):
    return choose_action(view_for(state, seat), seat, RNG)


def test_a_bot_calls_mahjongg_on_a_discard_that_completes_its_hand() -> None:
    assert bot(opened(), 3) == ClaimMahjongg()


def test_a_bot_calls_self_drawn_mahjongg() -> None:
    state = rigged([EAST, "RdRd 12c 456c 789c 999b", WEST, NORTH], draws="3c")
    state = all_pass(discard(state, "5k"))

    assert bot(state, 1) == DeclareMahjongg()


def test_a_bot_claims_an_honour_pon() -> None:
    rd = discard(rigged(["123b 456b 789b 11c 2c Nw Rd", SOUTH, WEST, NORTH]), "Rd")
    assert bot(rd, 2) == ClaimPon()  # West holds RdRd


def test_a_bot_keeps_its_pairs_and_lets_a_lone_honour_go() -> None:
    state = rigged(["123b 456b 789b 11c 2c Nw 5k", SOUTH, WEST, NORTH])
    action = bot(state, 0)

    assert isinstance(action, Discard)
    assert action.tile == t("Nw")  # not a 1c of the pair, nor a tile of a run


def test_bots_choose_only_listed_actions_from_their_own_view_through_whole_games() -> None:
    for seed in range(6):
        profile = Profile(players=3 + seed % 2, bonus_tiles=seed % 3 != 0)
        state, _ = new_game(profile, seed=seed)
        rng = random.Random(seed)
        while state.phase is not Phase.OVER:
            seat = awaiting(state)[0]
            view = view_for(state, seat)
            action = choose_action(view, seat, rng)
            assert action.to_dict() in view["actions"]
            state, _ = apply(state, seat, action)
