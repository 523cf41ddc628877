"""RULES.md §4: credits to points."""

from __future__ import annotations

import pytest

from scoring.mhing import points_for

# The table of RULES.md §4, row by row.
TABLE = {
    0: 0,
    1: 2,
    2: 4,
    3: 8,
    4: 16,
    **dict.fromkeys(range(5, 8), 32),
    **dict.fromkeys(range(8, 11), 64),
    **dict.fromkeys(range(11, 14), 128),
    **dict.fromkeys(range(14, 17), 256),
    **dict.fromkeys(range(17, 20), 512),
    **dict.fromkeys(range(20, 23), 1024),
    **dict.fromkeys(range(23, 26), 2048),
    **dict.fromkeys(range(26, 29), 4096),
    **dict.fromkeys(range(29, 32), 8192),
    **dict.fromkeys(range(32, 35), 16384),
    **dict.fromkeys(range(35, 38), 32768),
    **dict.fromkeys(range(38, 41), 65536),
    41: 131072,
}


@pytest.mark.parametrize(("credits", "points"), sorted(TABLE.items()))
def test_points_follow_the_table(credits: int, points: int) -> None:
    assert points_for(credits) == points


def test_negative_credits_are_refused() -> None:
    with pytest.raises(ValueError):
        points_for(-1)
