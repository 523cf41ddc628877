"""Each scoring row of MAHJONGG.md §3 on its own: a hand that earns it, under its key, with
its value and what it is about. The table of rows (`rows.ROWS`) is the one the breakdown,
the JSON and these tests share."""

from __future__ import annotations

import pytest

from scoring.mahjongg import BY_KEY, ROWS, RowKind, score_hand

from .conftest import REPO

_CHIS = "123c 456c 789k"  # three chis, worth nothing, to fill a hand around the row checked


def _caller(sets: str, by: str = "discard", seat: str = "S", round_: str = "E") -> str:
    return f"{sets} {_CHIS} 11k seat={seat} round={round_} win=1k by={by}"


_OTHER = "2b 5b 8b 1c 4c 7c 3k 6k 9k Ew Sw Ww Rd seat=S round=E"  # nothing scores
_OTHER_PAIRS = "2b 5b 8b 1c 4c 7c 3k 6k 9k Gd Wd"  # a non-caller's 11 loose tiles, and a pair

# (key, a line earning the row, what the item is about)
EARNS: list[tuple[str, str, str]] = [
    # §3.1 points of sets
    ("open_pon_simples", _caller("[555b]"), "[555b]"),
    ("concealed_pon_simples", _caller("555b"), "555b"),
    ("open_pon_terminals", _caller("[999b]"), "[999b]"),
    ("concealed_pon_terminals", _caller("999b"), "999b"),
    ("open_pon_honours", _caller("[NwNwNw]"), "[NwNwNw]"),
    ("concealed_pon_honours", _caller("NwNwNw"), "NwNwNw"),
    ("open_kan_simples", _caller("[5555b]"), "[5555b]"),
    ("concealed_kan_simples", _caller("{5555b}"), "{5555b}"),
    ("open_kan_terminals", _caller("[9999b]"), "[9999b]"),
    ("concealed_kan_terminals", _caller("{9999b}"), "{9999b}"),
    ("open_kan_honours", _caller("[NwNwNwNw]"), "[NwNwNwNw]"),
    ("concealed_kan_honours", _caller("{NwNwNwNw}"), "{NwNwNwNw}"),
    ("bonus_tile", f"{_OTHER} F3", "F3"),
    # §3.1 variant pairs=all (004): a non-caller's pairs of dragons and winds
    ("unfinished_dragon_pair", f"{_OTHER_PAIRS} RdRd seat=S round=E pairs=all", "RdRd"),
    ("unfinished_wind_pair", f"{_OTHER_PAIRS} NwNw seat=S round=E pairs=all", "NwNw"),
    ("unfinished_seat_wind_pair", f"{_OTHER_PAIRS} SwSw seat=S round=E pairs=all", "SwSw"),
    ("unfinished_round_wind_pair", f"{_OTHER_PAIRS} EwEw seat=S round=E pairs=all", "EwEw"),
    ("unfinished_double_wind_pair", f"{_OTHER_PAIRS} EwEw seat=E round=E pairs=all", "EwEw"),
    # §3.2 doublings of sets (seat South, round East)
    ("suit_kan", _caller("[5555b]"), "[5555b]"),
    ("dragon_pon", _caller("[RdRdRd]"), "[RdRdRd]"),
    ("dragon_kan", _caller("{GdGdGdGd}"), "{GdGdGdGd}"),
    ("wind_pon", _caller("[NwNwNw]"), "[NwNwNw]"),
    ("wind_kan", _caller("[WwWwWwWw]"), "[WwWwWwWw]"),
    ("seat_wind_pon", _caller("SwSwSw"), "SwSwSw"),
    ("seat_wind_kan", _caller("[SwSwSwSw]"), "[SwSwSwSw]"),
    ("round_wind_pon", _caller("[EwEwEw]"), "[EwEwEw]"),
    ("round_wind_kan", _caller("{EwEwEwEw}"), "{EwEwEwEw}"),
    ("double_wind_pon", _caller("[EwEwEw]", seat="E"), "[EwEwEw]"),
    ("double_wind_kan", _caller("[EwEwEwEw]", seat="E"), "[EwEwEwEw]"),
    # §3.2 purity
    ("one_suit", "123b 456b 789b 234b 55b seat=S round=E win=5b by=discard", ""),
    ("one_suit_with_honours", "[RdRdRd] 123b 456b 789b 55b seat=S round=E win=5b by=discard", ""),
    ("terminals_and_honours", "[RdRdRd] 111b 999c 111k EwEw seat=S round=E win=Ew by=wall", ""),
    # §3.2 bonus tiles (seat South: F2 and S2 are its own)
    ("own_flower", f"{_OTHER} F2", "F2"),
    ("own_season", f"{_OTHER} S2 S3", "S2"),
    ("all_flowers", f"{_OTHER} F1 F2 F3 F4", "F1 F2 F3 F4"),
    ("all_seasons", f"{_OTHER} S1 S2 S3 S4", "S1 S2 S3 S4"),
    ("all_bonus_tiles", f"{_OTHER} F1 F2 F3 F4 S1 S2 S3 S4", "F1 F2 F3 F4 S1 S2 S3 S4"),
    # §3.3 the caller's points
    ("mahjongg", _caller("234b"), ""),
    ("from_the_wall", _caller("234b", by="wall"), "1k"),
    ("completes_pair", _caller("234b"), "11k"),
    ("middle_of_chi", f"{_CHIS} 234b 55b seat=S round=E win=3b by=discard", "234b"),
    ("dragon_pair", f"234b {_CHIS} RdRd seat=S round=E win=Rd by=discard", "RdRd"),
    ("wind_pair", f"234b {_CHIS} NwNw seat=S round=E win=Nw by=discard", "NwNw"),
    ("seat_wind_pair", f"234b {_CHIS} SwSw seat=S round=E win=Sw by=discard", "SwSw"),
    ("round_wind_pair", f"234b {_CHIS} EwEw seat=S round=E win=Ew by=discard", "EwEw"),
    ("double_wind_pair", f"234b {_CHIS} EwEw seat=E round=E win=Ew by=discard", "EwEw"),
    ("only_pons", "[555b] 999c 111k [RdRdRd] 22k seat=S round=E win=2k by=discard", ""),
    # §3.3 the caller's doublings
    ("from_the_hand", _caller("234b", by="wall"), ""),
    ("only_chis", _caller("234b"), ""),
    ("only_simples", "234c 456c 678k 234b 55b seat=S round=E win=5b by=discard", ""),
    ("last_tile", _caller("234b", by="last"), "1k"),
    ("kan_replacement", _caller("[5555b]", by="kan"), "1k"),
    # §3.4 hands worth the limit, and the limit
    ("seven_pairs", "11b 22b 55c 77c 99k EwEw RdRd seat=W round=E win=Rd by=discard", ""),
    ("thirteen_orphans", "19b 19c 19k EwSwWwNw RdGdWdWd seat=S round=E win=Wd by=wall", ""),
    ("nine_gates", "1112345678999c 5c seat=S round=E win=5c by=wall", ""),
    ("limit", "{EwEwEwEw} [RdRdRd] 999b 111k SwSw seat=E round=E win=1k by=wall", "39936"),
]  # fmt: skip
# The settlement rows are checked in test_settle.py, by name.
SETTLEMENT_ROWS = {"difference", "full_value", "east_pays_double"}


