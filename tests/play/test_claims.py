"""RULES.md §5, claims: any other player may claim a discard for a sequence, a triplet or
Mhing; Mhing > Triplet > Sequence, ties to the first in turn order after the discarder; the
set is exposed at once and the claimant discards; an unclaimed discard is dead."""

from __future__ import annotations

import pytest

from games.play.actions import (
    ClaimMhing,
    ClaimSequence,
    ClaimTriplet,
    CloseClaims,
    Discard,
    Pass,
)
from games.play.errors import NamedCardNotAllowed, NamedCardRequired, NotAWinningHand
from games.play.events import Claimed, ClaimsClosed, DiscardDead, Drew
from games.play.round import apply, awaiting, legal_actions
from games.play.state import Meld, Phase, SeatState, SetKind
from games.play.tiles import JOKER, parse_tile
from scoring.mhing import score_hand

from .conftest import all_pass, rigged, tiles

B4, B5, B6, B7, B3 = (parse_tile(c) for c in ("4b", "5b", "6b", "7b", "3b"))

# Seat 0 (the dealer) draws Nw and discards 5b: seat 1 can make a sequence with it, seat 2
# a triplet, and seat 3 waits on it for the pair of a winning hand.
PRIORITY_HANDS = [
    "123c 456c 789c 11k 2k 5b",
    "46b 99k RdRd GdGd WdWd Ew Sw Nw",
    "55b 88k 77k 66k EwEw SwSw Nw",
    "123b 789b 444k 555k 5b",
]


def discarded_5b() -> object:
    state = rigged(PRIORITY_HANDS, draws="Nw")
    state, _ = apply(state, 0, Discard(B5))
    return state


def test_rule_5_claims_every_other_player_may_answer_the_discard() -> None:
    state = discarded_5b()

    assert awaiting(state) == (1, 2, 3)
    assert ClaimSequence((B4, B6)) in legal_actions(state, 1)
    assert ClaimTriplet((B5, B5)) in legal_actions(state, 2)
    assert legal_actions(state, 3) == [Pass(), ClaimMhing()]
    assert legal_actions(state, 0) == []


def test_rule_5_claims_mhing_beats_triplet_beats_sequence() -> None:
    state = discarded_5b()
    state, _ = apply(state, 1, ClaimSequence((B4, B6)))
    state, _ = apply(state, 2, ClaimTriplet((B5, B5)))
    state, events = apply(state, 3, ClaimMhing())

    assert state.phase is Phase.OVER
    assert state.outcome.winner == 3 and state.outcome.discarder == 0
    assert state.outcome.score == score_hand("123b 789b 444k 555k 55b")
    assert events[1] == Claimed(3, "mhing", 0, B5)


def test_rule_5_claims_a_triplet_beats_a_sequence_claimed_earlier_in_turn_order() -> None:
    state = discarded_5b()
    state, _ = apply(state, 1, ClaimSequence((B4, B6)))
    state, _ = apply(state, 2, ClaimTriplet((B5, B5)))
    state, _ = apply(state, 3, Pass())

    assert state.turn == 2 and state.phase is Phase.DISCARD
    assert state.seats[2].exposed == (Meld((B5, B5, B5), SetKind.TRIPLET, 0),)
    assert state.seats[1].exposed == ()


def test_rule_5_claims_a_sequence_may_be_claimed_by_any_player_not_only_the_next() -> None:
    hands = [
        PRIORITY_HANDS[0],
        "99k RdRd GdGd WdWd Ew Sw Nw 33k",
        "46b 88k 77k 66k EwEw Sw WwWw",
        PRIORITY_HANDS[3],
    ]
    state = rigged(hands, draws="Nw")
    state, _ = apply(state, 0, Discard(B5))
    state = all_pass(state, but=(2,))

    state, events = apply(state, 2, ClaimSequence((B4, B6)))

    assert events[-1] == Claimed(2, "sequence", 0, B5, (B5, B4, B6))
    assert state.seats[2].exposed[0].kind is SetKind.SEQUENCE


