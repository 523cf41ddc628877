"""Recording, correcting and undoing the games of a Mah-Jongg match
(leagues.models.mahjongg_game)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from leagues.errors import MatchFinished, StaleEdit
from leagues.models import Match, PlayerStanding, RoundChange
from leagues.models.mahjongg_entry import correct_game, record_game, undo_last_game
from scoring.mahjongg.match import GameEntry
from scoring.mahjongg.profile import Profile

from .mahjongg_fixtures import CALLER, OTHER, PLAIN, mj_league, mj_match, win

__all__ = ["mj_league", "mj_match"]

pytestmark = pytest.mark.django_db


def balances(match: Match) -> list[int]:
    return list(match.seats.order_by("position").values_list("total", flat=True))


def test_a_match_keeps_the_profile_it_began_with(mj_league, players):
    mj_league.rules = Profile(limit=500).to_dict()
    mj_league.save()
    match = Match.begin(mj_league, players)
    assert match.game == "mahjongg" and Profile.from_dict(match.rule_profile).limit == 500


def test_a_match_seats_as_many_players_as_the_profile_says(mj_league, players):
    with pytest.raises(ValidationError, match="with 4 players, not 3"):
        Match.begin(mj_league, players[:3])


def test_a_game_settles_to_zero_and_the_balance_runs(mj_match, organiser):
    game = record_game(mj_match, win(0), by=organiser, expected_version=mj_match.version)
    assert (game.round_wind, game.east, game.dealer, game.winds) == ("E", 0, 0, list("ESWN"))
    assert game.scores == [96, 8, 0, 10] and sum(game.net) == 0
    assert balances(mj_match) == game.net
    second = record_game(mj_match, win(1), by=organiser)
    assert balances(mj_match) == second.balance
    assert second.balance == [a + b for a, b in zip(game.net, second.net, strict=True)]
    assert mj_match.changes.filter(action=RoundChange.Action.ADDED).count() == 2
    assert list(mj_match.seats.order_by("position").values_list("place", flat=True))[0] == 1


def test_a_hand_that_does_not_parse_changes_nothing(mj_match, organiser):
    entry = GameEntry(0, (CALLER, "5z", PLAIN, OTHER))
    with pytest.raises(ValidationError, match="Quentin's tiles"):
        record_game(mj_match, entry, by=organiser)
    assert not mj_match.mj_games.exists() and balances(mj_match) == [0, 0, 0, 0]


def test_a_caller_without_mahjongg_is_refused(mj_match, organiser):
    entry = GameEntry(1, (OTHER, "123b 456b 789c 345k 5c 7c win=7c by=wall", PLAIN, OTHER))
    with pytest.raises(ValidationError, match="Quentin's tiles form no Mah-Jongg hand"):
        record_game(mj_match, entry, by=organiser)


def test_a_stale_entry_is_refused(mj_match, organiser):
    version = mj_match.version
    record_game(mj_match, win(0), by=organiser, expected_version=version)
    with pytest.raises(StaleEdit):
        record_game(mj_match, win(1), by=organiser, expected_version=version)
    assert mj_match.mj_games.count() == 1


def test_a_correction_recomputes_under_the_matchs_profile(mj_league, mj_match, organiser):
    game = record_game(mj_match, win(0), by=organiser)
    record_game(mj_match, win(1), by=organiser)
    before = balances(mj_match)
    # The league's rules change: the running match keeps its own.
    mj_league.rules = Profile(limit=50, bonus_tiles=False).to_dict()
    mj_league.save()
    corrected = correct_game(game, win(0), by=organiser, expected_version=game.version)
    assert balances(mj_match) == before and corrected.scores[0] == 96
    with pytest.raises(StaleEdit):
        correct_game(game, win(2), by=organiser, expected_version=game.version)
    corrected = correct_game(corrected, win(2), by=organiser, expected_version=corrected.version)
    assert corrected.caller == 2 and sum(corrected.net) == 0
    assert balances(mj_match) == mj_match.mj_games.get(number=2).balance
    assert mj_match.changes.filter(action=RoundChange.Action.EDITED).count() == 2


def test_undo_takes_back_the_last_game(mj_match, organiser):
    record_game(mj_match, win(0), by=organiser)
    record_game(mj_match, win(1), by=organiser)
    assert undo_last_game(mj_match, by=organiser, expected_version=mj_match.version) == 2
    assert balances(mj_match) == mj_match.mj_games.get().net
    undo_last_game(mj_match, by=organiser)
    assert balances(mj_match) == [0, 0, 0, 0]
    with pytest.raises(ValidationError, match="no game to undo"):
        undo_last_game(mj_match, by=organiser)


def test_a_players_undo_is_refused_when_the_last_game_is_someone_elses(
    mj_league, mj_match, member, organiser
):
    """Asked under the match's lock, not only by the page before it."""
    mj_league.players_may_enter = True
    mj_league.save()
    record_game(mj_match, win(0), by=member)
    record_game(mj_match, win(1), by=organiser)
    with pytest.raises(StaleEdit, match="nothing was undone"):
        undo_last_game(mj_match, by=member, expected_version=mj_match.version)
    assert mj_match.mj_games.count() == 2
    record_game(mj_match, win(2), by=member)
    assert undo_last_game(mj_match, by=member, expected_version=mj_match.version) == 3


def test_the_last_game_finishes_the_match(mj_match, organiser):
    record_game(mj_match, win(1), by=organiser)
    for _ in range(15):
        record_game(mj_match, GameEntry(None, ("", "", "", "")), by=organiser)
    mj_match.refresh_from_db()
    assert mj_match.is_finished
    with pytest.raises(MatchFinished):
        record_game(mj_match, win(0), by=organiser)
    # The winner (Quentin) is placed first; the all-time standing counts the match.
    quentin = mj_match.seats.get(position=1)
    assert quentin.place == 1
    standing = PlayerStanding.objects.get(player=quentin.player, season=None)
    assert (standing.played, standing.wins) == (1, 1)


def test_mhing_rounds_cannot_be_entered_in_a_mahjongg_match(mj_match, players):
    from .conftest import win as mhing_win

    with pytest.raises(ValidationError, match="game by game"):
        mj_match.record_round(mhing_win(players[0]))


def test_a_mhing_match_takes_no_mahjongg_game(match, organiser):
    with pytest.raises(ValidationError, match="round by round"):
        record_game(match, win(0), by=organiser)
    assert not match.mj_games.exists()
