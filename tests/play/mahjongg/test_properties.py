"""Invariants over random seeded bot games (hypothesis), 3 and 4 players, with and without
bonus tiles: after every action all 136/144 tiles are accounted for, no view ever shows
another seat's concealed tiles (every frame, every seat and a spectator), the listed actions
are exactly those `apply` accepts, and every finished game's hands score exactly as
`scoring.mahjongg` scores their lines; every state survives storage exactly."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.play.errors import IllegalAction
from games.play.mahjongg.actions import (
    AddKan,
    ClaimChi,
    ClaimKan,
    ClaimMahjongg,
    ClaimPon,
    CloseClaims,
    DeclareKan,
    DeclareMahjongg,
    Discard,
    Pass,
)
from games.play.mahjongg.ending import context
from games.play.mahjongg.engine import apply, legal_actions
from games.play.mahjongg.serialize import StateFormatError, state_from_dict, state_to_dict
from games.play.mahjongg.state import Phase
from games.play.mahjongg.tiles import full_set, tile_code
from games.play.mahjongg.views import view_for
from scoring.mahjongg import answer
from scoring.mahjongg.hand import Pairs
from scoring.mahjongg.profile import Profile
from scoring.mahjongg.settle import Method

from .conftest import played, tile_count

GAMES = settings(max_examples=20, deadline=None)
profiles = st.builds(
    Profile,
    settle=st.sampled_from(list(Method)),
    limit=st.sampled_from([500, 1000, 3000]),
    bonus_tiles=st.booleans(),
    players=st.sampled_from([3, 4]),
    settled_draw=st.booleans(),
    pairs=st.sampled_from(list(Pairs)),
)
seeds = st.integers(0, 2**31)


@GAMES
@given(profiles, seeds)
def test_all_136_or_144_tiles_are_accounted_for_after_every_action(profile, seed) -> None:
    whole = Counter(full_set(profile.bonus_tiles))
    for state in played(profile, seed):
        assert tile_count(state) == whole


@GAMES
@given(profiles, seeds)
def test_no_view_ever_shows_another_seats_concealed_tiles(profile, seed) -> None:
    for state in played(profile, seed):
        over = state.phase is Phase.OVER
        for viewer in (None, *range(state.players)):
            view = json.loads(json.dumps(view_for(state, viewer)))
            for seat, shown in enumerate(view["seats"]):
                if seat != viewer and not over:
                    assert shown["hand"] is None and shown["drawn"] is None
                assert shown["hand_count"] == len(state.seats[seat].concealed)
            if viewer is None or viewer != state.turn:
                # What the seat on turn just drew is nowhere in anyone else's view.
                assert view["seats"][state.turn]["drawn"] is None
            if view["claims"] is not None:
                own = state.answers[viewer] if viewer is not None else None
                assert view["claims"]["your_answer"] == (own.to_dict() if own else None)


def _candidates(state, seat):
    hand = state.seats[seat].concealed if seat is not None else ()
    tiles = sorted(set(hand))
    yield from (Discard(t) for t in tiles)
    yield from (DeclareKan(t) for t in tiles)
    yield from (AddKan(t) for t in tiles)
    yield from (DeclareMahjongg(), Pass(), ClaimPon(), ClaimKan(), ClaimMahjongg(), CloseClaims())
    yield from (ClaimChi((a, b)) for a in tiles for b in tiles if a < b < 27)


@settings(max_examples=6, deadline=None)
@given(profiles, seeds)
def test_the_listed_actions_are_exactly_those_apply_accepts(profile, seed) -> None:
    for state in played(profile, seed)[::7]:
        for seat in (None, *range(state.players)):
            listed = set(legal_actions(state, seat))
            accepted = set()
            for action in _candidates(state, seat):
                try:
                    apply(state, seat, action)
                except IllegalAction:
                    continue
                accepted.add(action)
            assert accepted == listed


@GAMES
@given(profiles, seeds)
def test_every_finished_games_hands_score_as_the_scorer_scores_their_lines(profile, seed) -> None:
    final = played(profile, seed)[-1]
    outcome = final.outcome
    for seat in range(final.players):
        line = f"{outcome.hands[seat]} {context(final, seat)}"
        assert answer(line) == str(outcome.scores[seat]), line
    if outcome.winner is not None:
        assert outcome.hands[outcome.winner].endswith(
            f"win={tile_code(outcome.win)} by={outcome.by}"
        )
    assert sum(outcome.net) == 0


@GAMES
@given(profiles, seeds)
def test_every_state_survives_storage_as_json_exactly(profile, seed) -> None:
    for state in played(profile, seed):
        stored = json.loads(json.dumps(state_to_dict(state)))
        assert state_from_dict(stored) == state


def test_stored_data_this_version_cannot_read_is_refused() -> None:
    state = played(Profile(), 1)[3]
    good = state_to_dict(state)
    for bad in (
        None,
        {**good, "format": 2},
        {**good, "wall": good["wall"][1:]},
        {**good, "phase": "riichi"},
        {**good, "profile": {"players": 5}},
        {**good, "answers": [{"type": "discard", "tile": "5b"}]},
    ):
        with pytest.raises(StateFormatError):
            state_from_dict(bad)
