"""A Mah-Jongg league's file (docs/league_json.md, "Mah-Jongg"): the export carries the game,
the rules and every game; the import refuses it, saying so, until it can read it."""

from __future__ import annotations

import json

import pytest

from leagues.exchange import league_document
from leagues.exchange_import import ImportRefused, import_league
from leagues.models import League
from leagues.models.mahjongg_game import record_game

from .mahjongg_fixtures import CALLER, mj_league, mj_match, win

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


def test_the_import_refuses_mahjongg_and_saves_nothing(mj_league, mj_match, organiser, league):
    document = league_document(mj_league)
    with pytest.raises(ImportRefused, match="Mah-Jongg leagues cannot be imported yet"):
        import_league(document, slug="copy", by=organiser)
    mhing = league_document(league)
    with pytest.raises(ImportRefused, match="Mah-Jongg leagues cannot be imported yet"):
        import_league(mhing, into=mj_league, by=organiser)
    assert not League.objects.filter(slug="copy").exists()
