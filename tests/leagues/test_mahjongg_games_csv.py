"""A Mah-Jongg league's games CSV (the league page's "games (CSV)", at rounds.csv): one row per
game and player, read as a spreadsheet reads it (leagues.kinds.mahjongg.games_csv)."""

from __future__ import annotations

import csv
import io
from collections import Counter
from datetime import date

import pytest

from leagues.models import Match
from leagues.models.mahjongg_entry import record_game
from leagues.models.match_end import abandon_match
from leagues.models.season_change import open_next_season
from scoring.mahjongg.match import GameEntry

from .mahjongg_fixtures import CALLER, DRAGONS, OTHER2, PLAIN, mj_league, win

__all__ = ["mj_league"]

pytestmark = pytest.mark.django_db

URL = "/leagues/dragons/rounds.csv"
HEADER = (
    "league,match_id,date,season,game,round_wind,game_in_round,east,outcome,player,seat_wind,"
    "called_mahjongg,hand,score,payment,balance,confirmation"
)


def sheet(client, url: str = URL) -> list[dict[str, str]]:
    text = client.get(url).content.decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


@pytest.fixture
def played(mj_league, players, organiser):
    """1 Sept: Pia (East) calls Mah-Jongg, then a draw. 3 Sept: a match abandoned after a
    game. 8 Sept, in the Spring season: the seats reversed, Rosa calls."""
    first = Match.begin(mj_league, players, played_on=date(2026, 9, 1), by=organiser)
    record_game(first, win(0), by=organiser)
    record_game(first, GameEntry(None, ("", "", "", "")), by=organiser)
    dropped = Match.begin(mj_league, players, played_on=date(2026, 9, 3), by=organiser)
    record_game(dropped, win(1), by=organiser)
    dropped.refresh_from_db()
    abandon_match(dropped, by=organiser, expected_version=dropped.version)
    open_next_season(mj_league, mj_league.current_season, name="Spring", starts_on=date(2026, 9, 5))
    later = Match.begin(mj_league, players[::-1], played_on=date(2026, 9, 8), by=organiser)
    record_game(later, win(1), by=organiser)
    return first, dropped, later


def test_the_file_is_named_for_games(client, mj_league):
    response = client.get(URL)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="dragons-games.csv"'
    assert response.content.decode("utf-8-sig").splitlines() == [HEADER]


def test_one_row_per_game_and_player_in_the_order_played(client, players, played):
    first, dropped, later = played
    table = sheet(client)
    assert [(r["match_id"], r["game"], r["player"]) for r in table] == [
        *((str(first.pk), "1", p.display_name) for p in players),
        *((str(first.pk), "2", p.display_name) for p in players),
        *((str(later.pk), "1", p.display_name) for p in players[::-1]),
    ]


def test_a_won_game_has_each_players_wind_hand_score_payment_and_balance(client, mj_league, played):
    table = sheet(client)
    autumn = mj_league.seasons.get(number=1).name
    common = {
        "league": "dragons",
        "match_id": str(played[0].pk),
        "date": "2026-09-01",
        "season": autumn,
        "game": "1",
        "round_wind": "E",
        "game_in_round": "1",
        "east": "Pia",
        "outcome": "won",
        "confirmation": "confirmed",
    }
    assert table[0] == {
        **common,
        "player": "Pia",
        "seat_wind": "E",
        "called_mahjongg": "1",
        "hand": CALLER,
        "score": "96",
        "payment": "540",
        "balance": "540",
    }
    assert [(r["seat_wind"], r["called_mahjongg"], r["hand"]) for r in table[1:4]] == [
        ("S", "0", DRAGONS),
        ("W", "0", PLAIN),
        ("N", "0", OTHER2),
    ]
    assert [(r["score"], r["payment"], r["balance"]) for r in table[1:4]] == [
        ("8", "-170", "-170"),
        ("0", "-210", "-210"),
        ("10", "-160", "-160"),
    ]


def test_a_draw_has_no_caller_no_scores_and_pays_nothing(client, played):
    draw = sheet(client)[4:8]
    assert {r["outcome"] for r in draw} == {"draw"}
    assert {(r["called_mahjongg"], r["hand"], r["score"], r["payment"]) for r in draw} == {
        ("0", "", "", "0")
    }
    assert [r["balance"] for r in draw] == ["540", "-170", "-210", "-160"]


def test_an_abandoned_match_is_left_out_as_in_the_standings(client, played):
    first, dropped, later = played
    assert str(dropped.pk) not in {r["match_id"] for r in sheet(client)}


def test_the_sums_of_its_columns_are_the_standings(client, played):
    payments, called = Counter(), Counter()
    for row in sheet(client):
        payments[row["player"]] += int(row["payment"])
        called[row["player"]] += int(row["called_mahjongg"])
    standings = sheet(client, "/leagues/dragons/standings.csv")
    assert {r["player"]: int(r["balance"]) for r in standings} == dict(payments)
    assert {r["player"]: int(r["games_won"]) for r in standings} == {
        name: called[name] for name in payments
    }


def test_one_season(client, players, played):
    first, dropped, later = played
    response = client.get(URL + "?season=2")
    assert response["Content-Disposition"] == 'attachment; filename="dragons-season-2-games.csv"'
    table = sheet(client, URL + "?season=2")
    assert {r["match_id"] for r in table} == {str(later.pk)}
    assert {r["season"] for r in table} == {"Spring"}
    # The seats reversed: Sven is East, Rosa (South) called.
    assert [(r["player"], r["seat_wind"], r["called_mahjongg"]) for r in table] == [
        ("Sven", "E", "0"),
        ("Rosa", "S", "1"),
        ("Quentin", "W", "0"),
        ("Pia", "N", "0"),
    ]


def test_negative_payments_stay_numbers(client, played):
    text = client.get(URL).content.decode("utf-8-sig")
    assert ",-170,-170" in text and "'-" not in text


@pytest.mark.parametrize("persona, status", [(None, 302), ("outsider", 403), ("member", 200)])
def test_a_members_only_leagues_games_are_for_its_members(
    client, request, mj_league, players, played, persona, status
):
    mj_league.is_public = False
    mj_league.save()
    if persona:
        client.force_login(request.getfixturevalue(persona))
    assert client.get(URL).status_code == status


def test_the_league_page_offers_the_games(client, mj_league, played):
    page = client.get("/leagues/dragons/").content.decode()  # the current season, Spring
    assert f'href="{URL}?season=2">games (CSV)</a>' in page
    assert "rounds (CSV)" not in page
