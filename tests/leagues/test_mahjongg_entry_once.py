"""A Mah-Jongg game or correction carries the id its page made for it: sent twice (a double
tap, a resend after a lost answer), it is saved once (leagues/models/entry_receipt.py)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

from leagues.models import EntryReceipt

from .mahjongg_fixtures import OTHER2, mj_league, mj_match
from .test_mahjongg_pages import game_new_url, game_post

__all__ = ["mj_league", "mj_match"]

# PostgreSQL run: an entry id taken once: a unique constraint (IntegrityError).
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def test_the_game_form_carries_an_id_made_for_it(organiser_client, mj_match):
    page = organiser_client.get(game_new_url(mj_match)).content.decode()

    found = re.search(r'name="entry_id" value="([^"]+)"', page)
    assert found and uuid.UUID(found.group(1))


def test_a_game_sent_twice_is_saved_once(organiser_client, mj_match):
    data = game_post(mj_match, entry_id=str(uuid.uuid4()))

    first = organiser_client.post(game_new_url(mj_match), data, follow=True)
    again = organiser_client.post(game_new_url(mj_match), data, follow=True)

    assert mj_match.mj_games.count() == 1
    assert "The game is saved." in first.content.decode()
    assert "The game is saved." in again.content.decode()
    assert EntryReceipt.objects.get().kind == "game"


def test_a_game_correction_sent_twice_is_made_once(organiser_client, mj_match):
    organiser_client.post(game_new_url(mj_match), game_post(mj_match))
    game = mj_match.mj_games.get()
    url = reverse("leagues:mj_game_edit", args=[mj_match.league.slug, mj_match.pk, 1])
    data = {**game_post(mj_match, hand3=OTHER2), "version": str(game.version)}
    data["entry_id"] = str(uuid.uuid4())

    organiser_client.post(url, data)
    again = organiser_client.post(url, data, follow=True)

    game.refresh_from_db()
    assert game.hands[3] == OTHER2
    assert "Game 1 is corrected." in again.content.decode()
    assert mj_match.changes.filter(action="edited").count() == 1
