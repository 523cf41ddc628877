"""An entry carries an id made for it (by the page, or by the phone offline): the server
takes each id once. A double tap, a resend from the phone's outbox, a replay after the
answer was lost: one round, and the same answer each time (docs/club_nights.md, "Entry
without network")."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from leagues.models import EntryReceipt, Round

from .conftest import BIG_HAND, win
from .round_forms import entry, hidden

# PostgreSQL run: an entry id taken once: a unique constraint (IntegrityError) and JSON.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

JSON = {"Accept": "application/json"}


def new_url(match) -> str:
    return reverse("leagues:round_new", args=[match.league.slug, match.pk])


def sent(match, winner, after: int | None = None, **fields) -> dict:
    data = entry(match, winner, entry_id=str(uuid.uuid4()), **fields)
    if after is not None:
        data["after"] = str(after)
    return data


def test_the_entry_form_carries_an_id_and_the_round_count_it_was_made_after(
    organiser_client, match, players, organiser
):
    match.record_round(win(players[1]), by=organiser)
    first = organiser_client.get(new_url(match))
    second = organiser_client.get(new_url(match))

    assert uuid.UUID(hidden(first, "entry_id")) != uuid.UUID(hidden(second, "entry_id"))
    assert hidden(first, "after") == "1"


def test_a_form_sent_twice_saves_one_round_and_says_the_second_was_already_saved(
    organiser_client, match, players
):
    data = sent(match, players[2])

    first = organiser_client.post(new_url(match), data, follow=True)
    again = organiser_client.post(new_url(match), data, follow=True)

    assert Round.objects.filter(match=match).count() == 1
    assert "Round 1 saved: Rosa wins" in first.text
    assert "Round 1 is saved." in again.text
    assert again.redirect_chain[-1][0] == match.get_absolute_url()


def test_a_replay_answers_the_same_json_each_time_and_adds_one_round(
    organiser_client, match, players
):
    data = sent(match, players[2], after=0)

    answers = [organiser_client.post(new_url(match), data, headers=JSON) for _ in range(3)]

    assert [a.status_code for a in answers] == [200, 200, 200]
    assert answers[0].json() == answers[1].json() == answers[2].json()
    assert answers[0].json() == {
        "entry_id": data["entry_id"],
        "kind": "round",
        "state": "saved",
        "number": 1,
        "message": "Round 1 is saved.",
        "match_url": match.get_absolute_url(),
        "confirmation": "confirmed",  # an organiser's round needs no opponent's word
    }
    assert Round.objects.filter(match=match).count() == 1


def test_entries_kept_offline_one_after_another_are_all_saved_in_order(
    organiser_client, match, players
):
    # One page loaded online, three rounds entered offline: the same version, each its
    # own id, each made after the one before (the page counts them).
    sends = [sent(match, players[i], after=i) for i in range(3)]

    for data in sends:
        assert organiser_client.post(new_url(match), data, headers=JSON).json()["state"] == "saved"

    winners = list(match.rounds.order_by("number").values_list("winner__display_name", flat=True))
    assert winners == ["Pia", "Quentin", "Rosa"]


def test_the_same_id_with_other_fields_is_refused_and_changes_nothing(
    organiser_client, match, players
):
    data = sent(match, players[2], after=0)
    organiser_client.post(new_url(match), data, headers=JSON)

    other = organiser_client.post(new_url(match), {**data, "hand": BIG_HAND}, headers=JSON)

    assert other.status_code == 422
    assert other.json()["state"] == "refused"
    assert "already used for another entry" in other.json()["message"]
    assert Round.objects.get(match=match).hand.hand != "55666777788999b"


def test_a_refused_replay_says_why_and_what_to_do_and_leaves_no_receipt(
    organiser_client, match, players
):
    data = sent(match, players[2], after=0, hand="123c")

    answer = organiser_client.post(new_url(match), data, headers=JSON)

    assert answer.status_code == 422
    body = answer.json()
    assert body["state"] == "refused" and body["errors"]["hand"]
    assert body["todo"].startswith("Nothing was saved.")
    assert not EntryReceipt.objects.exists() and not Round.objects.exists()
    # Fixed and sent again under the same id, it is saved.
    fixed = organiser_client.post(new_url(match), {**data, "hand": BIG_HAND}, headers=JSON)
    assert fixed.json()["state"] == "saved"


def test_an_entry_made_after_round_n_that_arrives_after_another_round_n_plus_1_is_held(
    organiser_client, match, players, organiser
):
    data = sent(match, players[2], after=0)
    match.record_round(win(players[1]), by=organiser)  # entered meanwhile on another phone

    answer = organiser_client.post(new_url(match), data, headers=JSON)
    again = organiser_client.post(new_url(match), data, headers=JSON)

    assert answer.json()["state"] == "held" and answer.json()["number"] == 1
    assert "held on the match page beside round 1" in answer.json()["message"]
    assert again.json() == answer.json()
    assert match.rounds.count() == 1
    assert EntryReceipt.objects.get().data["winner"] == str(players[2].pk)


def test_an_id_is_answered_only_for_its_own_match(
    organiser_client, match, league, players, organiser
):
    from leagues.models import Match

    other = Match.begin(league, players, first_dealer=0, by=organiser)
    data = sent(match, players[2], after=0)
    organiser_client.post(new_url(match), data, headers=JSON)

    answer = organiser_client.post(
        new_url(other), {**data, "version": str(other.version)}, headers=JSON
    )

    assert answer.status_code == 422
    assert other.rounds.count() == 0
