"""The plain-data forms a command line or page will print: every item and payment under its
row key, with its names in English, German and French."""

from __future__ import annotations

import json

from scoring.mahjongg import MahjonggError, evaluate
from scoring.mahjongg.serialize import result_to_dict


def _result(line: str) -> dict:
    try:
        outcome = evaluate(line)
    except MahjonggError as error:
        outcome = error
    data = result_to_dict(line, outcome)
    assert json.loads(json.dumps(data, ensure_ascii=False)) == data
    return data


def test_a_score_lists_its_items_by_key_with_three_names() -> None:
    data = _result("[EwEwEw] 123b 456b 789b 55b seat=E round=S win=5b by=discard")
    assert (data["ok"], data["score"], data["points"], data["doublings"]) == (True, 416, 26, 4)
    assert [(i["key"], i["kind"], i["value"]) for i in data["items"]] == [
        ("open_pon_honours", "points", 4),
        ("mahjongg", "points", 20),
        ("completes_pair", "points", 2),
        ("seat_wind_pon", "doublings", 2),
        ("one_suit_with_honours", "doublings", 2),
    ]
    assert data["items"][3]["names"] == {
        "en": "Seat-wind pung",
        "de": "Platzwindpon",
        "fr": "Pon du vent de place",
    }
    assert data["items"][0]["about"] == "[EwEwEw]"
    assert data["canonical"] == "12345556789b [EwEwEw] seat=E round=S win=5b by=discard"


def test_the_arrangement_marks_the_group_the_winning_tile_completes() -> None:
    data = _result("[EwEwEw] 123b 456b 789b 55b seat=E round=S win=5b by=discard")
    groups = data["arrangement"]["groups"]
    assert groups[0] == {
        "kind": "pon",
        "tiles": ["Ew", "Ew", "Ew"],
        "where": "exposed",
        "open": True,
        "winning": False,
    }
    assert [g["kind"] for g in groups if g["winning"]] == ["pair"]


def test_a_settlement_lists_its_payments_by_key() -> None:
    data = _result("settle=diff winner=S E=0 S=100 W=20 N=40")
    assert data["net"] == {"E": -320, "S": 340, "W": -60, "N": 40}
    assert data["text"] == "E=-320 S=+340 W=-60 N=+40"
    assert data["payments"][0] == {
        "from": "E",
        "to": "S",
        "amount": 200,
        "keys": ["difference", "east_pays_double"],
    }


def test_errors_and_not_winning_are_told_apart() -> None:
    error = _result("123b 456b 789c 345k 55c seat=E round=E")
    assert error == {
        "hand": "123b 456b 789c 345k 55c seat=E round=E",
        "ok": False,
        "error": "invalid",
        "message": "14 tiles, need 13: not the caller (no win=)",
    }
    not_winning = _result("123b 456b 789c 345k 5c 7c seat=E round=E win=7c by=wall")
    assert (not_winning["ok"], not_winning["error"]) == (False, "not_winning")
