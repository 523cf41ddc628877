"""Per-seat views: a seat sees its own concealed cards and only counts of the others';
a spectator sees no concealed card; at the round's end every hand is revealed."""

from __future__ import annotations

import json

from games.play.actions import ClaimMhing, ClaimTriplet, Discard, Pass
from games.play.round import apply
from games.play.tiles import parse_tile
from games.play.views import view_for
from scoring.mhing import score_hand
from scoring.mhing.serialize import score_to_dict

from .conftest import all_pass, rigged

HANDS = [
    "123c 456c 789c 11k 2k 5b",
    "46b 99k RdRd GdGd WdWd Ew Sw Nw",
    "55b 88k 77k 66k EwEw SwSw Nw",
    "123b 789b 444k 555k 5b",
]
B5 = parse_tile("5b")
KEYS = {
    "seat", "players", "dealer", "turn", "phase", "moves", "stock", "seats", "last_discard",
    "claims", "actions", "outcome",
}  # fmt: skip


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others() -> None:
    state = rigged(HANDS, draws="Nw")

    view = view_for(state, 0)

    assert set(view) == KEYS
    # In card order: bamboo, circles, characters, winds, dragons.
    assert view["seats"][0]["hand"] == [
        "5b", "1c", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "1k", "1k", "2k", "Nw"
    ]  # fmt: skip
    assert view["seats"][0]["drawn"] == "Nw"
    for other in (1, 2, 3):
        assert view["seats"][other]["hand"] is None
        assert view["seats"][other]["drawn"] is None
        assert view["seats"][other]["hand_count"] == 13
    assert view["stock"] == 150 - 4 * 13 - 1
    assert {"type": "discard", "card": "5b"} in view["actions"]
    json.dumps(view)


def test_a_spectator_sees_no_concealed_card_and_has_no_action() -> None:
    view = view_for(rigged(HANDS, draws="Nw"), None)

    assert all(s["hand"] is None and s["drawn"] is None for s in view["seats"])
    assert view["actions"] == []


def test_a_spectator_is_offered_no_action_while_a_discard_may_be_claimed() -> None:
    # The table's own close_claims (its timeout) was listed to watchers: 2,052 of 3,422
    # watcher snapshots of Mhing matches offered it.
    state, _ = apply(rigged(HANDS, draws="Nw"), 0, Discard(B5))

    assert view_for(state, None)["actions"] == []
    assert view_for(state, None)["claims"]["may_answer"] is False


def test_the_open_claim_window_shows_who_may_and_who_has_answered() -> None:
    state, _ = apply(rigged(HANDS, draws="Nw"), 0, Discard(B5))
    state, _ = apply(state, 2, ClaimTriplet((B5, B5)))

    mine = view_for(state, 2)
    theirs = view_for(state, 1)

    assert mine["last_discard"] == {"seat": 0, "card": "5b", "index": 0, "open": True}
    assert mine["claims"]["waiting"] == [1, 3] and mine["claims"]["answered"] == [2]
    assert mine["claims"]["has_answered"] and not mine["claims"]["may_answer"]
    assert mine["claims"]["your_answer"] == {"type": "claim_triplet", "cards": ["5b", "5b"]}
    assert theirs["claims"]["may_answer"] and theirs["claims"]["your_answer"] is None
    # What seat 2 claimed stays secret until the window closes.
    assert "claim_triplet" not in json.dumps(theirs)
    assert {"type": "pass"} in theirs["actions"]


def test_exposed_sets_and_discard_piles_are_open_to_all() -> None:
    state, _ = apply(rigged(HANDS, draws="Nw"), 0, Discard(B5))
    state = all_pass(state, but=(2,))
    state, _ = apply(state, 2, ClaimTriplet((B5, B5)))
    state, _ = apply(state, 2, Discard(parse_tile("Nw")))

    view = view_for(state, None)

    assert view["seats"][2]["exposed"] == [
        {"cards": ["5b", "5b", "5b"], "kind": "triplet", "claimed": "5b", "from": 0, "named": None}
    ]
    assert view["seats"][2]["discards"] == ["Nw"]
    assert view["seats"][0]["discards"] == []
    assert view["last_discard"]["seat"] == 2


def test_at_the_end_every_hand_is_revealed_with_the_winners_score() -> None:
    state, _ = apply(rigged(HANDS, draws="Nw"), 0, Discard(B5))
    for seat in (1, 2):
        state, _ = apply(state, seat, Pass())
    state, _ = apply(state, 3, ClaimMhing())

    view = view_for(state, None)

    assert all(s["hand"] is not None for s in view["seats"])
    assert view["outcome"]["winner"] == 3 and view["outcome"]["discarder"] == 0
    assert view["outcome"]["score"] == score_to_dict(score_hand("123b 789b 444k 555k 55b"))
    assert view["phase"] == "over" and view["actions"] == []
    json.dumps(view)
