"""A full database connection pool (PostgreSQL, psycopg's pool): a request that cannot get a
connection within the pool's timeout is told the site is busy and to try again (503 with
Retry-After), never a server error, and nothing half-saved is left. Sent again once a
connection is free, the same save goes through. Runs under `make test-postgres`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from django.db import connection
from django.test import Client

from leagues.models import League, Match, Player
from tests.clubs import shared_club

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="psycopg's pool: make test-postgres"
    ),
]


@pytest.fixture
def one_connection_pool() -> Iterator[None]:
    """The pool shrunk to one connection with a short wait, this thread holding it; the
    usual pool back afterwards."""
    options = connection.settings_dict["OPTIONS"]
    usual = options["pool"]
    connection.close()
    connection.close_pool()
    options["pool"] = {**usual, "min_size": 1, "max_size": 1, "timeout": 0.5}
    connection.ensure_connection()  # the one connection, held by the test's thread
    try:
        yield
    finally:
        connection.close()
        connection.close_pool()
        options["pool"] = usual


def in_another_thread(send) -> object:
    """A request served as daphne serves it: in a thread of its own, wanting a connection."""
    result: dict[str, object] = {}

    def run() -> None:
        try:
            result["response"] = send()
        finally:
            from django.db import connections

            connections.close_all()

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(30)
    return result["response"]


def test_a_request_that_finds_the_pool_full_is_told_to_try_again(organiser, one_connection_pool):
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(organiser)
    form = {
        "played_on": "2026-11-24",
        "seat1_name": "Ann",
        "seat2_name": "Bo",
        "seat3_name": "Cy",
        "first_dealer": "1",
        "target_choice": "500",
        "variant": "points",
    }
    client = Client()
    client.force_login(organiser)

    response = in_another_thread(lambda: client.post("/leagues/club/matches/new/", form))
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert "Nothing was saved: try again." in response.content.decode()
    assert not Match.objects.exists() and not Player.objects.exists()

    connection.close()  # the connection is free again: the same save goes through
    response = in_another_thread(lambda: client.post("/leagues/club/matches/new/", form))
    assert response.status_code == 302, response.content.decode()[:500]
    assert Match.objects.count() == 1
    assert [p.display_name for p in Match.objects.get().seated_players()] == ["Ann", "Bo", "Cy"]
