"""Two versions of one round (issue 36 part 1): a round kept on a phone with no network that
arrives after another phone entered that round, or a correction made from a version that
changed meanwhile. Neither is dropped: the phone's is held, the match page shows it beside
the round as it reads, and the organiser keeps it instead or discards it."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from leagues.models import EntryReceipt, Round

from .conftest import BIG_HAND, win
from .round_forms import entry, hidden, words

# PostgreSQL run: held entries kept as JSON, locking between versions.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

JSON = {"Accept": "application/json"}


def new_url(match) -> str:
    return reverse("leagues:round_new", args=[match.league.slug, match.pk])


def edit_url(match, number: int) -> str:
    return reverse("leagues:round_edit", args=[match.league.slug, match.pk, number])


def held_from_two_phones(client, match, players, organiser) -> EntryReceipt:
    """Round 1 entered by another phone while this one (offline) had Rosa winning it."""
    kept = entry(match, players[2], BIG_HAND, entry_id=str(uuid.uuid4()), after="0")
    match.record_round(win(players[1]), by=organiser)
    assert client.post(new_url(match), kept, headers=JSON).json()["state"] == "held"
    return EntryReceipt.objects.get()


def test_the_match_page_shows_a_held_round_beside_the_one_on_the_sheet(
    organiser_client, match, players, organiser
):
    held_from_two_phones(organiser_client, match, players, organiser)

    page = words(organiser_client.get(match.get_absolute_url()))

    assert "Entries from phones waiting for your choice" in page
    assert "Round 1 as a phone sent it: Rosa self-drawn, 17 cr., 512 pts" in page
    assert "Round 1 on the sheet now: Quentin self-drawn" in page
    assert "Keep this one instead" in page


def test_keeping_the_phones_round_puts_it_in_place_and_the_history_says_so(
    organiser_client, match, players, organiser
):
    held = held_from_two_phones(organiser_client, match, players, organiser)
    url = reverse("leagues:round_held", args=[match.league.slug, match.pk, held.pk])

    page = organiser_client.post(url, {"action": "keep"}, follow=True)

    assert "Round 1 now reads as the phone sent it." in words(page)
    assert match.rounds.get().winner == players[2]
    assert match.rounds.count() == 1
    held.refresh_from_db()
    assert held.state == "kept"
    assert "Entries from phones waiting" not in words(page)
    # The phone's resend now hears the organiser's choice: kept, saved.
    data = {k: v for k, v in held.data.items()}
    again = organiser_client.post(new_url(match), data, headers=JSON).json()
    assert again["state"] == "kept" and again["message"] == "Round 1 is saved."


def test_discarding_leaves_the_round_and_the_phone_is_told(
    organiser_client, match, players, organiser
):
    held = held_from_two_phones(organiser_client, match, players, organiser)
    url = reverse("leagues:round_held", args=[match.league.slug, match.pk, held.pk])

    page = organiser_client.post(url, {"action": "discard"}, follow=True)

    assert "The phone's entry was discarded; round 1 stays." in words(page)
    assert match.rounds.get().winner == players[1]
    again = organiser_client.post(new_url(match), held.data, headers=JSON).json()
    assert again["state"] == "discarded"
    assert "An organiser discarded this entry" in again["message"]


def test_only_organisers_choose(client, member, match, players, organiser, league):
    client.force_login(organiser)
    held = held_from_two_phones(client, match, players, organiser)
    league.players_may_enter = True
    league.save()
    client.force_login(member)
    url = reverse("leagues:round_held", args=[match.league.slug, match.pk, held.pk])

    assert client.post(url, {"action": "keep"}).status_code == 403
    assert "Entries from phones waiting" not in words(client.get(match.get_absolute_url()))
    assert match.rounds.get().winner == players[1]


def test_a_correction_from_a_changed_round_is_held_not_lost(
    organiser_client, match, players, organiser
):
    match.record_round(win(players[1]), by=organiser)
    round_ = match.rounds.get()
    page = organiser_client.get(edit_url(match, 1))
    assert uuid.UUID(hidden(page, "entry_id"))
    phone = entry(round_, players[3], BIG_HAND, entry_id=str(uuid.uuid4()))
    match.correct_round(round_, win(players[0]), by=organiser, expected_version=round_.version)

    answer = organiser_client.post(edit_url(match, 1), phone, headers=JSON).json()

    assert answer["state"] == "held" and answer["kind"] == "correction"
    assert match.rounds.get().winner == players[0]
    page = words(organiser_client.get(match.get_absolute_url()))
    assert "Round 1 as a phone sent it: Sven self-drawn" in page
    assert "Round 1 on the sheet now: Pia self-drawn" in page


def test_a_correction_sent_twice_is_made_once(organiser_client, match, players, organiser):
    match.record_round(win(players[1]), by=organiser)
    round_ = match.rounds.get()
    data = entry(round_, players[3], BIG_HAND, entry_id=str(uuid.uuid4()))

    first = organiser_client.post(edit_url(match, 1), data, follow=True)
    again = organiser_client.post(edit_url(match, 1), data, follow=True)

    assert "Round 1 corrected: Sven self-drawn" in words(first)
    assert "Round 1 is corrected." in words(again)
    assert Round.objects.get().version == round_.version + 1
    assert match.changes.filter(action="edited").count() == 1


def test_a_stale_correction_sent_online_is_refused_as_before(
    organiser_client, match, players, organiser
):
    match.record_round(win(players[1]), by=organiser)
    round_ = match.rounds.get()
    data = entry(round_, players[3], BIG_HAND, entry_id=str(uuid.uuid4()))
    match.correct_round(round_, win(players[0]), by=organiser, expected_version=round_.version)

    page = organiser_client.post(edit_url(match, 1), data)

    assert "Someone else changed round 1 while you were editing it" in words(page)
    assert not EntryReceipt.objects.exists()


def test_a_correction_resent_after_its_round_was_deleted_gets_its_first_answer(
    organiser_client, match, players, organiser
):
    match.record_round(win(players[1]), by=organiser)
    round_ = match.rounds.get()
    data = entry(round_, players[3], BIG_HAND, entry_id=str(uuid.uuid4()))
    first = organiser_client.post(edit_url(match, 1), data, headers=JSON).json()
    match.undo_last_round(organiser)

    again = organiser_client.post(edit_url(match, 1), data, headers=JSON)
    other = organiser_client.post(
        edit_url(match, 1), {**data, "entry_id": str(uuid.uuid4())}, headers=JSON
    )

    assert again.json() == first and first["state"] == "saved"
    assert other.status_code == 422
    assert "deleted round 1 meanwhile" in other.json()["message"]
    assert not match.rounds.exists()
