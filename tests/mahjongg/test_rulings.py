"""Every **[ruling]** of MAHJONGG.md that the engine follows, each by name. (The rulings of
§6 on play, the dead wall, claims and the draw, belong to the live engine; those of §5 and §7
are in test_settle.py and test_rotation.py.)"""

from __future__ import annotations

import pytest

from scoring.mahjongg import ArrangementKind, GroupKind, NotWinning, Tile, score_hand

# §2.1


def test_ruling_a_pon_completed_by_a_claimed_discard_is_open() -> None:
    by_discard = score_hand("234b 234b 666c 888c 99k seat=N round=E win=8c by=discard")
    by_wall = score_hand("234b 234b 666c 888c 99k seat=N round=E win=8c by=wall")
    assert by_discard.breakdown()["open_pon_simples"] == 2
    assert by_wall.breakdown()["concealed_pon_simples"] == 8  # 666c and 888c, both concealed
    assert "open_pon_simples" not in by_wall.breakdown()


def test_ruling_the_discard_opens_only_the_pon_it_completes() -> None:
    score = score_hand("111c 999b 555k 789k RdRd seat=S round=E win=Rd by=discard")
    assert score.breakdown()["concealed_pon_terminals"] == 16  # the pair took the discard


def test_ruling_every_set_in_brackets_scores_as_open() -> None:
    laid_out = score_hand("[999b] 123c 456c 789k 11k seat=S round=E win=1k by=wall")
    assert laid_out.breakdown()["open_pon_terminals"] == 4


# §2.2


def test_ruling_seven_pairs_must_be_seven_different_tiles() -> None:
    with pytest.raises(NotWinning):
        score_hand("1111b 55c 77c 99k EwEw RdRd seat=W round=E win=Rd by=discard")


def test_ruling_thirteen_orphans_and_nine_gates_are_the_classical_definitions() -> None:
    orphans = "1b 9b 1c 9c 1k 9k Ew Sw Ww Nw Rd Gd Wd"
    assert score_hand(f"{orphans} 9k seat=S round=E win=Wd by=discard").total == 3000
    with pytest.raises(NotWinning):  # thirteen different orphans need a fourteenth orphan
        score_hand(f"{orphans} 5k seat=S round=E win=Wd by=discard")
    nine_gates = score_hand("1112345678999b 9b seat=S round=E win=9b by=discard")
    assert nine_gates.arrangement.kind is ArrangementKind.NINE_GATES


def test_ruling_the_best_arrangement_counts_split() -> None:
    score = score_hand("111222333b 789c 55k seat=S round=E win=2b by=wall")
    assert score.total == 96  # three chis; as three pons it would be 76


def test_ruling_the_best_arrangement_counts_the_group_the_winning_tile_completes() -> None:
    # 5b completes the pair (2 points) rather than the end of the chi 345b (nothing).
    pair = score_hand("345b 55b 123c 456c 789k seat=S round=E win=5b by=discard")
    assert pair.breakdown()["completes_pair"] == 2
    # A discard completing the pon 555b would open it (2 instead of 4): better the chi.
    chi = score_hand("555b 345b 123c 456c 99k seat=S round=E win=5b by=discard")
    assert chi.breakdown() == {"concealed_pon_simples": 4, "mahjongg": 20}
    arrangement = chi.arrangement
    assert arrangement.groups[arrangement.winning].kind is GroupKind.CHI


def test_ruling_the_best_arrangement_counts_a_special_or_a_standard_hand() -> None:
    # Seven pairs that also split into chis and a pair: the limit is worth more.
    score = score_hand("223344b 556677c 99k seat=S round=E win=9k by=discard")
    assert score.arrangement.kind is ArrangementKind.SEVEN_PAIRS
    assert score.total == 3000


# §3


def test_ruling_no_rounding() -> None:
    assert score_hand("[777c] 999b 23b 1k 4k 6k Rd Wd seat=E round=E").total == 10
    assert score_hand("234b 567c 345k [678b] 55k seat=S round=E win=4k by=discard").total == 88