def _value(key: str) -> int:
    row = BY_KEY[key]
    return 3000 if row.kind is RowKind.LIMIT else row.value


def test_a_non_callers_pairs_score_nothing_without_pairs_all() -> None:
    # 002 (the default, pairs=caller) lists pairs "für Mah-Jongg" only.
    for line in (f"{_OTHER_PAIRS} RdRd seat=S round=E", f"{_OTHER_PAIRS} EwEw seat=E round=E"):
        assert score_hand(line).breakdown() == {}
        assert score_hand(line.replace(" seat=", " pairs=caller seat=")).breakdown() == {}


@pytest.mark.parametrize(
    ("key", "line", "about"), EARNS, ids=[f"{key}_scores_{_value(key)}" for key, *_ in EARNS]
)
def test_row(key: str, line: str, about: str) -> None:
    score = score_hand(line)
    items = [item for item in score.items if item.key == key]
    assert len(items) == 1, score.breakdown()
    assert (items[0].value, items[0].about) == (_value(key), about)


def test_every_row_has_its_test() -> None:
    tested = {key for key, *_ in EARNS} | SETTLEMENT_ROWS
    assert tested == {row.key for row in ROWS}


def test_row_keys_are_unique_and_named_in_three_languages() -> None:
    assert len(BY_KEY) == len(ROWS)
    for row in ROWS:
        assert all(row.names.values()), row.key
        assert row.key.isidentifier() and row.key.islower()


def test_the_points_rows_have_the_values_of_the_book() -> None:
    values = {row.key: row.value for row in ROWS if row.kind is RowKind.POINTS}
    assert values["open_pon_simples"] * 2 == values["concealed_pon_simples"] == 4
    assert values["open_kan_simples"] * 2 == values["concealed_kan_simples"] == 16
    assert values["open_kan_honours"] * 2 == values["concealed_kan_honours"] == 32
    assert values["mahjongg"] == 20 and values["bonus_tile"] == 4


def test_caller_rows_are_marked_and_only_the_caller_earns_them() -> None:
    caller_keys = {row.key for row in ROWS if row.caller_only}
    assert caller_keys >= {"mahjongg", "only_pons", "from_the_hand", "kan_replacement"}
    other = score_hand("[NwNwNw] 777k 1111c 29b Rd F4 S1 seat=N round=S")
    assert not caller_keys & set(other.breakdown())
    # Under pairs=all a non-caller's pairs earn rows of their own, not the caller's.
    pairs = score_hand(f"{_OTHER_PAIRS} EwEw seat=E round=E pairs=all")
    assert pairs.breakdown() == {"unfinished_seat_wind_pair": 2, "unfinished_double_wind_pair": 2}
    assert not caller_keys & set(pairs.breakdown())


def test_the_docs_list_every_row_key() -> None:
    docs = (REPO / "docs" / "mahjongg.md").read_text(encoding="utf-8")
    assert [row.key for row in ROWS if f"| `{row.key}` |" not in docs] == []
