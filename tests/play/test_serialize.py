"""The stored form of a round: JSON-safe, and `state_from_dict(state_to_dict(s)) == s`."""

from __future__ import annotations

import json

import pytest

from games.play.actions import ClaimMhing, ClaimTriplet, Discard, Pass
from games.play.round import apply, new_round
from games.play.serialize import StateFormatError, state_from_dict, state_to_dict
from games.play.tiles import parse_tile

from .conftest import rigged

HANDS = [
    "123c 456c 789c 11k 2k 5b",
    "46b 99k RdRd GdGd WdWd Ew Sw Nw",
    "55b 88k 77k 66k EwEw SwSw Nw",
    "123b 789b 444k 555k 5b",
]
B5 = parse_tile("5b")


def stages() -> list:
    state = rigged(HANDS, draws="Nw")
    seen = [state]
    state, _ = apply(state, 0, Discard(B5))
    seen.append(state)
    state, _ = apply(state, 2, ClaimTriplet((B5, B5)))
    seen.append(state)
    won, _ = apply(state, 3, ClaimMhing())
    won, _ = apply(won, 1, Pass())
    seen.append(won)
    state, _ = apply(state, 3, Pass())
    state, _ = apply(state, 1, Pass())
    seen.append(state)  # seat 2 exposed a triplet and must discard
    seen.append(new_round(5, 3, seed="a string seed")[0])
    return seen


@pytest.mark.parametrize("index", range(6))
def test_a_state_round_trips_exactly_through_json(index: int) -> None:
    state = stages()[index]

    data = json.loads(json.dumps(state_to_dict(state)))

    assert state_from_dict(data) == state


def test_a_finished_round_keeps_its_winner_and_score() -> None:
    won = stages()[3]
    data = state_to_dict(won)

    assert data["outcome"] == {"winner": 3, "discarder": 0, "credits": won.outcome.credits,
                               "points": won.outcome.points}  # fmt: skip
    assert state_from_dict(data).outcome.score == won.outcome.score


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("wall"),
        lambda d: d.update(format=99),
        lambda d: d.update(phase="napping"),
        lambda d: d["wall"].pop(),
        lambda d: d["seats"][0]["concealed"].__setitem__(0, "xx"),
    ],
)
def test_damaged_data_is_refused_with_a_typed_error(damage: object) -> None:
    data = state_to_dict(stages()[1])
    damage(data)

    with pytest.raises(StateFormatError):
        state_from_dict(data)
