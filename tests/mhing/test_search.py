"""How the search combines the blocks' ways (`search.splits`). That the search finds the
best arrangement is `test_reference.py`'s job."""

from __future__ import annotations

from scoring.mhing.search import splits


def test_a_hand_without_jokers_splits_only_into_whole_sets() -> None:
    counts = [0] * 34
    for t in (0, 1, 2, 0, 1, 2, 0, 1, 2, 9, 9, 9, 18, 18):  # 111222333b 111c 11k
        counts[t] += 1

    found = splits(counts, 0, 4)

    readings = {tuple(sorted(sets)) for sets, _key, _pair in found}
    assert readings == {(0, 1, 2, 9), (9, 34, 34, 34)}  # three triplets or three 123b
    assert {pair for _sets, _key, pair in found} == {18}


def test_cards_that_fit_no_sets_give_no_split() -> None:
    counts = [0] * 34
    for t in (0, 4, 8, 9, 13, 17, 18, 22, 26, 27, 28, 29, 30, 31):  # nothing connects
        counts[t] += 1

    assert splits(counts, 0, 4) == []
