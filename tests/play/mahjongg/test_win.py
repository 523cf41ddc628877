"""§2.2 The engine's quick Mah-Jongg test agrees with `scoring.mahjongg` (which scores the
hand): four sets and a pair, seven different pairs, thirteen orphans, nine gates."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.play.mahjongg.ending import hand_text
from games.play.mahjongg.state import Meld, MeldKind, SeatState
from games.play.mahjongg.win import is_mahjongg
from scoring.mahjongg import answer

from .conftest import tiles


@pytest.mark.parametrize(
    ("hand", "wins"),
    [
        ("123b 456b 789b 234c 55k", True),  # §2.2 a standard hand
        ("11b 22b 55c 77c 99k EwEw RdRd", True),  # seven pairs
        ("11b 11b 55c 77c 99k EwEw RdRd", False),  # [ruling] four alike are no two pairs
        ("19b 19c 19k EwSwWwNw RdGdWd Wd", True),  # thirteen orphans
        ("1112345678999c 5c", True),  # nine gates
        ("123b 456b 789b 234c 5k 6k", False),
        ("111222333b 789c 55k", True),
    ],
)
def test_s2_2_the_winning_hands(hand: str, wins: bool) -> None:
    assert is_mahjongg(tiles(hand), 0) is wins


def test_s2_2_laid_out_sets_count_as_they_lie() -> None:
    assert is_mahjongg(tiles("123b 456c 55k"), 2)
    assert not is_mahjongg(tiles("123b 456c 5k 6k"), 2)


SETS = (
    [tuple([t] * 3) for t in range(34)]
    + [(s + r, s + r + 1, s + r + 2) for s in (0, 9, 18) for r in range(7)]
)  # fmt: skip


@st.composite
def hands(draw):
    laid = draw(st.integers(0, 2))
    groups = [draw(st.sampled_from(SETS)) for _ in range(4)]
    pair = draw(st.integers(0, 33))
    concealed = [t for g in groups[laid:] for t in g] + [pair, pair]
    if draw(st.booleans()):  # spoil it now and then
        concealed[draw(st.integers(0, len(concealed) - 1))] = draw(st.integers(0, 33))
    melds = tuple(Meld(g, MeldKind.PON if g[0] == g[1] else MeldKind.CHI) for g in groups[:laid])
    return tuple(sorted(concealed)), melds


@settings(max_examples=300, deadline=None)
@given(hands())
def test_the_engine_offers_mahjongg_exactly_when_the_scorer_scores_it(hand) -> None:
    concealed, melds = hand
    counts = Counter(concealed) + Counter(t for m in melds for t in m.tiles)
    if max(counts.values()) > 4:
        return  # no such hand at one table
    line = hand_text(SeatState(concealed, melds), concealed[0], "wall") + " seat=E round=E"

    assert is_mahjongg(concealed, len(melds)) is (answer(line) != "NOT_WINNING"), line
