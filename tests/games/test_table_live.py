"""What keeps a table going without a frame from its players: deadlines, the bot for a
disconnected player, and catching up after a server restart."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter

from games import live, presence
from games.models import Table
from mhing_site.routing import websocket_urlpatterns

from .conftest import Client, current, play, quiet, started_table

pytestmark = pytest.mark.django_db(transaction=True)


async def until_someone_discarded(clients: list[Client], rng: random.Random) -> Client:
    """Play until a person's discard is open to claims; the client whose discard it is."""
    from games.play.bots import choose_action

    for _ in range(300):
        await quiet(clients)
        for client in clients:
            view = client.view
            if view["phase"] == "discard" and view["actions"]:
                discard = next(a for a in view["actions"] if a["type"] == "discard")
                frame = await client.act(discard)
                assert frame["type"] == "snapshot"
                if frame["view"]["phase"] == "claims":
                    return client
                break
            if view["actions"]:
                await client.act(choose_action(view, view["seat"], rng).to_dict())
                break
    pytest.fail("no person discarded")


async def test_run_due_before_the_deadline_does_nothing_and_twice_acts_once(alice, bob):
    table = await database_sync_to_async(started_table)(alice, [bob], players=2, claim_timeout=1)
    clients = [await Client(table.slug, alice).connect(), await Client(table.slug, bob).connect()]
    await until_someone_discarded(clients, random.Random(2))
    await presence.stop_all()  # no timers: the test calls the deadline itself

    @database_sync_to_async
    def due_twice():
        stored = Table.objects.get(slug=table.slug)
        early = stored.close_claims_if_due(stored.deadline - timedelta(seconds=0.5))
        first = stored.close_claims_if_due(stored.deadline)
        second = Table.objects.get(slug=table.slug).close_claims_if_due(stored.deadline)
        return early, first, second

    early, first, second = await due_twice()
    assert early is None
    assert first is not None
    assert second is None
    for client in clients:
        await client.disconnect()


async def test_the_bot_plays_a_disconnected_players_turns(alice, bob):
    table = await database_sync_to_async(started_table)(alice, [bob], players=3)
    alices = await Client(table.slug, alice).connect()
    bobs = await Client(table.slug, bob).connect()
    await quiet([alices, bobs])
    await bobs.disconnect()
    await quiet([alices])
    assert alices.snapshot["table"]["seats"][1]["connected"] is False
    # Alice plays on alone: whenever Bob is awaited, the bot answers or discards for him.
    await play([alices], random.Random(4))
    stored = await current(table.slug)
    assert stored.round_state["phase"] == "over"
    bob_moved = [
        e
        for f in alices.frames
        if f["type"] == "events"
        for e in f["events"]
        if e.get("seat") == 1 and e["type"] in ("discarded", "answered")
    ]
    assert bob_moved, "the bot moved for Bob"
    await alices.disconnect()


async def test_a_table_whose_players_are_all_away_waits_for_them(alice, bob):
    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    alices = await Client(table.slug, alice).connect()
    await quiet([alices])
    await alices.disconnect()
    await live.settle()
    version = (await current(table.slug)).version
    await asyncio.sleep(0.2)
    await live.settle()
    assert (await current(table.slug)).version == version
    # Back again: the table goes on from where it stood.
    back = await Client(table.slug, alice).connect()
    assert back.snapshot["version"] > version
    await back.disconnect()


async def test_a_player_catches_up_after_a_server_restart(alice, bob):
    table = await database_sync_to_async(started_table)(alice, [bob], players=4)
    before = await Client(table.slug, alice).connect()
    watcher = await Client(table.slug).connect()
    rng = random.Random(8)
    from games.play.bots import choose_action

    for _ in range(3):
        await quiet([before, watcher])
        if before.view["actions"]:
            await before.act(choose_action(before.view, 0, rng).to_dict())
    await quiet([before, watcher])
    old_version = watcher.version
    await before.disconnect()
    await watcher.disconnect()
    await presence.stop_all()  # the old process is gone: no drivers, no timers

    # A new application instance: all it has is the database.
    app = URLRouter(websocket_urlpatterns)
    again = await Client(table.slug, alice, app=app).connect()
    await quiet([again])
    stored = await current(table.slug)
    assert again.version == stored.version
    assert again.view["seats"][0]["hand"] == stored.view(0)["seats"][0]["hand"]

    returning = Client(table.slug, app=app)
    await returning.connect()
    await quiet([again, returning])
    current_version = (await current(table.slug)).version
    # Its socket sent the current snapshot on connect: the old version is answered so.
    await returning.send({"type": "sync", "version": old_version})
    frame = await returning.next_of("up_to_date")
    assert frame["version"] == current_version
    assert returning.version == current_version
    await returning.send({"type": "sync", "version": current_version})
    assert await returning.next_of("up_to_date") == {
        "type": "up_to_date",
        "version": current_version,
    }
    await again.disconnect()
    await returning.disconnect()


async def test_the_next_round_is_dealt_when_every_player_asks_for_it(alice, bob):
    table = await database_sync_to_async(started_table)(alice, [bob], players=3, target=10_000)
    clients = [await Client(table.slug, alice).connect(), await Client(table.slug, bob).connect()]
    await play(clients, random.Random(6))
    assert clients[0].snapshot["table"]["match"]["round"] == 1
    await clients[0].ask({"type": "next_round"})
    await quiet(clients)
    assert clients[0].view["phase"] == "over", "Bob has not asked yet"
    assert clients[1].snapshot["table"]["ready"] == [0]
    await clients[1].ask({"type": "next_round"})
    await quiet(clients)
    assert clients[0].snapshot["table"]["match"]["round"] == 2
    assert clients[0].view["phase"] != "over"
    for client in clients:
        await client.disconnect()


async def test_the_next_round_is_dealt_when_the_pause_runs_out(alice, settings):
    settings.MHING_NEXT_ROUND_PAUSE = 0.3
    table = await database_sync_to_async(started_table)(alice, [], players=2, target=10_000)
    client = await Client(table.slug, alice).connect()
    await play([client], random.Random(7))
    ended = client.version
    for _ in range(50):
        frame = await client.receive(timeout=3)
        if frame["type"] == "snapshot" and frame["table"]["match"]["round"] == 2:
            break
    assert frame["version"] > ended
    await client.disconnect()


async def test_next_round_is_refused_while_the_round_is_played(alice):
    table = await database_sync_to_async(started_table)(alice, [], players=2)
    client = await Client(table.slug, alice).connect()
    await quiet([client])
    frame = await client.ask({"type": "next_round"})
    assert (frame["code"], frame["reason"]) == ("round_not_over", "round_not_over")
    await client.disconnect()
