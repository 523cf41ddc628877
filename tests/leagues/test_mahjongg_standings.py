"""A Mah-Jongg league's standings and player page (leagues.models.standing,
leagues.standings.table)."""

from __future__ import annotations

import pytest

from leagues.models import League, PlayerStanding
from leagues.models.mahjongg_entry import correct_game, record_game, undo_last_game
from leagues.models.standing import compute_standings
from leagues.players.records import PlayerRecord
from scoring.mahjongg.match import GameEntry

from .mahjongg_fixtures import mj_league, mj_match, win
from .test_standings_in_step import counted

__all__ = ["mj_league", "mj_match"]

# PostgreSQL run: standings sorted by name (collations).
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def stored(league) -> dict:
    rows = PlayerStanding.objects.filter(league=league, season=None)
    return {row.player_id: row.figures()[3:] for row in rows}


def rebuilt(league) -> dict:
    return {row.player_id: row.figures()[3:] for row in compute_standings(league.pk)}


def balances(league) -> list[int]:
    rows = PlayerStanding.objects.filter(league=league, season=None)
    return [row.game_figures["balance"] for row in rows]


def test_the_rows_follow_every_change(mj_league, mj_match, organiser):
    first = record_game(mj_match, win(0), by=organiser)
    record_game(mj_match, win(1), by=organiser)
    assert stored(mj_league) == rebuilt(mj_league) == counted(mj_league)
    pia, quentin = (mj_match.seats.get(position=p).player for p in (0, 1))
    row = PlayerStanding.objects.get(player=pia, season=None)
    assert (row.rounds_won, row.points) == (1, 96)
    assert row.game_figures == {
        "balance": mj_match.seats.get(position=0).total,
        "best_game": {"points": 96, "match_id": mj_match.pk, "number": first.number},
    }
    assert sum(balances(mj_league)) == 0
    correct_game(first, win(1), by=organiser, expected_version=first.version)
    assert stored(mj_league) == rebuilt(mj_league)
    assert PlayerStanding.objects.get(player=quentin, season=None).rounds_won == 2
    undo_last_game(mj_match, by=organiser)
    assert stored(mj_league) == rebuilt(mj_league)
    undo_last_game(mj_match, by=organiser)
    assert set(balances(mj_league)) == {0}


def test_the_standings_page_shows_balances_and_games_won(client, mj_league, mj_match, organiser):
    record_game(mj_match, win(0), by=organiser)
    page = client.get(mj_league.get_absolute_url()).content.decode()
    assert "Games won" in page and "Balance" in page and "Points per round won" not in page
    assert '#game-1">96</a>' in page and ">540</td>" in page
    assert "games won are those where they called Mah-Jongg" in page
    # Nobody is rated yet (no finished match): placed by balance, Pia (+540) first.
    rows = page.split("<tbody>")[1]
    assert rows.index("Pia") < rows.index("Quentin")


def test_a_draw_wins_nothing(mj_league, mj_match, organiser):
    record_game(mj_match, GameEntry(None, ("", "", "", "")), by=organiser)
    assert {figures[2] for figures in stored(mj_league).values()} == {0}


def test_the_player_page_counts_games_won_and_their_scores(client, mj_match, organiser):
    record_game(mj_match, win(0), by=organiser)
    record_game(mj_match, win(0), by=organiser)
    pia = mj_match.seats.get(position=0).player
    response = client.get(f"/players/{pia.pk}/")
    assert response.status_code == 200
    record = PlayerRecord(pia, League.objects.all())
    (league,) = record.leagues
    assert (league.played, league.rounds_won, league.points) == (1, 2, 192)
    assert "Dragon Club" in response.content.decode()
