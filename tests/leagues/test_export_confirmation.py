"""A round's (or Mah-Jongg game's) confirmation and the league's correction window in the
league file (docs/league_json.md, "Confirmation"): written by the export, read by the
import, so that moving a league does not confirm what an opponent has not."""

from __future__ import annotations

import csv
import io
import json

import pytest

from leagues.exchange.export import league_document
from leagues.exchange.importer import ImportRefused, import_league
from leagues.models import League, Match
from leagues.models.confirmation import Confirmation

from .conftest import win
from .mahjongg_fixtures import mj_league, mj_match
from .test_mahjongg_pages import game_new_url, game_post

__all__ = ["mj_league", "mj_match"]

# PostgreSQL run: the rounds in the order played, read back in that order.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


@pytest.fixture
def played(league, players, organiser):
    """A match of three rounds: the second waits for a confirmation, the third rejected."""
    league.correction_minutes = 45
    league.save()
    match = Match.begin(league, players[:3], by=organiser)
    for winner in players[:3]:
        match.record_round(win(winner), by=organiser)
    match.rounds.filter(number=2).update(confirmation=Confirmation.PROVISIONAL)
    match.rounds.filter(number=3).update(
        confirmation=Confirmation.REJECTED, rejection_reason="Quentin had no flower"
    )
    return match


def test_the_file_says_which_rounds_wait_or_were_rejected_and_the_window(league, played):
    document = league_document(league)

    assert document["league"]["correction_minutes"] == 45
    rounds = document["matches"][0]["rounds"]
    assert "confirmation" not in rounds[0]  # confirmed: as files written before
    assert rounds[1]["confirmation"] == "provisional"
    assert rounds[2]["confirmation"] == "rejected"
    assert rounds[2]["rejection_reason"] == "Quentin had no flower"


def test_a_file_with_a_rejected_round_is_refused_naming_it(league, played, organiser):
    document = json.loads(json.dumps(league_document(league)))

    with pytest.raises(ImportRefused) as refused:
        import_league(document, slug="copy", by=organiser)

    assert any(
        "round 3" in message and "rejected by an opponent" in message
        for message in refused.value.messages
    ), refused.value.messages
    assert not League.objects.filter(slug="copy").exists()


def test_a_round_that_waits_for_confirmation_still_waits_after_the_import(
    league, played, organiser
):
    played.rounds.filter(number=3).delete()  # settled on the first site
    document = json.loads(json.dumps(league_document(league)))

    copy = import_league(document, slug="copy", by=organiser).league

    assert copy.correction_minutes == 45
    rounds = copy.matches.get().rounds.order_by("number")
    assert [r.confirmation for r in rounds] == ["confirmed", "provisional"]
    assert league_document(copy)["matches"][0]["rounds"][1]["confirmation"] == "provisional"


def test_a_mahjongg_game_waiting_for_confirmation_is_written_and_read_back(
    organiser_client, mj_match, organiser
):
    organiser_client.post(game_new_url(mj_match), game_post(mj_match))
    mj_match.mj_games.update(confirmation=Confirmation.PROVISIONAL)
    document = json.loads(json.dumps(league_document(mj_match.league)))
    assert document["matches"][0]["games"][0]["confirmation"] == "provisional"

    copy = import_league(document, slug="copy", by=organiser).league

    assert copy.matches.get().mj_games.get().confirmation == "provisional"


def test_a_correction_window_that_is_not_a_number_of_minutes_is_refused(organiser):
    document = {
        "format_version": 1,
        "league": {"name": "Paper", "slug": "paper", "correction_minutes": "soon"},
        "matches": [],
    }

    with pytest.raises(ImportRefused) as refused:
        import_league(document, by=organiser)

    assert any("correction_minutes" in message for message in refused.value.messages)


def test_the_rounds_csv_says_which_rounds_wait_or_were_rejected(client, league, played):
    """The last column: a spreadsheet of the league shows what the standings page marks."""
    text = client.get(f"/leagues/{league.slug}/rounds.csv").content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))

    assert [row["confirmation"] for row in rows] == ["confirmed", "provisional", "rejected"]
