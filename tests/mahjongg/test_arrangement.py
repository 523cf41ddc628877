"""MAHJONGG.md §2.2: which tiles form a Mah-Jongg hand, and how the arrangement is shown."""

from __future__ import annotations

import pytest

from scoring.mahjongg import ArrangementKind, GroupKind, NotWinning, Tile, Where, score_hand


@pytest.mark.parametrize(
    "line",
    [
        "123b 456b 789c 345k 5c 7c seat=E round=E win=7c by=wall",  # golden: no pair
        "1111b 234c 567c 789k 5k seat=E round=E win=5k by=wall",  # undeclared four is no kan
        "RdRdRdRd 123c 456c 789k 5k seat=E round=E win=5k by=wall",  # 4 honours: no set
        "123b 456b 11c 22c 33k 44k seat=E round=E win=1c by=wall",  # four pairs
        "[123b] 11b 22c 55c 77c 99k Ew seat=E round=E win=1b by=wall",  # pairs beside a set
        "891b 234c 567c 789k 55k seat=E round=E win=5k by=wall",  # no 8-9-1 chi
        "EwSwWw 234c 567c 789k 55k seat=E round=E win=5k by=wall",  # honours make no chi
    ],
)
def test_tiles_that_form_no_mahjongg_hand_are_not_winning(line: str) -> None:
    with pytest.raises(NotWinning) as error:
        score_hand(line)
    assert str(error.value).startswith("not a Mah-Jongg hand")


def test_an_undeclared_four_is_a_concealed_pon_and_a_tile_of_another_group() -> None:
    score = score_hand("1111b 23b 567c 789k 55k seat=E round=E win=5k by=wall")
    kinds = sorted((g.kind.value, g.tile.code) for g in score.arrangement.groups)
    assert ("pon", "1b") in kinds and ("chi", "1b") in kinds


def test_seven_pairs_show_as_seven_pairs() -> None:
    score = score_hand("11b 22b 55c 77c 99k EwEw RdRd seat=W round=E win=Rd by=discard")
    assert [g.kind for g in score.arrangement.groups] == [GroupKind.PAIR] * 7


@pytest.mark.parametrize("extra", ["1c", "2c", "5c", "9c"])
def test_nine_gates_takes_any_fourteenth_tile_of_its_suit(extra: str) -> None:
    score = score_hand(f"1112345678999c {extra} seat=S round=E win={extra} by=wall")
    assert score.arrangement.kind is ArrangementKind.NINE_GATES
    assert score.total == 3000


def test_the_special_hands_pay_the_agreed_limit() -> None:
    line = "19b 19c 19k EwSwWwNw RdGdWd 1b seat=S round=E win=1b by=discard"
    assert score_hand(line, limit=1000).total == 1000
    assert score_hand(line).arrangement.kind is ArrangementKind.THIRTEEN_ORPHANS


def test_the_arrangement_lists_laid_out_sets_then_the_hand_then_the_pair() -> None:
    score = score_hand("[RdRdRd] 789k 111c 555b EwEw seat=E round=S win=Ew by=wall")
    groups = score.arrangement.groups
    assert [g.text for g in groups] == ["[RdRdRd]", "555b", "111c", "789k", "EwEw"]
    assert groups[0].where is Where.EXPOSED and groups[0].open
    assert groups[score.arrangement.winning].kind is GroupKind.PAIR


def test_a_declared_kan_lies_as_declared_and_counts_concealed() -> None:
    score = score_hand("{4c4c4c4c} 123b 567b 789k 22k seat=W round=S win=2k by=discard")
    kan = score.arrangement.groups[0]
    assert (kan.kind, kan.where, kan.open, kan.text) == (
        GroupKind.KAN,
        Where.DECLARED,
        False,
        "{4444c}",
    )


def test_a_non_callers_hand_is_not_split() -> None:
    score = score_hand("[NwNwNw] 777k 1111c 29b Rd F4 S1 seat=N round=S")
    arrangement = score.arrangement
    assert arrangement.kind is ArrangementKind.NOT_SPLIT
    assert [g.text for g in arrangement.groups] == ["[NwNwNw]", "111c", "777k"]
    assert arrangement.loose == (Tile.B2, Tile.B9, Tile.C1, Tile.RED)
    assert arrangement.winning is None


def test_a_non_callers_chis_score_nothing() -> None:
    assert score_hand("123b 456b 789c 345k 5c seat=E round=E").total == 0
