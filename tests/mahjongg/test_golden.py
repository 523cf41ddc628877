"""Every line of tests/golden/mahjongg.tsv and mahjongg_changes.tsv (the corrections of
2026-11-28) and every worked example of MAHJONGG.md §4 and §5, each with the rows its
explanation names."""

from __future__ import annotations

import pytest

from scoring.mahjongg import (
    InvalidLine,
    NotWinning,
    WrongTileCount,
    answer,
    parse_settlement,
    score_hand,
)

from .conftest import GOLDEN, GOLDEN_CHANGES


def rows_of(path) -> list[list[str]]:
    if not path.exists():
        raise FileNotFoundError(
            f"{path} not found: the rules tests read the repository's copy of "
            "shared/golden/ in tests/golden/"
        )
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line.strip() and not line.startswith("#")]


def golden_rows() -> list[list[str]]:
    return rows_of(GOLDEN) + rows_of(GOLDEN_CHANGES)


def test_the_golden_files_are_there_and_not_empty() -> None:
    assert len(rows_of(GOLDEN)) >= 15
    assert len(rows_of(GOLDEN_CHANGES)) >= 3


@pytest.mark.parametrize("row", golden_rows(), ids=lambda row: row[0])
def test_golden_line(row: list[str]) -> None:
    line, expected = row[0], row[1]
    assert answer(line) == expected


def test_golden_error_line_says_how_many_tiles_and_how_many_needed() -> None:
    with pytest.raises(WrongTileCount) as error:
        score_hand("123b 456b 789c 345k 55c seat=E round=E")
    assert (error.value.count, error.value.needed, error.value.caller) == (14, 13, False)
    assert str(error.value) == "14 tiles, need 13: not the caller (no win=)"


def test_golden_not_winning_is_an_outcome_not_an_error() -> None:
    with pytest.raises(NotWinning) as raised:
        score_hand("123b 456b 789c 345k 5c 7c seat=E round=E win=7c by=wall")
    assert not isinstance(raised.value, InvalidLine)


# §4, each worked example with every item its explanation names.


def test_example_only_chis_and_simples_scores_88() -> None:
    score = score_hand("234b 567c 345k [678b] 55k seat=S round=E win=4k by=discard")
    assert score.breakdown() == {
        "mahjongg": 20,
        "middle_of_chi": 2,
        "only_chis": 1,
        "only_simples": 1,
    }
    assert (score.points, score.doublings, score.total) == (22, 2, 88)


def test_example_seat_wind_pair_completed_from_the_wall_scores_84() -> None:
    score = score_hand("[RdRdRd] 111c 555b 789k EwEw seat=E round=S win=Ew by=wall")
    assert score.breakdown() == {
        "open_pon_honours": 4,
        "concealed_pon_terminals": 8,
        "concealed_pon_simples": 4,
        "mahjongg": 20,
        "from_the_wall": 2,
        "completes_pair": 2,
        "seat_wind_pair": 2,
        "dragon_pon": 1,
    }
    assert (score.points, score.doublings, score.total) == (42, 1, 84)


def test_example_three_chis_beat_three_pons_96_over_76() -> None:
    score = score_hand("111222333b 789c 55k seat=S round=E win=2b by=wall")
    assert score.breakdown() == {
        "mahjongg": 20,
        "from_the_wall": 2,
        "middle_of_chi": 2,
        "from_the_hand": 1,
        "only_chis": 1,
    }
    assert score.total == 96
    assert [g.kind.value for g in score.arrangement.sets] == ["chi"] * 4


def test_example_pon_made_by_the_discard_is_open_26() -> None:
    score = score_hand("234b 234b 666c 888c 99k seat=N round=E win=8c by=discard")
    assert score.breakdown() == {
        "concealed_pon_simples": 4,
        "open_pon_simples": 2,
        "mahjongg": 20,
    }
    assert score.total == 26


