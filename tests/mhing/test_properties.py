"""Invariants of scoring (RULES.md §1-3), over hands hypothesis builds from four random sets
and a pair, some cards swapped for jokers and some sets exposed."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.mhing import JOKER, Card, ExposedSet, Hand, format_hand, parse_hand, score_hand
from scoring.mhing.cards import KINDS
from scoring.mhing.melds import ALL_SET_IDS, set_cards


@st.composite
def winning_hands(draw: st.DrawFn, max_jokers: int = 6) -> Hand:
    sets = draw(st.lists(st.sampled_from(ALL_SET_IDS), min_size=4, max_size=4))
    pair = draw(st.integers(0, KINDS - 1))
    tiles = [t for s in sets for t in set_cards(s)] + [pair, pair]
    assume(max(Counter(tiles).values()) <= 4)
    cards: list[Card | object] = [Card(t) for t in tiles]
    for i in draw(st.sets(st.integers(0, 13), max_size=max_jokers)):
        cards[i] = JOKER
    exposed = draw(st.integers(0, 4))
    laid = tuple(ExposedSet(tuple(cards[3 * i : 3 * i + 3])) for i in range(exposed))
    rest = cards[3 * exposed :]
    concealed = tuple(c for c in rest if c is not JOKER)
    flowers = draw(st.integers(0, 8))
    return Hand(concealed, len(rest) - len(concealed), laid, flowers)


def as_tokens(hand: Hand) -> list[str]:
    """The hand as separate tokens: one per loose card, one per exposed set."""
    return (
        [card.code for card in hand.concealed]
        + ["J"] * hand.jokers
        + [f"[{s.text}]" for s in hand.exposed]
        + ["F"] * hand.flowers
    )


@given(winning_hands())
def test_any_four_sets_and_a_pair_make_a_winning_hand(hand: Hand) -> None:
    score = score_hand(hand)
    assert score.credits >= hand.flowers


@given(winning_hands(), st.randoms(use_true_random=False))
def test_card_order_never_changes_the_result(hand: Hand, rng: random.Random) -> None:
    tokens = as_tokens(hand)
    rng.shuffle(tokens)
    shuffled = score_hand(" ".join(tokens))
    original = score_hand(hand)
    assert (shuffled.credits, shuffled.breakdown()) == (original.credits, original.breakdown())


@given(winning_hands(max_jokers=5), st.data())
def test_a_joker_in_place_of_a_real_card_never_lowers_the_credits(
    hand: Hand, data: st.DataObject
) -> None:
    assume(hand.concealed)
    i = data.draw(st.integers(0, len(hand.concealed) - 1))
    with_joker = Hand(
        hand.concealed[:i] + hand.concealed[i + 1 :], hand.jokers + 1, hand.exposed, hand.flowers
    )
    assert score_hand(with_joker).credits >= score_hand(hand).credits


@given(winning_hands())
def test_the_arrangement_uses_exactly_the_cards_of_the_hand(hand: Hand) -> None:
    arrangement = score_hand(hand).arrangement
    placed_real = Counter(
        card
        for group in arrangement.groups
        for card, joker in zip(group.cards, group.jokers, strict=True)
        if not joker
    )
    assert placed_real == hand.card_counts()
    assert len(arrangement.joker_cards) == hand.total_jokers
    assert sum(len(g.cards) for g in arrangement.groups) == 14
    exposed = [g for g in arrangement.groups if g.exposed]
    assert len(exposed) == len(hand.exposed)
    for entered, group in zip(hand.exposed, exposed, strict=True):
        for tile, card, joker in zip(entered.tiles, group.cards, group.jokers, strict=True):
            assert joker if tile is JOKER else (card == tile and not joker)


@settings(max_examples=50)
@given(winning_hands())
def test_notation_round_trips(hand: Hand) -> None:
    assert parse_hand(format_hand(hand)) == hand
