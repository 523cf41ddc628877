"""Actions as a closed set of typed values, parsed from and written to the dicts a browser
sends, with card names in the notation of RULES.md §1."""

from __future__ import annotations

import json

import pytest

from games.play.actions import (
    ACTION_TYPES,
    ClaimMhing,
    ClaimSequence,
    ClaimTriplet,
    CloseClaims,
    DeclareMhing,
    Discard,
    Pass,
    action_from_dict,
)
from games.play.errors import MalformedAction, PlayError
from games.play.tiles import JOKER, parse_tile
from scoring.mhing import Card

ALL = [
    Discard(parse_tile("5b")),
    Discard(JOKER),
    DeclareMhing(),
    Pass(),
    ClaimSequence((parse_tile("4b"), parse_tile("6b"))),
    ClaimTriplet((parse_tile("Rd"), JOKER), named=parse_tile("Rd")),
    ClaimMhing(),
    CloseClaims(),
]


@pytest.mark.parametrize("action", ALL, ids=lambda a: a.type)
def test_every_action_round_trips_through_its_json_dict(action: object) -> None:
    data = json.loads(json.dumps(action.to_dict()))

    assert action_from_dict(data) == action


def test_every_action_type_is_covered() -> None:
    assert sorted({a.type for a in ALL}) == sorted(ACTION_TYPES)


def test_the_dict_forms_use_card_names() -> None:
    assert Discard(Card.RED).to_dict() == {"type": "discard", "card": "Rd"}
    assert ClaimTriplet((JOKER, parse_tile("9c")), named=parse_tile("9c")).to_dict() == {
        "type": "claim_triplet",
        "cards": ["9c", "J"],
        "named": "9c",
    }
    assert action_from_dict({"type": "discard", "card": "rd"}) == Discard(Card.RED)


def test_claims_name_their_two_cards_in_any_order() -> None:
    a = action_from_dict({"type": "claim_sequence", "cards": ["6b", "4b"]})
    assert a == ClaimSequence((parse_tile("4b"), parse_tile("6b")))


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "discard",
        {},
        {"type": "shout"},
        {"type": 3},
        {"type": "discard"},
        {"type": "discard", "card": "xb"},
        {"type": "discard", "card": 5},
        {"type": "discard", "card": "F"},
        {"type": "discard", "card": "5b", "extra": 1},
        {"type": "pass", "card": "5b"},
        {"type": "claim_sequence", "cards": "4b 6b"},
        {"type": "claim_sequence", "cards": ["4b"]},
        {"type": "claim_triplet", "cards": ["4b", "4b"], "named": "??"},
    ],
)
def test_anything_else_is_a_malformed_action(data: object) -> None:
    with pytest.raises(MalformedAction) as refused:
        action_from_dict(data)

    assert isinstance(refused.value, PlayError) and isinstance(refused.value, ValueError)
    assert refused.value.to_dict()["error"] == "malformed_action"
