"""§6 Claims on a discard: chi only by the next player; pon, kan and Mah-Jongg by anyone;
priority Mah-Jongg > kan > pon > chi, then the nearest after the discarder; play goes on
from the claimant (players between are skipped); a claimed kan draws a replacement."""

from __future__ import annotations

import pytest

from games.play.mahjongg.actions import (
    ClaimChi,
    ClaimKan,
    ClaimMahjongg,
    ClaimPon,
    CloseClaims,
    Pass,
)
from games.play.mahjongg.engine import apply, awaiting, legal_actions
from games.play.mahjongg.errors import ChiOnlyByNext
from games.play.mahjongg.state import MeldKind, Phase
from games.play.mahjongg.views import view_for

from .conftest import all_pass, discard, rigged, t

EAST = "123b 456b 789b 11c 2c Nw 5k"  # discards 5k
SOUTH = "46k 123c 789c SwSw Ww Gd 9k"  # may chi 456k
WEST = "55k 111k 333c WwWw RdRd Gd"  # may pon 5k
NORTH = "34k EwEwEw 777c 999c WdWd"  # Mah-Jongg on 5k


def opened(draws: str = "Nw Sw Gd 5k", **changes: str):
    hands = {"east": EAST, "south": SOUTH, "west": WEST, "north": NORTH, **changes}
    state = rigged([hands["east"], hands["south"], hands["west"], hands["north"]],
                   draws=draws, replacements="Ww")  # fmt: skip
    return discard(state, "5k")


def answer(state, **answers):
    for seat, action in answers.items():
        state, _ = apply(state, "ESWN".index(seat), action)
    return state


def test_s6_the_discard_opens_a_window_for_everyone_else() -> None:
    state = opened()

    assert state.phase is Phase.CLAIMS
    assert awaiting(state) == (1, 2, 3)
    assert ClaimChi((t("4k"), t("6k"))) in legal_actions(state, 1)
    assert ClaimPon() in legal_actions(state, 2)
    assert ClaimMahjongg() in legal_actions(state, 3)
    assert view_for(state, 0)["claims"]["waiting"] == [1, 2, 3]


def test_s6_mahjongg_beats_a_pon_and_a_chi() -> None:
    state = answer(opened(), S=ClaimChi((t("4k"), t("6k"))), W=ClaimPon(), N=ClaimMahjongg())

    assert state.phase is Phase.OVER
    outcome = state.outcome
    assert (outcome.winner, outcome.discarder, outcome.by) == (3, 0, "discard")
    assert outcome.hands[3].endswith("win=5k by=discard")
    assert outcome.scores[3] > 0 and outcome.net[3] > 0


def test_s6_a_pon_beats_a_chi_and_play_goes_on_from_the_claimant() -> None:
    state = answer(opened(), S=ClaimChi((t("4k"), t("6k"))), W=ClaimPon(), N=Pass())

    assert (state.phase, state.turn, state.drawn) == (Phase.DISCARD, 2, None)
    meld = state.seats[2].melds[0]
    assert (meld.kind, meld.tiles, meld.claimed_from) == (MeldKind.PON, (t("5k"),) * 3, 0)
    assert state.seats[0].discards == ()  # the claimed discard left East's pile
    # Players between are skipped: after West's discard North draws, not South.
    state = all_pass(discard(state, "Gd"))
    assert (state.turn, state.drawn) == (3, t("Nw"))


def test_s6_a_chi_by_the_next_player_when_nobody_claims_more() -> None:
    state = answer(opened(), S=ClaimChi((t("4k"), t("6k"))), W=Pass(), N=Pass())

    assert state.turn == 1
    assert state.seats[1].melds[0].tiles == (t("4k"), t("5k"), t("6k"))


def test_s6_a_chi_only_by_the_next_player() -> None:
    state = opened(north="46k EwEwEw 777c 999c WdWd")

    with pytest.raises(ChiOnlyByNext) as refused:
        apply(state, 3, ClaimChi((t("4k"), t("6k"))))
    assert refused.value.code == "chi_only_by_next"
    assert not any(isinstance(a, ClaimChi) for a in legal_actions(state, 3))


def test_s6_between_rival_mahjongg_claims_the_nearest_after_the_discarder_wins() -> None:
    # South (next after East) and North both win on the 5k; South is nearer.
    state = opened(south="55k 123c 456c 789c 99b", west="111k 333c WwWw RdRd Gd Sw Sw")
    state = answer(state, N=ClaimMahjongg(), W=Pass(), S=ClaimMahjongg())

    assert state.outcome.winner == 1


def test_s6_a_claimed_kan_draws_a_replacement_that_may_win_by_kan() -> None:
    state = opened(draws="Nw", west="555k 111k 333c WwWw RdRd", north="EwEwEw 777c 999c WdWd 2b 8b")
    state = answer(state, W=ClaimKan(), S=Pass(), N=Pass())

    assert state.seats[2].melds[0].tiles == (t("5k"),) * 4
    assert (state.turn, state.drawn, state.drawn_by) == (2, t("Ww"), "kan")
    state, _ = apply(state, 2, legal_actions(state, 2)[0])  # Mah-Jongg, offered first
    assert state.outcome.by == "kan"
    assert "[5555k]" in state.outcome.hands[2]
    assert state.outcome.hands[2].endswith("win=Ww by=kan")


def test_the_tables_timeout_passes_for_whoever_has_not_answered() -> None:
    state = answer(opened(), W=ClaimPon())
    state, events = apply(state, None, CloseClaims())

    assert events[0].data["timed_out"] == [1, 3]
    assert state.turn == 2 and state.seats[2].melds