# §3.1


def test_ruling_open_kan_of_simples_is_8() -> None:
    score = score_hand("[4c4c4c4c] 123b 567b 789k 22k seat=W round=S win=2k by=discard")
    assert score.breakdown()["open_kan_simples"] == 8


def test_ruling_a_non_callers_undeclared_four_is_one_concealed_pon() -> None:
    score = score_hand("[NwNwNw] 777k 1111c 29b Rd seat=N round=S")
    assert score.breakdown()["concealed_pon_terminals"] == 8
    assert score.arrangement.loose.count(Tile.C1) == 1  # the fourth 1c scores nothing


# §3.2


def test_ruling_set_rows_are_totals_a_kan_earns_one_more_than_its_pon() -> None:
    pon = score_hand("[EwEwEw] 123c 456c 789k 11k seat=E round=E win=1k by=discard")
    kan = score_hand("[EwEwEwEw] 123c 456c 789k 11k seat=E round=E win=1k by=discard")
    assert pon.breakdown()["double_wind_pon"] == 3
    assert kan.breakdown()["double_wind_kan"] == 4
    assert "suit_kan" not in kan.breakdown()
    assert kan.doublings == pon.doublings + 1


def test_ruling_honours_only_have_no_suit_and_earn_only_the_4() -> None:
    score = score_hand("[EwEwEw] [SwSwSw] RdRdRd GdGdGd WdWd seat=N round=N win=Wd by=wall")
    assert score.breakdown()["terminals_and_honours"] == 4
    assert "one_suit_with_honours" not in score.breakdown()
    assert "one_suit" not in score.breakdown()


def test_ruling_purity_counts_for_every_player() -> None:
    other = score_hand("[RdRdRd] 123b 456b 789b 5b seat=S round=E")
    assert other.breakdown()["one_suit_with_honours"] == 2


def test_ruling_all_doublings_add_up_terminals_and_honours_in_one_suit_4_plus_2() -> None:
    score = score_hand("111b 999b [RdRdRd] [EwEwEw] NwNw seat=S round=E win=Nw by=discard")
    breakdown = score.breakdown()
    assert breakdown["terminals_and_honours"] == 4
    assert breakdown["one_suit_with_honours"] == 2
    assert score.doublings == 4 + 2 + 1 + 2  # and the Rd pon, and the round-wind pon


def test_ruling_the_own_bonus_tile_counts_once_per_group() -> None:
    others = "2b 5b 8b 1c 4c 7c 3k 6k 9k Ew Sw Ww Rd seat=E round=S"
    two_groups = score_hand(f"{others} F1 S1").breakdown()
    assert (two_groups["own_flower"], two_groups["own_season"]) == (1, 1)
    all_flowers = score_hand(f"{others} F1 F2 F3 F4").breakdown()
    assert all_flowers["all_flowers"] == 2 and "own_flower" not in all_flowers
    all_eight = score_hand(f"{others} F1 F2 F3 F4 S1 S2 S3 S4")
    assert all_eight.doublings == 5
    assert all_eight.breakdown() == {"bonus_tile": 32, "all_bonus_tiles": 5}


# §3.3


def test_ruling_a_pair_of_dragons_or_of_any_wind_scores_2() -> None:
    # Changed 2026-11-28: 002's row "Schlußpärchen aus Winden oder Drachen" names every
    # wind; a wind that is neither seat nor round wind used to score 0.
    base = "234b 123c 456c 789k"
    assert (
        score_hand(f"{base} RdRd seat=S round=E win=2b by=discard").breakdown()["dragon_pair"] == 2
    )
    other_wind = score_hand(f"{base} NwNw seat=S round=E win=2b by=discard")
    assert other_wind.breakdown() == {"mahjongg": 20, "wind_pair": 2}
    assert other_wind.points == 22
    double = score_hand(f"{base} EwEw seat=E round=E win=2b by=discard").breakdown()
    assert double["seat_wind_pair"] + double["double_wind_pair"] == 4


