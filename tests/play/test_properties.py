"""Invariants over random seeded bot games (hypothesis): after every action all 150 cards
are accounted for, no view shows another seat's concealed cards, the listed actions are
exactly those `apply` accepts, the stored form round-trips, and every finished round's
winning hand scores exactly as `scoring.mhing` says."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.play.actions import (
    Action,
    ClaimMhing,
    ClaimSequence,
    ClaimTriplet,
    CloseClaims,
    DeclareMhing,
    Discard,
    Pass,
)
from games.play.bots import choose_action
from games.play.errors import IllegalAction
from games.play.round import apply, awaiting, legal_actions, new_round
from games.play.serialize import state_from_dict, state_to_dict
from games.play.state import Phase, RoundState
from games.play.tiles import DECK_COUNTS, FLOWER, JOKER, scoring_hand
from games.play.views import view_for
from scoring.mhing import format_hand, score_hand

GAMES = settings(max_examples=30, deadline=None)
rounds = st.tuples(st.integers(2, 6), st.integers(0, 2**31), st.integers(0, 5))


def played(players: int, seed: int, dealer: int) -> list[RoundState]:
    """Every state of one bot-played round, from the deal to the end."""
    rng = random.Random(seed)
    state, _ = new_round(players, dealer % players, seed=seed)
    states = [state]
    while state.phase is not Phase.OVER:
        waiting = awaiting(state)
        # Now and then the table's timeout closes the window instead.
        if state.phase is Phase.CLAIMS and rng.random() < 0.05:
            state, _ = apply(state, None, CloseClaims())
        else:
            seat = waiting[0]
            state, _ = apply(state, seat, choose_action(view_for(state, seat), seat, rng))
        states.append(state)
    return states


def card_count(state: RoundState) -> Counter[int]:
    counts = Counter(state.stock)
    for seat in state.seats:
        counts.update(seat.concealed)
        counts.update(seat.discards)
        for meld in seat.exposed:
            counts.update(meld.tiles)
        counts[FLOWER] += seat.flowers
    return counts


@GAMES
@given(rounds)
def test_all_150_cards_are_accounted_for_after_every_action(game: tuple[int, int, int]) -> None:
    for state in played(*game):
        assert card_count(state) == Counter(dict(enumerate(DECK_COUNTS)))


@GAMES
@given(rounds)
def test_no_view_ever_shows_another_seats_concealed_cards(game: tuple[int, int, int]) -> None:
    for state in played(*game):
        over = state.phase is Phase.OVER
        for viewer in (None, *range(state.players)):
            view = json.loads(json.dumps(view_for(state, viewer)))
            for seat, shown in enumerate(view["seats"]):
                if seat != viewer and not over:
                    assert shown["hand"] is None and shown["drawn"] is None
                assert shown["hand_count"] == len(state.seats[seat].concealed)
            if view["claims"] is not None:
                own = state.answers[viewer] if viewer is not None else None
                assert view["claims"]["your_answer"] == (own.to_dict() if own else None)


@GAMES
@given(rounds)
def test_every_finished_round_scores_exactly_as_the_scorer_says(game: tuple[int, int, int]) -> None:
    final = played(*game)[-1]
    outcome = final.outcome
    if outcome.is_draw:
        assert outcome.score is None
        return
    winner = final.seats[outcome.winner]
    hand = scoring_hand(winner.concealed, winner.exposed_tiles, winner.flowers)
    assert outcome.score == score_hand(format_hand(hand))
    assert view_for(final, None)["outcome"]["score"]["points"] == outcome.points


@GAMES
@given(rounds)
def test_the_stored_form_round_trips_after_every_action(game: tuple[int, int, int]) -> None:
    for state in played(*game):
        assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state


def random_actions(state: RoundState, seat: int | None, rng: random.Random) -> list[Action]:
    """Actions of every kind, many near-legal: cards from the seat's own hand."""
    hand = list(state.seats[seat].concealed) if seat is not None else [JOKER]

    def tile() -> int:
        return rng.choice(hand) if rng.random() < 0.7 else rng.randrange(JOKER + 1)

    def named() -> int | None:
        return rng.choice([None, rng.randrange(JOKER)])

    return [
        Discard(tile()),
        Discard(tile()),
        DeclareMhing(),
        Pass(),
        ClaimMhing(),
        CloseClaims(),
        *(ClaimSequence((tile(), tile()), named()) for _ in range(3)),
        *(ClaimTriplet((tile(), tile()), named()) for _ in range(3)),
    ]


@settings(max_examples=20, deadline=None)
@given(rounds)
def test_legal_actions_are_exactly_the_actions_apply_accepts(game: tuple[int, int, int]) -> None:
    rng = random.Random(game[1])
    for state in played(*game)[::3]:
        for seat in (None, *range(state.players)):
            listed = legal_actions(state, seat)
            assert len(set(listed)) == len(listed)
            for action in listed:
                apply(state, seat, action)  # raises if a listed action is refused
            for action in random_actions(state, seat, rng):
                if action in listed:
                    continue
                try:
                    apply(state, seat, action)
                except IllegalAction:
                    continue
                raise AssertionError(f"seat {seat}: {action} applies but is not listed")
