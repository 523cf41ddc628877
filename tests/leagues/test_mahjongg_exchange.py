"""A Mah-Jongg league's file (docs/league_json.md, "Mah-Jongg"): the export carries the game,
the rules and every game; the import makes a new league of it (adding it to an existing league:
tests/leagues/test_mahjongg_import.py)."""

from __future__ import annotations

import json

import pytest

from leagues.exchange.export import league_document
from leagues.exchange.importer import ImportRefused, import_league
from leagues.models import League
from leagues.models.mahjongg_entry import record_game
from leagues.models.match_end import abandon_match
from scoring.mahjongg import Method
from scoring.mahjongg.match import GameEntry
from scoring.mahjongg.profile import Profile

from .mahjongg_fixtures import CALLER, mj_league, mj_match, win
from .test_import import comparable

__all__ = ["mj_league", "mj_match"]

pytestmark = pytest.mark.django_db


def test_the_export_carries_the_game_the_rules_and_the_games(mj_league, mj_match, organiser):
    record_game(mj_match, win(0), by=organiser)
    document = json.loads(json.dumps(league_document(mj_league)))
    assert document["league"]["game"] == "mahjongg"
    assert document["league"]["mahjongg_profile"]["settle"] == "diff"
    (match,) = document["matches"]
    assert match["game"] == "mahjongg" and match["rule_profile"]["limit"] == 3000
    (game,) = match["games"]
    assert game["caller"] == "Pia" and game["hands"]["Pia"] == CALLER
    assert game["east"] == "Pia" and game["round_wind"] == "E"
    assert game["scores"]["Pia"] == 96 and game["payments"]["Pia"] == 540


def test_a_mhing_export_is_as_before(league):
    assert {"game", "mahjongg_profile"}.isdisjoint(league_document(league)["league"])


def test_export_import_export_gives_the_same_league(mj_league, mj_match, organiser, players):
    record_game(mj_match, win(0), by=organiser)
    record_game(mj_match, GameEntry(None, ("", "", "", "")), by=organiser)
    # The league's rules change after the match began: the copy keeps the match's own.
    mj_league.rules = Profile(settle=Method.FULL, limit=1000).to_dict()
    mj_league.save()
    exported = json.loads(json.dumps(league_document(mj_league)))
    copy = import_league(exported, slug="copy", by=organiser).league
    again = json.loads(json.dumps(league_document(copy)))
    assert comparable(again) == comparable(exported)
    assert copy.rule_profile().limit == 1000
    match = copy.matches.get()
    assert match.rule_profile["limit"] == 3000
    assert list(match.seats.values_list("total", flat=True)) == [540, -170, -210, -160]


def test_a_bad_hand_in_the_file_is_refused_and_nothing_is_saved(mj_league, mj_match, organiser):
    record_game(mj_match, win(0), by=organiser)
    document = league_document(mj_league)
    document["matches"][0]["games"][0]["hands"]["Rosa"] = "5z"
    with pytest.raises(ImportRefused, match="Rosa's tiles"):
        import_league(document, slug="copy", by=organiser)
    assert not League.objects.filter(slug="copy").exists()


def test_the_standings_csv_has_the_mahjongg_columns(client, mj_league, mj_match, organiser):
    record_game(mj_match, win(0), by=organiser)
    lines = client.get("/leagues/dragons/standings.csv").content.decode().splitlines()
    assert (
        lines[0].lstrip("\ufeff")
        == "player,matches_played,match_wins,games_won,balance,best_hand_score,rating"
    )
    assert "Pia,1,0,1,540,96," in lines[1]


def test_an_abandoned_match_comes_back_abandoned(mj_league, mj_match, organiser):
    record_game(mj_match, win(0), by=organiser)
    mj_match.refresh_from_db()
    abandon_match(mj_match, by=organiser, expected_version=mj_match.version)
    copy = import_league(league_document(mj_league), slug="copy", by=organiser).league
    match = copy.matches.get()
    assert match.is_abandoned and match.mj_games.count() == 1
    # Abandoned: counts for nothing.
    assert {row.game_figures.get("balance", 0) for row in copy.standings.all()} <= {0}
