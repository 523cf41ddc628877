"""A table changed just before PostgreSQL went away: the socket told "version
V" cannot read the table. It stays open and is sent V once the database is back; before,
the read's error ended the consumer, which closed the socket (1011) without its clean-up.

The database "fails" as psycopg does when the server is down, for the socket's first read.
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import consumers, live, outage, presence
from tests.games.conftest import Client, current, quiet, started_table

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def bob_arrives(table, bob) -> int:
    """Bob's page connects on another process: a new version nobody here has loaded."""
    return table.arrive("another-process-channel", bob, "another-process")


async def test_a_change_the_socket_cannot_read_is_sent_once_the_database_is_back(
    alice, bob, monkeypatch
):
    table = await database_sync_to_async(started_table)(alice, [bob], players=4)
    client = await Client(table.slug, alice).connect()
    await quiet([client])

    real = consumers._shared_load
    failed = []

    async def first_read_fails(slug, at_least):
        if not failed:
            failed.append(at_least)
            raise outage.unreachable()
        return await real(slug, at_least)

    monkeypatch.setattr(consumers, "_shared_load", first_read_fails)
    version = await bob_arrives(table, bob)
    await live.changed(table.slug, version)  # as the other process's message would come

    await client.catch_up(version, timeout=5)
    assert failed == [version]
    assert client.snapshot["table"]["seats"][1]["connected"] is True
    assert (await current(table.slug)).version == client.version
    # Still open: it answers.
    assert (await client.ask({"type": "sync", "version": client.version}))["type"] == "up_to_date"
    await client.disconnect()
    await presence.stop_all()
