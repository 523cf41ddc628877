"""§7 A match at the table: games follow the profile's rotation until its rounds end (four,
three with three players), each settled by the profile; replaying the games' hands as a
league enters them gives the same scores, payments and balances."""

from __future__ import annotations

import pytest

from games.play.mahjongg.autoplay import play_match
from games.play.mahjongg.match import (
    MatchIsOver,
    match_from_dict,
    match_to_dict,
    new_match,
    record_game,
    start_game,
)
from games.play.mahjongg.state import Phase
from scoring.mahjongg.match import replay
from scoring.mahjongg.profile import Profile
from scoring.mahjongg.rotation import Rotation
from scoring.mahjongg.settle import Method
from scoring.mahjongg.tiles import Wind

PROFILES = [
    Profile(),
    Profile(players=3),
    Profile(rotation=Rotation.ROTATING_DEALER, settle=Method.FULL),
    Profile(rotation=Rotation.CLASSICAL, players=3, settled_draw=True, bonus_tiles=False),
]


@pytest.mark.parametrize("profile", PROFILES)
def test_s7_a_match_runs_through_its_rounds_and_a_league_replay_agrees(profile) -> None:
    report = play_match(profile, seed=11)
    match = report.match

    assert match.finished
    rounds = {game.game.round_wind for game in match.games}
    assert rounds == set(list(Wind)[: profile.players])  # E S W N, or E S W with three
    assert len(match.games) >= 4 * profile.players or profile.rotation is Rotation.CLASSICAL
    assert sum(match.balance) == 0
    entries = [game.entry for game in match.games]
    league = replay(profile, entries)
    assert league.finished
    assert league.outcomes == match.games
    assert league.balance == match.balance


def test_s7_fixed_east_the_seat_winds_pass_after_each_round() -> None:
    match = play_match(Profile(), seed=5).match

    first_of_round = [g.game for g in match.games if g.game.number == 1]
    easts = [game.player_at(Wind.EAST) for game in first_of_round]
    assert easts == [0, 1, 2, 3]  # South becomes East: player 1, then 2, then 3


def test_the_same_seed_plays_the_same_match() -> None:
    one = play_match(Profile(players=3), seed="friday")
    two = play_match(Profile(players=3), seed="friday")

    assert one.match == two.match and one.finals == two.finals


def test_a_finished_match_starts_and_records_no_more_games() -> None:
    report = play_match(Profile(players=3), seed=2)

    with pytest.raises(MatchIsOver):
        start_game(report.match)
    with pytest.raises(MatchIsOver):
        record_game(report.match, report.finals[-1])


def test_only_the_finished_game_the_match_waits_for_is_recorded() -> None:
    match = new_match(Profile(), seed=1)
    state, _ = start_game(match)

    assert state.phase is not Phase.OVER
    with pytest.raises(ValueError, match="finished game"):
        record_game(match, state)


@pytest.mark.parametrize("profile", PROFILES[:2])
def test_a_match_survives_storage_as_json(profile) -> None:
    import json

    match = new_match(profile, seed=4)
    assert match_from_dict(json.loads(json.dumps(match_to_dict(match)))) == match
    played = play_match(profile, seed=4).match
    assert match_from_dict(json.loads(json.dumps(match_to_dict(played)))) == played
