"""A Mah-Jongg game or correction carries the id its page made for it: sent twice (a double
tap, a resend after a lost answer), it is saved once (leagues/models/entry_receipt.py)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
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


# -- sent again from a phone's outbox (docs/club_nights.md, "The replayed entry") ----------

JSON = {"HTTP_ACCEPT": "application/json"}


def kept_game(match, **changes) -> dict:
    """A game as a phone's outbox keeps it: the page's fields, its id and game count."""
    return {**game_post(match, entry_id=str(uuid.uuid4()), after="0"), **changes}


def test_a_game_from_a_phones_outbox_is_answered_in_json_and_saved_once(organiser_client, mj_match):
    data = kept_game(mj_match)

    first = organiser_client.post(game_new_url(mj_match), data, **JSON)
    again = organiser_client.post(game_new_url(mj_match), data, **JSON)

    assert first.json() == again.json()
    answer = first.json()
    assert answer["state"] == "saved" and answer["kind"] == "game" and answer["number"] == 1
    assert answer["message"] == "Game 1 is saved."
    assert answer["confirmation"] == "confirmed"  # an organiser's
    assert mj_match.mj_games.count() == 1


def test_a_kept_game_is_checked_by_its_game_count_not_the_pages_version(organiser_client, mj_match):
    """Made offline after game 1 was kept on the same phone: the page's version is the one
    before game 1, which the game count allows for."""
    first = kept_game(mj_match)
    second = kept_game(mj_match, after="1", hand1=OTHER2)
    organiser_client.post(game_new_url(mj_match), first, **JSON)

    answer = organiser_client.post(game_new_url(mj_match), second, **JSON).json()

    assert answer["state"] == "saved" and answer["number"] == 2


def test_a_kept_game_that_another_phone_beat_is_held_for_the_organiser(organiser_client, mj_match):
    """Two phones kept game 1: the second is held beside game 1, nothing added."""
    organiser_client.post(game_new_url(mj_match), kept_game(mj_match), **JSON)

    answer = organiser_client.post(
        game_new_url(mj_match), kept_game(mj_match, hand1=OTHER2), **JSON
    ).json()

    assert answer["state"] == "held" and answer["number"] == 1
    assert "held on the match page beside game 1" in answer["message"]
    assert mj_match.mj_games.count() == 1
    page = organiser_client.get(mj_match.get_absolute_url()).content.decode()
    assert "Entries from phones waiting for your choice" in page
    assert "Game 1 as a phone sent it:" in page and "Game 1 on the sheet now:" in page


def test_a_kept_game_that_is_not_a_mah_jongg_says_why_in_json(organiser_client, mj_match):
    answer = organiser_client.post(
        game_new_url(mj_match), kept_game(mj_match, hand0="123b 456b"), **JSON
    )

    assert answer.status_code == 422 and answer.json()["state"] == "refused"
    assert answer.json()["message"]
    assert mj_match.mj_games.count() == 0 and not EntryReceipt.objects.exists()


def held_receipt(client, match) -> EntryReceipt:
    """Game 1 saved, then the same game from a second phone, with other tiles: held."""
    client.post(game_new_url(match), kept_game(match), **JSON)
    client.post(game_new_url(match), kept_game(match, hand3=OTHER2), **JSON)
    return EntryReceipt.objects.get(state=EntryReceipt.State.HELD)


def test_the_organiser_keeps_the_held_game_instead(organiser_client, mj_match):
    held = held_receipt(organiser_client, mj_match)
    url = reverse("leagues:mj_game_held", args=[mj_match.league.slug, mj_match.pk, held.pk])

    page = organiser_client.post(url, {"action": "keep"}, follow=True).content.decode()

    assert "Game 1 now reads as the phone sent it." in page
    assert mj_match.mj_games.get().hands[3] == OTHER2
    assert mj_match.changes.filter(action="edited").count() == 1  # in the match's history
    held.refresh_from_db()
    assert held.state == EntryReceipt.State.KEPT
    assert "Entries from phones waiting for your choice" not in page


def test_the_organiser_discards_the_held_game_and_the_sheet_stays(organiser_client, mj_match):
    held = held_receipt(organiser_client, mj_match)
    url = reverse("leagues:mj_game_held", args=[mj_match.league.slug, mj_match.pk, held.pk])

    page = organiser_client.post(url, {"action": "discard"}, follow=True).content.decode()

    assert "entry was discarded; game 1 stays." in page
    assert mj_match.mj_games.get().hands[3] != OTHER2
    again = organiser_client.post(
        game_new_url(mj_match), {**held.data, "entry_id": str(held.entry_id)}, **JSON
    ).json()
    assert again["state"] == "discarded"
    assert again["message"] == "An organiser discarded this entry (game 1)."


def test_only_organisers_choose_between_two_games(organiser_client, mj_match, django_user_model):
    held = held_receipt(organiser_client, mj_match)
    url = reverse("leagues:mj_game_held", args=[mj_match.league.slug, mj_match.pk, held.pk])
    mj_match.league.is_public = True  # the visitor may see the match, not choose
    mj_match.league.save()
    visitor = Client()
    visitor.force_login(django_user_model.objects.create_user("visitor", password="x"))

    assert visitor.post(url, {"action": "keep"}).status_code == 403
    held.refresh_from_db()
    assert held.state == EntryReceipt.State.HELD


def test_a_kept_correction_of_a_game_changed_meanwhile_is_held(organiser_client, mj_match):
    organiser_client.post(game_new_url(mj_match), game_post(mj_match))
    game = mj_match.mj_games.get()
    url = reverse("leagues:mj_game_edit", args=[mj_match.league.slug, mj_match.pk, 1])
    kept = {**game_post(mj_match, hand3=OTHER2), "version": str(game.version)}
    organiser_client.post(url, {**kept, "entry_id": str(uuid.uuid4())})  # saved online first

    # Another phone's correction, made from the same version: back to the first tiles.
    other = {**game_post(mj_match), "version": str(game.version), "entry_id": str(uuid.uuid4())}
    answer = organiser_client.post(url, other, **JSON).json()

    assert answer["state"] == "held", answer
    assert answer["kind"] == "game_correction"
    assert mj_match.changes.filter(action="edited").count() == 1


def test_the_game_page_carries_the_phones_outbox_in_the_members_language(
    organiser_client, mj_match
):
    """The game entry registers the service worker and lists what waits on the phone; the
    list names a kept game "Spiel 3" in German (the words outbox.js fills in)."""
    page = organiser_client.get(game_new_url(mj_match), HTTP_ACCEPT_LANGUAGE="de").content
    page = page.decode()

    assert 'data-outbox-panel data-form="game-form" data-kind="game"' in page
    assert 'name="after" value="0"' in page
    assert '<span data-word="game">Spiel %(number)s</span>' in page
    assert '<span data-word="round">Runde %(number)s</span>' in page
    assert "Kein Netz: Das Antippen von Steinen wartet darauf." in page


def test_a_kept_game_for_a_match_another_phone_ended_is_held_not_refused(
    organiser_client, mj_match
):
    """A match of one game, kept on two phones: the second reaches a match that is over, but
    was made while it was not. Held beside game 1 for the organiser, as any game another
    phone beat (it was refused as "the match is over", and the organiser never saw it)."""
    mj_match.length_hands = 1
    mj_match.save(update_fields=["length_hands"])
    organiser_client.post(game_new_url(mj_match), kept_game(mj_match), **JSON)
    mj_match.refresh_from_db()
    assert mj_match.is_finished

    answer = organiser_client.post(
        game_new_url(mj_match), kept_game(mj_match, hand3=OTHER2), **JSON
    ).json()

    assert answer["state"] == "held" and answer["number"] == 1
    assert mj_match.mj_games.count() == 1
    assert EntryReceipt.objects.filter(state=EntryReceipt.State.HELD).count() == 1
