"""Per-seat views: a seat sees its own concealed tiles and what it drew, of the others only
counts and what lies open; a spectator sees no concealed tile; at the end every hand shows."""

from __future__ import annotations

import json

from games.play.mahjongg.actions import ClaimMahjongg, ClaimPon, Pass
from games.play.mahjongg.engine import apply
from games.play.mahjongg.events import event_to_dict
from games.play.mahjongg.views import view_for

from .conftest import rigged, t
from .test_claims import EAST, NORTH, SOUTH, WEST, opened


def test_a_seat_sees_its_own_hand_and_what_it_drew_and_only_counts_of_the_others() -> None:
    state = rigged([EAST, SOUTH, WEST, NORTH])

    view = view_for(state, 0)

    assert view["seats"][0]["hand"] == [
        "1b", "2b", "3b", "4b", "5b", "6b", "7b", "8b", "9b", "1c", "1c", "2c", "5k", "Nw"
    ]  # fmt: skip
    assert view["seats"][0]["drawn"] is not None
    assert [s["hand"] for s in view["seats"][1:]] == [None, None, None]
    assert [s["hand_count"] for s in view["seats"]] == [14, 13, 13, 13]
    assert {"type": "discard", "tile": "5k"} in view["actions"]
    assert view["wall"]["live"] == state.live_count and view["wall"]["dead"] == 16
    json.dumps(view)


def test_a_spectator_sees_no_concealed_tile_and_may_do_nothing() -> None:
    view = view_for(opened(), None)

    assert all(s["hand"] is None and s["drawn"] is None for s in view["seats"])
    assert view["actions"] == []
    assert view["last_discard"] == {"seat": 0, "tile": "5k", "open": True}


def test_answers_stay_secret_until_the_window_closes() -> None:
    state, events = apply(opened(), 2, ClaimPon())

    assert view_for(state, 2)["claims"]["your_answer"] == {"type": "claim_pon"}
    theirs = view_for(state, 1)
    assert theirs["claims"]["answered"] == [2] and theirs["claims"]["your_answer"] is None
    assert "claim_pon" not in json.dumps(theirs)
    assert event_to_dict(events[0], 1) == {"type": "answered", "seat": 2}
    assert event_to_dict(events[0], 2)["answer"] == {"type": "claim_pon"}


def test_a_drawn_tile_is_named_only_to_the_drawer() -> None:
    state, _ = apply(opened(), 1, Pass())
    state, _ = apply(state, 2, Pass())
    state, events = apply(state, 3, Pass())

    drew = next(e for e in events if e.type == "drew")
    assert event_to_dict(drew, drew.seat)["tile"] == "Nw"
    assert "tile" not in event_to_dict(drew, 0)
    assert view_for(state, 1)["seats"][1]["drawn"] == "Nw"
    assert view_for(state, 0)["seats"][1]["drawn"] is None


def test_at_the_end_every_hand_and_the_settlement_are_shown() -> None:
    state, _ = apply(opened(), 3, ClaimMahjongg())
    state, _ = apply(state, 1, Pass())
    state, _ = apply(state, 2, Pass())

    view = view_for(state, None)

    assert all(s["hand"] is not None for s in view["seats"])
    outcome = view["outcome"]
    assert outcome["result"] == "mahjongg" and outcome["winner"] == 3
    assert outcome["win"] == "5k" and outcome["by"] == "discard"
    assert outcome["hands"][3] == "777999c 345k EwEwEw WdWd win=5k by=discard"
    assert sum(outcome["net"]) == 0 and outcome["net"][3] > 0
    assert all(p["to"] == 3 or p["from"] != 3 for p in outcome["payments"])
    assert t("5k") not in state.seats[0].discards
