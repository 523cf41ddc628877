"""§6 A turn: draw, kans with replacements (the dead wall running out), no robbing a kan,
self-drawn Mah-Jongg, the last tile and the draw when 14 tiles remain in the live wall."""

from __future__ import annotations

import pytest

from games.play.mahjongg.actions import AddKan, ClaimPon, DeclareKan, DeclareMahjongg, Pass
from games.play.mahjongg.engine import apply, legal_actions
from games.play.mahjongg.errors import LastTileMahjonggOnly, NotTheDrawnTile
from games.play.mahjongg.state import MeldKind, Phase
from games.play.mahjongg.tiles import DEAD_WALL_RESERVE
from scoring.mahjongg import answer

from .conftest import all_pass, discard, rigged, t
from .test_claims import EAST, NORTH, SOUTH, WEST, opened

QUIET = ["123b 456b 789b 11c 2c Nw Wd", SOUTH, WEST, "EwEwEw 777c 999c WdWd 2b 8b"]


def test_s6_an_unclaimed_discard_is_dead_and_the_next_player_draws() -> None:
    state = all_pass(opened())

    assert state.seats[0].discards == (t("5k"),)
    assert (state.turn, state.drawn, state.drawn_by) == (1, t("Nw"), "wall")
    assert len(state.seats[1].concealed) == 14


def test_s6_east_declares_a_concealed_kan_and_draws_a_replacement_from_the_dead_wall() -> None:
    state = rigged(["1111b 456b 789b 11c 2c Nw", SOUTH, WEST, NORTH], replacements="Ew")
    back = state.back

    state, _ = apply(state, 0, DeclareKan(t("1b")))

    meld = state.seats[0].melds[0]
    assert (meld.kind, meld.concealed, meld.tiles) == (MeldKind.KAN, True, (t("1b"),) * 4)
    assert (state.phase, state.turn, state.drawn, state.drawn_by) == (
        Phase.DISCARD, 0, t("Ew"), "kan",
    )  # fmt: skip
    assert state.back == back - 1
    assert len(state.seats[0].concealed) == 11


def test_s6_when_the_dead_wall_runs_out_replacements_come_from_the_far_end_of_the_live_wall() -> (
    None
):
    state = rigged(["1111b 2222b 3333b 5c Nw", SOUTH, WEST, NORTH], replacements="Ew Sw", dead=2)
    live = state.live_count

    state, _ = apply(state, 0, DeclareKan(t("1b")))
    state, _ = apply(state, 0, DeclareKan(t("2b")))
    assert state.dead_count == 0 and state.live_count == live
    far_end = state.wall[state.dead_start - 1]
    state, _ = apply(state, 0, DeclareKan(t("3b")))

    assert state.drawn == far_end and state.drawn_by == "kan"
    assert state.live_count == live - 1


def test_s6_no_robbing_a_kan_north_waiting_on_5k_gets_no_window_when_west_adds_it() -> None:
    state = opened()  # East discarded 5k: West pons it, North (waiting on 5k) lets it go
    state = apply(apply(state, 1, Pass())[0], 3, Pass())[0]
    state, _ = apply(state, 2, ClaimPon())
    for _ in range(3):  # West, North, East discard; South draws Gd and discards it
        state = all_pass(discard(state, "Gd" if state.turn == 2 else None))
    state = all_pass(discard(state))
    assert (state.turn, state.drawn) == (2, t("5k"))
    assert AddKan(t("5k")) in legal_actions(state, 2)

    state, _ = apply(state, 2, AddKan(t("5k")))

    assert state.phase is Phase.DISCARD and state.turn == 2  # no claim window
    assert state.seats[2].melds[0].tiles == (t("5k"),) * 4
    assert state.seats[2].melds[0].concealed is False
    assert state.drawn_by == "kan"


def test_s6_self_drawn_mahjongg_by_wall_scores_as_score_hand_says() -> None:
    # South draws the 3c that completes 123c 456c 789c 999b RdRd.
    state = rigged([EAST, "RdRd 12c 456c 789c 999b", WEST, NORTH], draws="3c")
    state = all_pass(discard(state, "5k"))
    assert DeclareMahjongg() in legal_actions(state, 1)

    state, _ = apply(state, 1, DeclareMahjongg())

    outcome = state.outcome
    assert (outcome.winner, outcome.discarder, outcome.by) == (1, None, "wall")
    line = f"{outcome.hands[1]} seat=S round=E"
    assert line.endswith("win=3c by=wall seat=S round=E")
    assert answer(line) == str(outcome.scores[1])


def _to_the_last_tile(state):
    """Every player discards what they draw and nobody claims, until the last tile."""
    while state.live_count > DEAD_WALL_RESERVE:
        state = all_pass(discard(state))
    return state


def test_s6_the_draw_that_leaves_14_tiles_is_the_last_tile() -> None:
    state = _to_the_last_tile(rigged(QUIET))

    assert state.live_count == DEAD_WALL_RESERVE
    assert state.drawn_by == "last"


def test_s6_the_last_tiles_discard_may_be_claimed_only_for_mahjongg() -> None:
    state = _to_the_last_tile(rigged(QUIET))
    seat = state.turn
    state = discard(state)
    others = [s for s in range(4) if s != seat]

    for other in others:
        assert all(a.type in ("pass", "claim_mahjongg") for a in legal_actions(state, other))
    with pytest.raises(LastTileMahjonggOnly):
        apply(state, others[0], ClaimPon())


def test_s6_when_14_tiles_remain_the_game_ends_without_a_winner_and_pays_nothing() -> None:
    state = all_pass(discard(_to_the_last_tile(rigged(QUIET))))

    assert state.phase is Phase.OVER
    assert state.outcome.winner is None and state.live_count == DEAD_WALL_RESERVE
    assert state.outcome.net == (0, 0, 0, 0) and not state.outcome.settled


def test_s6_only_the_tile_just_drawn_may_be_added_to_an_exposed_pon() -> None:
    # West holds 555k, pons East's 5k with two of them and keeps the third in hand.
    state = opened(draws="Nw Sw Gd 9b", west="555k 111k 333c WwWw RdRd")
    state = apply(apply(state, 1, Pass())[0], 3, Pass())[0]
    state, _ = apply(state, 2, ClaimPon())
    state = all_pass(discard(state, "Ww"))
    for _ in range(3):  # North, East and South discard what they draw
        state = all_pass(discard(state))
    assert (state.turn, state.drawn) == (2, t("9b"))
    assert t("5k") in state.seats[2].concealed

    assert AddKan(t("5k")) not in legal_actions(state, 2)
    with pytest.raises(NotTheDrawnTile) as refused:
        apply(state, 2, AddKan(t("5k")))
    assert refused.value.code == "not_the_drawn_tile"
