"""Two opponents confirming (or one confirming, one rejecting) a player's round at the same
moment, each on their own phone: exactly one decision is recorded, and the other is told the
round no longer waits (leagues.models.confirmation.decide, under the match's lock).

Two threads, each with its own connection and session, released together by a barrier, on
the PostgreSQL test database (`make test-postgres`): the match's row lock and its wait are
what this checks. RACE_TRIES sets the tries (default 10).
"""

from __future__ import annotations

import html
import os
import re
import threading
from datetime import date

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from leagues.models import League, Match, Player, RoundChange, RoundEntry
from tests.clubs import shared_club

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    # The in-memory SQLite test database is one shared cache: a second connection is told
    # "table is locked" at once instead of waiting for the lock, so there is no race to see.
    # The saves' races on an SQLite file run in test_concurrent_saves.py.
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="a race on PostgreSQL's row lock (make test-postgres)",
    ),
]

TRIES = int(os.environ.get("RACE_TRIES", "10"))
HAND = "123c 456b 789k 234c 55k"
TOLD = (
    "is no longer waiting for confirmation",
    "Someone else was saving at the same moment, and the database was busy for too long.",
)


def words(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(response.content.decode())).split())


def at_once(*sends):
    """Each send in its own thread, released together; their responses."""
    barrier = threading.Barrier(len(sends))
    answers: list = [None] * len(sends)

    def run(index, send):
        try:
            barrier.wait(timeout=30)
            answers[index] = send()
        except BaseException as error:  # noqa: BLE001 (reported by the caller)
            answers[index] = error
        finally:
            connection.close()  # this thread's own connection

    threads = [threading.Thread(target=run, args=(i, s)) for i, s in enumerate(sends)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    for answer in answers:
        if isinstance(answer, BaseException):
            raise answer
    return answers


@pytest.mark.parametrize("second", ["confirm", "reject"])
def test_two_opponents_deciding_at_once_record_exactly_one_decision(django_user_model, second):
    users = {
        name: django_user_model.objects.create_user(name, password="pw")
        for name in ("pia", "quentin", "rosa")
    }
    league = League.objects.create(
        club=shared_club(), name="Race", slug="race", players_may_enter=True
    )
    players = [
        Player.objects.create(club=shared_club(), display_name=name, user=users.get(name.lower()))
        for name in ("Pia", "Quentin", "Rosa", "Sven")
    ]
    matches = []
    for _ in range(TRIES):
        match = Match.begin(league, players, first_dealer=0, played_on=date(2026, 11, 3))
        match.record_round(RoundEntry(winner=players[1], hand=HAND), by=users["pia"], by_hand=True)
        matches.append(match)
    quentin, rosa = Client(), Client()
    quentin.force_login(users["quentin"])
    rosa.force_login(users["rosa"])
    failures = []
    for match in matches:
        url = reverse("leagues:entry_decide", args=[league.slug, match.pk, 1])
        data = {"decision": second, "reason": "wrong hand"}
        answers = at_once(
            lambda u=url: quentin.post(u, {"decision": "confirm"}, follow=True),
            lambda u=url, d=data: rosa.post(u, d, follow=True),
        )
        decisions = RoundChange.objects.filter(match=match, action__in=["confirmed", "rejected"])
        round_ = match.rounds.get()
        told = [any(t in words(a) for t in TOLD) for a in answers]
        if [a.status_code for a in answers] != [200, 200]:
            failures.append(f"status {[a.status_code for a in answers]}")
        elif decisions.count() != 1:
            failures.append(f"{decisions.count()} decisions recorded")
        elif round_.confirmation not in ("confirmed", "rejected") or sum(told) != 1:
            failures.append(f"{round_.confirmation}, told {told}")
        elif round_.decided_by not in (users["quentin"], users["rosa"]):
            failures.append("decided by nobody who tapped")
    assert not failures, failures
