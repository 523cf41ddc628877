"""What a socket is sent after a change made elsewhere: the loads a server process keeps
(games/snapshots.py) never stand in for a version they are not."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import consumers, live, registry
from games.loads import Loaded, keep, kept, seats_after_move
from games.models import Table
from games.play.bots import choose_action
from games.play.round import awaiting
from games.play.tiles import parse_tile
from games.snapshots import adopt, load, loaded

from .conftest import Client, connect, first_discard, quiet, started_table

# PostgreSQL run: counts queries.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture
def table_reads(monkeypatch):
    """The versions this process's sockets read the table at (`consumers._load`)."""
    reads = []
    real = consumers._load

    async def counted(slug, at_least):
        reads.append(at_least)
        return await real(slug, at_least)

    monkeypatch.setattr(consumers, "_load", counted)
    return reads


@database_sync_to_async
def connect_elsewhere(slug: str, position: int) -> int:
    """The seat's player connects through another server process: the table changes in the
    database, and this process keeps no load of it."""
    table = Table.objects.get(slug=slug)
    connect(table, position)
    return table.version


async def test_a_move_after_a_seat_changed_elsewhere_shows_the_seat_as_it_is_now(alice, bob, carol):
    table = await database_sync_to_async(started_table)(alice, [bob, carol], players=3)
    clients = [await Client(table.slug, alice).connect(), await Client(table.slug, bob).connect()]
    await quiet(clients)  # carol is away: the bot played her turns until alice or bob must act
    assert clients[0].snapshot["table"]["seats"][2]["connected"] is False
    await connect_elsewhere(table.slug, 2)
    mover = next(c for c in clients if c.view["actions"])
    seat = mover.view["seat"]
    answer = await mover.act(choose_action(mover.view, seat, random.Random(3)).to_dict())
    assert answer["type"] == "snapshot"
    assert answer["table"]["seats"][2]["connected"] is True
    for client in clients:
        await client.disconnect()


def test_the_round_is_read_once_per_stored_state_and_is_the_round_saved(alice, bob):
    table = started_table(alice, [bob], players=2)
    connect(table, 0)
    connect(table, 1)
    assert table.round() is table.round()
    turn = table.round().turn
    card = next(a for a in table.view(turn)["actions"] if a["type"] == "discard")["card"]
    table.act(turn, {"type": "discard", "card": card})
    after = table.round()
    assert after.moves == Table.objects.get(pk=table.pk).round().moves
    assert after == Table.objects.get(pk=table.pk).round()
    assert table.view(turn)["seats"][turn]["discards"][-1] == card


@pytest.fixture
def rounds_parsed(monkeypatch):
    """How many times a stored round is parsed (`Table.round`, by the table's game)."""
    parsed = []
    game = registry.live_game("mhing")
    real = game.state_from_dict

    def counted(data):
        parsed.append(data["moves"])
        return real(data)

    monkeypatch.setattr(game, "state_from_dict", counted)
    return parsed


def row_not_kept(load: Loaded) -> Loaded:
    """The load without its row: the move takes the locked path (test_kept_row.py has the
    other), as when the process kept the table from a message without the row."""
    return dataclasses.replace(load, row=None)


def test_a_move_in_the_process_that_keeps_the_table_parses_no_round(alice, bob, rounds_parsed):
    """The locked row is at the version this process keeps: its round is the kept one."""
    table = started_table(alice, [bob], players=2)
    keep(row_not_kept(load(table.slug)))
    turn, discard = first_discard(Table.objects.get(pk=table.pk))
    rounds_parsed.clear()
    fresh = Table.objects.get(pk=table.pk)
    fresh.act(turn, discard)
    assert rounds_parsed == []
    assert fresh.round() == Table.objects.get(pk=table.pk).round()


def test_a_kept_round_that_is_not_the_rows_is_not_used(alice, bob):
    """Same version, other round (the database was put back, say): the row's round rules."""
    table = started_table(alice, [bob], players=2)
    turn, discard = first_discard(table)
    real = load(table.slug)
    wrong = dataclasses.replace(real.state, turn=1 - turn)
    changed = {**real.round_state, "turn": 1 - turn}
    keep(row_not_kept(dataclasses.replace(real, state=wrong, round_state=changed)))
    table.act(turn, discard)  # played on the kept round, this would be out of turn
    assert table.round().seats[turn].discards[-1:] == (parse_tile(discard["card"]),)