def test_example_double_wind_kan_with_one_suit_and_honours_2816() -> None:
    score = score_hand("[WwWwWwWw] 222c 345c 678c GdGd seat=W round=W win=Gd by=discard")
    assert score.breakdown() == {
        "open_kan_honours": 16,
        "concealed_pon_simples": 4,
        "mahjongg": 20,
        "completes_pair": 2,
        "dragon_pair": 2,
        "double_wind_kan": 4,
        "one_suit_with_honours": 2,
    }
    assert (score.points, score.doublings, score.total) == (44, 6, 2816)


def test_example_39936_is_capped_at_the_limit_3000() -> None:
    score = score_hand("{EwEwEwEw} [RdRdRd] 999b 111k SwSw seat=E round=E win=1k by=wall")
    assert score.breakdown() == {
        "open_pon_honours": 4,
        "concealed_kan_honours": 32,
        "concealed_pon_terminals": 16,
        "mahjongg": 20,
        "from_the_wall": 2,
        "only_pons": 2,
        "wind_pair": 2,
        "dragon_pon": 1,
        "double_wind_kan": 4,
        "terminals_and_honours": 4,
        "limit": 3000,
    }
    assert (score.points, score.doublings, score.value, score.total) == (78, 9, 39936, 3000)
    assert score.limited


def test_example_kan_replacement_with_own_bonus_tiles_640() -> None:
    score = score_hand("[5b5b5b5b] 123c 456c 789c 22k F3 S3 seat=W round=S win=2k by=kan")
    assert score.breakdown() == {
        "open_kan_simples": 8,
        "bonus_tile": 8,
        "mahjongg": 20,
        "from_the_wall": 2,
        "completes_pair": 2,
        "suit_kan": 1,
        "own_flower": 1,
        "own_season": 1,
        "kan_replacement": 1,
    }
    assert (score.points, score.doublings, score.total) == (40, 4, 640)


def test_example_not_the_caller_192() -> None:
    score = score_hand("[NwNwNw] 777k 1111c 29b Rd F4 S1 seat=N round=S")
    assert score.breakdown() == {
        "open_pon_honours": 4,
        "concealed_pon_simples": 4,
        "concealed_pon_terminals": 8,
        "bonus_tile": 8,
        "seat_wind_pon": 2,
        "own_flower": 1,
    }
    assert (score.points, score.doublings, score.total) == (24, 3, 192)


def test_example_seven_pairs_scores_3000() -> None:
    score = score_hand("11b 22b 55c 77c 99k EwEw RdRd seat=W round=E win=Rd by=discard")
    assert score.breakdown() == {"seven_pairs": 3000}
    assert score.total == 3000


# §5


def test_example_a_difference_616_752_302_438() -> None:
    settlement = parse_settlement("settle=diff winner=W E=38 S=280 W=130 N=12").settle()
    assert {(p.payer.code, p.payee.code, p.amount) for p in settlement.payments} == {
        ("N", "E", 52),
        ("N", "W", 118),
        ("N", "S", 268),
        ("E", "W", 184),
        ("E", "S", 484),
    }
    assert settlement.text == "E=-616 S=+752 W=+302 N=-438"


def test_example_a_full_value_692_622_520_450() -> None:
    settlement = parse_settlement("settle=full winner=W E=38 S=280 W=130 N=12").settle()
    assert {(p.payer.code, p.payee.code, p.amount, p.key) for p in settlement.payments} == {
        ("N", "W", 130, "full_value"),
        ("E", "W", 260, "full_value"),
        ("S", "W", 130, "full_value"),
        ("N", "E", 52, "difference"),
        ("N", "S", 268, "difference"),
        ("E", "S", 484, "difference"),
    }
    assert settlement.text == "E=-692 S=+622 W=+520 N=-450"


def test_example_b_east_calls_full_value() -> None:
    settlement = parse_settlement("settle=full winner=E E=200 S=40 W=0 N=104").settle()
    assert {(p.payer.code, p.payee.code, p.amount) for p in settlement.payments} == {
        ("S", "E", 400),
        ("W", "E", 400),
        ("N", "E", 400),
        ("W", "S", 40),
        ("W", "N", 104),
        ("S", "N", 64),
    }
    assert settlement.text == "E=+1200 S=-424 W=-544 N=-232"