def test_ruling_bonus_tiles_spoil_neither_from_the_hand_nor_only_chis() -> None:
    score = score_hand("123b 456b 789b 234c 55k F1 S2 seat=E round=E win=5k by=wall")
    assert score.breakdown()["from_the_hand"] == 1
    assert score.breakdown()["only_chis"] == 1


def test_ruling_only_pons_is_2_points_not_a_doubling() -> None:
    score = score_hand("[555b] 999c 111k [RdRdRd] 22k seat=S round=E win=2k by=discard")
    assert score.breakdown()["only_pons"] == 2
    assert score.doublings == 1  # the dragon pon only


def test_ruling_kans_count_as_pons_for_only_pons() -> None:
    score = score_hand("[5555b] {9999c} 111k [RdRdRd] 22k seat=S round=E win=2k by=discard")
    assert score.breakdown()["only_pons"] == 2


def test_ruling_a_kan_replacement_earns_from_the_wall_too() -> None:
    score = score_hand("[5b5b5b5b] 123c 456c 789c 22k F3 S3 seat=W round=S win=2k by=kan")
    assert score.breakdown()["from_the_wall"] == 2
    assert score.breakdown()["kan_replacement"] == 1


def test_ruling_last_is_only_the_self_drawn_last_tile() -> None:
    score = score_hand("123b 456b 789b 234c 55k seat=E round=E win=5k by=last")
    assert score.breakdown()["last_tile"] == 1
    assert score.breakdown()["from_the_wall"] == 2
    assert score.breakdown()["from_the_hand"] == 1


def test_ruling_a_concealed_kan_spoils_from_the_hand() -> None:
    score = score_hand("{4c4c4c4c} 123b 567b 789k 22k seat=W round=S win=2k by=wall")
    assert "from_the_hand" not in score.breakdown()


# §3.4


def test_seven_pairs_scores_3000_and_nothing_else() -> None:
    score = score_hand("11b 22b 55c 77c 99k EwEw RdRd F1 F2 seat=W round=E win=Rd by=wall")
    assert score.breakdown() == {"seven_pairs": 3000}


def test_seven_pairs_is_capped_by_a_lower_limit() -> None:
    capped = score_hand("11b 22b 55c 77c 99k EwEw RdRd seat=W round=E win=Rd by=wall limit=500")
    assert capped.total == 500 and capped.limited
    assert capped.breakdown() == {"seven_pairs": 3000, "limit": 500}


def test_seven_pairs_is_not_raised_by_a_higher_limit() -> None:
    # Changed 2026-11-28: it used to score "exactly the limit", 6000 here (002: 3000).
    raised = score_hand("11b 22b 55c 77c 99k EwEw RdRd seat=W round=E win=Rd by=wall limit=6000")
    assert raised.total == 3000 and not raised.limited
    agreed = score_hand("11b 22b 55c 77c 99k EwEw RdRd seat=W round=E win=Rd by=wall", 6000)
    assert agreed.total == 3000


def test_thirteen_orphans_and_nine_gates_still_pay_the_limit() -> None:
    orphans = "19b 19c 19k EwSwWwNw RdGdWdWd seat=S round=E win=Wd by=wall"
    gates = "1112345678999c 5c seat=S round=E win=5c by=wall"
    for line in (orphans, gates):
        assert score_hand(f"{line} limit=6000").total == 6000
        assert score_hand(f"{line} limit=500").total == 500
        assert score_hand(line).total == 3000


def test_ruling_the_limit_caps_each_hand_before_settlement() -> None:
    score = score_hand("{EwEwEwEw} [RdRdRd] 999b 111k SwSw seat=E round=E win=1k by=wall")
    assert (score.value, score.total) == (39936, 3000)