def test_a_move_reads_the_table_once_writes_it_once_and_reads_no_seat(alice, bob):
    table = started_table(alice, [bob], players=2)
    connect(table, 0)
    connect(table, 1)
    keep(row_not_kept(load(table.slug)))  # as the sockets of this process left it
    turn = table.round().turn
    card = next(a for a in table.view(turn)["actions"] if a["type"] == "discard")["card"]
    with CaptureQueriesContext(connection) as queries:
        table.act(turn, {"type": "discard", "card": card})
        fresh = keep(loaded(table, seats_after_move(table)))  # what the consumer does after
    statements = [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len([s for s in statements if s.startswith("SELECT")]) == 1
    (update,) = [s for s in statements if s.startswith("UPDATE")]
    # A discard leaves the match and its results as they were: they are not written again.
    assert '"match_state"' not in update and '"results"' not in update
    assert '"round_state"' in update
    assert not any("games_tableseat" in s for s in statements)
    assert fresh.version == table.version
    assert [s["connected"] for s in fresh.summary["seats"]] == [True, True]


async def test_a_change_made_elsewhere_while_a_socket_joins_reaches_it(
    alice, bob, carol, monkeypatch
):
    table = await database_sync_to_async(started_table)(alice, [bob, carol], players=3)
    join = consumers._join

    async def join_then_carol_connects_elsewhere(slug, user, channel):
        joined = await join(slug, user, channel)
        # Another process changes the table and announces it, just after this socket read it.
        await live.changed(slug, await connect_elsewhere(slug, 2))
        return joined

    monkeypatch.setattr(consumers, "_join", join_then_carol_connects_elsewhere)
    client = await Client(table.slug, alice).connect()
    await quiet([client])
    assert client.snapshot["table"]["seats"][2]["connected"] is True
    await client.disconnect()


async def test_sockets_of_one_process_asking_for_a_version_at_once_share_one_read(
    alice, bob, table_reads
):
    """A move elsewhere reaches every socket of the table here at once, none of them holding
    the new version: one database read serves them all."""
    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    reads = table_reads
    loads = await asyncio.gather(
        *(consumers._shared_load(table.slug, table.version) for _ in range(4))
    )
    assert len(reads) == 1
    assert {load.version for load in loads} == {table.version}


@database_sync_to_async
def move_elsewhere(slug: str):
    """Another server process plays a move for the seat awaited first and has the table as
    it left it (not kept here)."""
    table = Table.objects.get(slug=slug)
    seat = awaiting(table.round())[0]
    table.act(seat, choose_action(table.view(seat), seat, random.Random(5)))
    return loaded(table, table.seat_list())


async def test_a_move_made_elsewhere_reaches_the_sockets_here_without_a_read(
    alice, bob, table_reads
):
    """The other process's "version" message carries the table as it saved it: the sockets
    here send that (games.snapshots.adopt) instead of reading the table again."""
    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    clients = [await Client(table.slug, alice).connect(), await Client(table.slug, bob).connect()]
    await quiet(clients)
    reads = table_reads
    load = await move_elsewhere(table.slug)
    await live.changed(table.slug, load.version, load)
    for position, client in enumerate(clients):
        await client.catch_up(load.version)
        # The new version, as this seat (and only this seat) sees it.
        assert client.view == json.loads(json.dumps(load.snapshot(position)["view"]))
    assert reads == []
    for client in clients:
        await client.disconnect()


async def test_a_carried_table_is_not_used_when_the_seats_changed_since(alice, bob, carol):
    """The seats do not travel with the message: after a seat (dis)connected elsewhere, the
    process reads the table as before rather than keep the old seats with the new round."""
    table = await database_sync_to_async(started_table)(alice, [bob, carol], players=3)
    clients = [await Client(table.slug, alice).connect(), await Client(table.slug, bob).connect()]
    await quiet(clients)
    await connect_elsewhere(table.slug, 2)  # carol connects through another process
    load = await move_elsewhere(table.slug)
    adopt(table.slug, load.version, load.carried())
    assert kept(table.slug, load.version) is None
    for client in clients:
        await client.disconnect()
