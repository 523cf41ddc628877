"""A finished Mah-Jongg match is recorded in the table's Mah-Jongg league as if its games
had been entered by hand: the same hands, scores, balances and rotation, correctable on the
match page; under the same membership, guest and bot rules as a Mhing table's match. The
matches are played by the engine (tests/games/conftest.py `play_out`)."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.models import League, Player
from tests.clubs import shared_club

from ..conftest import play_out
from .helpers import mahjongg_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(alice):
    league = League.objects.create(
        club=shared_club(),
        name="Friday Tiles",
        slug="friday-tiles",
        season_start=date(2026, 9, 1),
        game="mahjongg",
        rules={"players": 3, "limit": 500, "settle": "full"},
    )
    league.organisers.add(alice)
    return league


def test_a_finished_match_is_recorded_game_by_game_as_played(client, alice, bob, league):
    Player.objects.create(club=shared_club(), display_name="Alice A.", user=alice)
    table = play_out(mahjongg_table(alice, [bob], league=league))

    match = table.recorded_match
    assert match is not None and match.league == league and match.is_finished
    assert match.rule_profile == table.rules
    # bob has no player in the league's club: the seat's guest, never his username.
    assert [p.display_name for p in match.seated_players()] == ["Alice A.", "Guest 2", "Bot 3"]
    games = list(match.mj_games.order_by("number"))
    assert len(games) == len(table.results) >= 3
    for game, played in zip(games, table.results, strict=True):
        assert game.hands == played["hands"]
        assert game.net == played["net"] and game.balance == played["balance"]
        assert game.round_wind == played["round_wind"] and game.dealer == played["dealer"]
    assert [s.total for s in match.seats.order_by("position")] == table.results[-1]["balance"]

    client.force_login(alice)
    page = client.get(f"/leagues/{league.slug}/matches/{match.pk}/")
    assert page.status_code == 200
    assert "Guest 2" in page.content.decode()
    edit = f"/leagues/{league.slug}/matches/{match.pk}/games/1/edit/"
    assert edit in page.content.decode()  # corrected like any game entered by hand
    assert client.get(edit).status_code == 200


def test_a_league_that_skips_bot_matches_records_none(alice, league):
    League.objects.filter(pk=league.pk).update(bot_matches="skip")
    league.refresh_from_db()
    table = play_out(mahjongg_table(alice, league=league))
    assert table.is_finished and table.recorded_match is None