def test_rule_5_claims_equal_claims_go_to_the_first_in_turn_order_after_the_discarder() -> None:
    # Seat 2 deals and discards 5b; seats 3, 0 and 1 can all make a sequence with it.
    hands = [
        "34b 99k RdRd GdGd WdWd Ew SwSw",
        "67b 88k 77k 66k EwEw Sw WwWw",
        "123c 456c 789c 11k 2k 5b",
        "46b 444k 555k 1c 2c 3c Nw Ww",
    ]
    state = rigged(hands, draws="Nw", dealer=2)
    state, _ = apply(state, 2, Discard(B5))
    # Answers arrive out of turn order; the turn order still decides.
    state, _ = apply(state, 1, ClaimSequence((B6, B7)))
    state, _ = apply(state, 0, ClaimSequence((B3, B4)))
    after_tie, _ = apply(state, 3, ClaimSequence((B4, B6)))
    after_pass, _ = apply(state, 3, Pass())

    assert after_tie.turn == 3 and after_tie.seats[3].exposed
    assert after_pass.turn == 0 and after_pass.seats[0].exposed
    assert not after_pass.seats[1].exposed


def test_rule_5_claims_the_claimed_card_is_exposed_with_two_hand_cards_never_taken_in_hand() -> (
    None
):
    state = discarded_5b()
    hand_before = state.seats[2].concealed
    state = all_pass(state, but=(2,))

    state, _ = apply(state, 2, ClaimTriplet((B5, B5)))

    assert len(state.seats[2].concealed) == len(hand_before) - 2
    assert B5 not in state.seats[2].concealed
    assert state.seats[0].discards == ()  # the claimed card left the discard pile
    assert state.last_discard is None


def test_rule_5_claims_the_claimant_discards_and_play_continues_to_their_left() -> None:
    state = discarded_5b()
    state = all_pass(state, but=(2,))
    state, _ = apply(state, 2, ClaimTriplet((B5, B5)))

    state, _ = apply(state, 2, Discard(parse_tile("Nw")))
    state, events = apply(state, 3, Pass())
    state, _ = apply(state, 0, Pass())
    state, events = apply(state, 1, Pass())

    # Seat 1 sat between the discarder (0) and the claimant (2): it is skipped.
    assert isinstance(events[-1], Drew) and events[-1].seat == 3
    assert state.turn == 3
    assert len(state.seats[1].concealed) == 13


def test_rule_5_claims_jokers_from_hand_may_be_among_the_two_cards() -> None:
    hands = [
        PRIORITY_HANDS[0],
        "4b J 99k RdRd GdGd WdWd Ew Sw Nw",
        "5b J 88k 77k 66k EwEw Sw WwWw",
        PRIORITY_HANDS[3],
    ]
    state = rigged(hands, draws="Nw")
    state, _ = apply(state, 0, Discard(B5))

    assert ClaimSequence((B4, JOKER)) in legal_actions(state, 1)
    assert ClaimTriplet((B5, JOKER)) in legal_actions(state, 2)
    state, _ = apply(state, 1, ClaimSequence((JOKER, B4)))  # either order names the claim
    state = all_pass(state)

    assert state.seats[1].exposed == (Meld((B5, B4, JOKER), SetKind.SEQUENCE, 0),)


def test_rule_5_claims_an_unclaimed_discard_is_dead_and_stays_on_the_pile() -> None:
    state = discarded_5b()
    state, events = apply(state, 1, Pass())
    state, _ = apply(state, 2, Pass())
    state, events = apply(state, 3, Pass())

    assert events[1] == DiscardDead(0, B5)
    assert state.seats[0].discards == (B5,)
    assert state.last_discard == (0, B5)
    # The window closed: nobody may claim the dead card any more.
    assert not any(isinstance(a, (ClaimTriplet, ClaimMhing)) for a in legal_actions(state, 2))
    assert not any(isinstance(a, (ClaimTriplet, ClaimMhing)) for a in legal_actions(state, 3))


def test_rule_5_claims_a_discard_completes_the_pair_only_by_claiming_mhing() -> None:
    state = discarded_5b()

    # Seat 3 holds a single 5b: no set to claim, only Mhing.
    assert legal_actions(state, 3) == [Pass(), ClaimMhing()]
    with pytest.raises(NotAWinningHand):
        apply(state, 1, ClaimMhing())


