"""Invariants over hands hypothesis builds (MAHJONGG.md §1-3): any four sets and a pair win,
however laid out; the notation reads back what it wrote; token order means nothing; scores
are their items' sums, capped at the limit; only the caller earns the caller's rows."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from hypothesis import assume, given
from hypothesis import strategies as st

from scoring.mahjongg import (
    ROWS,
    Bonus,
    Hand,
    Meld,
    Pairs,
    RowKind,
    WinBy,
    Wind,
    format_hand,
    parse_hand,
    score_hand,
)
from scoring.mahjongg.tiles import KINDS, SUIT_TILES, TILES, WIND_TILES

CALLER_KEYS = {row.key for row in ROWS if row.caller_only}

winds = st.sampled_from(list(Wind))
bonus_tiles = st.sets(st.sampled_from(list(Bonus))).map(tuple)
limits = st.one_of(st.none(), st.integers(1, 10_000))
pairs_variants = st.one_of(st.none(), st.sampled_from(list(Pairs)))


@st.composite
def a_set(draw: st.DrawFn) -> list[int]:
    kind = draw(st.sampled_from(["chi", "pon", "kan"]))
    if kind == "chi":
        start = draw(st.sampled_from([t for t in range(SUIT_TILES) if t % 9 <= 6]))
        return [start, start + 1, start + 2]
    tile = draw(st.integers(0, KINDS - 1))
    return [tile] * (3 if kind == "pon" else 4)


@st.composite
def caller_hands(draw: st.DrawFn) -> Hand:
    sets = [draw(a_set()) for _ in range(4)]
    pair = draw(st.integers(0, KINDS - 1))
    assume(max(Counter([t for s in sets for t in s] + [pair, pair]).values()) <= 4)
    concealed = [pair, pair]
    melds = []
    for tiles in sets:
        # A kan is always laid out; a chi or pon may be exposed or kept in the hand.
        where = draw(st.sampled_from(["[", "{"] if len(tiles) == 4 else ["[", "hand"]))
        if where == "hand":
            concealed.extend(tiles)
        else:
            melds.append(Meld(tuple(TILES[t] for t in tiles), concealed=where == "{"))
    win = TILES[draw(st.sampled_from(concealed))]
    kans = any(len(m.tiles) == 4 for m in melds)
    by = draw(st.sampled_from([b for b in WinBy if b is not WinBy.KAN or kans]))
    return Hand(
        tuple(TILES[t] for t in concealed),
        tuple(melds),
        draw(bonus_tiles),
        draw(winds),
        draw(winds),
        win,
        by,
        draw(limits),
        draw(pairs_variants),
    )


@st.composite
def other_hands(draw: st.DrawFn) -> Hand:
    melds = [draw(a_set()) for _ in range(draw(st.integers(0, 3)))]
    kans = sum(1 for m in melds if len(m) == 4)
    loose = draw(st.lists(st.integers(0, KINDS - 1), min_size=13, max_size=13))
    loose = loose[: 13 - 3 * len(melds)]
    assume(max(Counter([t for m in melds for t in m] + loose).values()) <= 4)
    concealed_kans = draw(st.lists(st.booleans(), min_size=len(melds), max_size=len(melds)))
    hand = Hand(
        tuple(TILES[t] for t in loose),
        tuple(
            Meld(tuple(TILES[t] for t in m), concealed=len(m) == 4 and declared)
            for m, declared in zip(melds, concealed_kans, strict=True)
        ),
        draw(bonus_tiles),
        draw(winds),
        draw(winds),
        pairs=draw(pairs_variants),
    )
    assert hand.tiles_needed == 13 + kans
    return hand


def as_tokens(hand: Hand) -> list[str]:
    """The line as separate tokens: one per loose tile, one per set, bonus tile and key."""
    return [tile.code for tile in hand.concealed] + format_hand(
        Hand((), hand.melds, hand.bonus, hand.seat_wind, hand.round_wind, hand.win, hand.by,
             hand.limit, hand.pairs)
    ).split()  # fmt: skip


@given(caller_hands())
def test_any_four_sets_and_a_pair_make_a_mahjongg_hand(hand: Hand) -> None:
    score = score_hand(hand)
    assert 0 < score.total <= score.limit
    assert score.limit == (hand.limit or 3000)


@given(st.one_of(caller_hands(), other_hands()))
def test_a_score_is_its_items_summed_and_capped(hand: Hand) -> None:
    score = score_hand(hand)
    if score.arrangement.kind.value == "seven_pairs":
        assert score.total == min(3000, score.limit)  # §3.4, changed 2026-11-28
        return
    if score.arrangement.kind.value in ("thirteen_orphans", "nine_gates"):
        assert score.total == score.limit
        return
    points = sum(item.value for item in score.items if item.kind is RowKind.POINTS)
    doublings = sum(item.value for item in score.items if item.kind is RowKind.DOUBLINGS)
    assert (score.points, score.doublings) == (points, doublings)
    assert score.total == min(points * 2**doublings, score.limit)
    assert ("limit" in score.breakdown()) == (points * 2**doublings > score.limit)


@given(other_hands())
def test_only_the_caller_earns_the_callers_rows(hand: Hand) -> None:
    assert not CALLER_KEYS & set(score_hand(hand).breakdown())


@given(other_hands())
def test_pairs_all_adds_2_points_for_each_honour_pair_of_a_non_caller(hand: Hand) -> None:
    # §3.1 (004): each dragon or wind held exactly twice outside brackets scores as the
    # caller's pair, 2, and a wind that is both seat and round wind 2 more; nothing else moves.
    caller_only = score_hand(replace(hand, pairs=Pairs.CALLER))
    every = score_hand(replace(hand, pairs=Pairs.ALL))
    counts = hand.concealed_counts()
    pairs = [t for t in range(SUIT_TILES, KINDS) if counts[t] == 2]
    double = [t for t in pairs if t - WIND_TILES[0] == hand.seat_wind == hand.round_wind]
    assert every.points == caller_only.points + 2 * len(pairs) + 2 * len(double)
    assert every.doublings == caller_only.doublings


@given(st.one_of(caller_hands(), other_hands()))
def test_the_notation_reads_back_what_it_wrote(hand: Hand) -> None:
    assert parse_hand(format_hand(hand)) == hand


@given(st.one_of(caller_hands(), other_hands()), st.randoms(use_true_random=False))
def test_token_order_means_nothing(hand: Hand, rng: random.Random) -> None:
    tokens = as_tokens(hand)
    rng.shuffle(tokens)
    shuffled = parse_hand(" ".join(tokens))
    assert shuffled == hand
    first, second = score_hand(hand), score_hand(shuffled)
    assert (first.total, first.breakdown()) == (second.total, second.breakdown())