NOTHING_CONNECTS_WAIT = "147b 258c 369k EwSw RdGd"  # any of Ww, Nw, Wd completes it


def test_rule_2_a_discard_completes_a_nothing_connects_hand_by_claiming_mhing() -> None:
    hands = [
        "123c 456c 789c 11k 2k Ww",
        "99k 44k 55k 66k 11b 7c 88c",
        "888k 777k 55b 66b Sw EwEw",
        NOTHING_CONNECTS_WAIT,
    ]
    state = rigged(hands, draws="Nw")
    state, _ = apply(state, 0, Discard(parse_tile("Ww")))

    assert ClaimMhing() in legal_actions(state, 3)
    state = all_pass(state, but=(3,))
    state, _ = apply(state, 3, ClaimMhing())

    assert state.outcome.score == score_hand(NOTHING_CONNECTS_WAIT + " Ww")


def test_rule_5_nothing_connects_only_without_exposed_sets() -> None:
    hands = [
        "123c 456c 789c 11k 2k Ww",
        "99k 44k 55k 66k 11b 7c 88c",
        "888k 777k 55b 66b Sw EwEw",
        NOTHING_CONNECTS_WAIT,
    ]
    state = rigged(hands, draws="Nw")
    state, _ = apply(state, 0, Discard(parse_tile("Ww")))
    # The same seat, but three of its cards lie exposed as a set it claimed earlier.
    with_set = SeatState(
        tuple(tiles("47b 258c 369k EwSw RdGd")),
        (Meld(tuple(tiles("1b 2b 3b")), SetKind.SEQUENCE, 1),),
    )
    state = state.evolve(seats=state.with_seat(3, with_set))

    assert ClaimMhing() not in legal_actions(state, 3)
    with pytest.raises(NotAWinningHand):
        apply(state, 3, ClaimMhing())


def discarded_joker() -> object:
    hands = [
        PRIORITY_HANDS[0],
        "45b 99k RdRd GdGd WdWd Ew Sw Nw",
        "55k 88k 77k 66k EwEw Sw WwWw",
        "123b 789b 444k 333k 6b",
    ]
    state = rigged(hands, draws="J")
    state, _ = apply(state, 0, Discard(JOKER))
    return state


def test_rule_5_claims_a_discarded_joker_is_claimed_as_the_card_the_claimant_names() -> None:
    state = discarded_joker()

    listed = legal_actions(state, 1)
    assert ClaimSequence((B4, B5), named=B6) in listed
    assert ClaimSequence((B4, B5), named=B3) in listed
    assert ClaimSequence((B4, B5), named=B7) not in listed
    state = all_pass(state, but=(1,))
    state, events = apply(state, 1, ClaimSequence((B4, B5), named=B6))

    assert state.seats[1].exposed == (Meld((JOKER, B4, B5), SetKind.SEQUENCE, 0, named=B6),)
    assert events[-1] == Claimed(1, "sequence", 0, JOKER, (JOKER, B4, B5), B6)


def test_rule_5_claims_a_discarded_joker_must_be_named_and_a_real_card_must_not() -> None:
    with pytest.raises(NamedCardRequired):
        apply(discarded_joker(), 1, ClaimSequence((B4, B5)))
    with pytest.raises(NamedCardNotAllowed):
        apply(discarded_5b(), 1, ClaimSequence((B4, B6), named=B5))


def test_rule_5_claims_a_discarded_joker_may_complete_mhing() -> None:
    state = discarded_joker()

    assert ClaimMhing() in legal_actions(state, 3)
    state = all_pass(state, but=(3,))
    state, _ = apply(state, 3, ClaimMhing())

    assert state.outcome.winner == 3
    assert state.outcome.score == score_hand("123b 789b 444k 333k 6b J")


def test_rule_5_claims_the_table_closes_the_window_as_if_the_rest_passed() -> None:
    state = discarded_5b()
    state, _ = apply(state, 2, ClaimTriplet((B5, B5)))

    assert legal_actions(state, None) == [CloseClaims()]
    state, events = apply(state, None, CloseClaims())

    assert events[0] == ClaimsClosed(timed_out=(1, 3))
    assert state.turn == 2 and state.seats[2].exposed
