"""What docs/live_protocol.md promises a client, where the server once broke it:
a watcher is offered no action; a socket's versions only grow, so a `sync` is never
answered with a snapshot the socket already sent; an `error` never names a version whose
snapshot the socket has not sent; a new Mah-Jongg game's events say the new winds."""

from __future__ import annotations

import itertools
import random

import pytest
from channels.db import database_sync_to_async

from games import live
from scoring.mahjongg.profile import Profile
from scoring.mahjongg.rotation import Rotation

from .conftest import Client, current, play, quiet, started_table
from .mahjongg.helpers import mahjongg_table
from .mahjongg.helpers import play as play_mahjongg

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(alice, bob):
    return started_table(alice, [bob], players=4)


def snapshot_versions(client: Client) -> list[int]:
    return [f["version"] for f in client.frames if f["type"] == "snapshot"]


def increasing(versions: list[int]) -> bool:
    return all(a < b for a, b in itertools.pairwise(versions))


async def test_a_watcher_is_offered_no_action_through_a_whole_round(table, alice, bob):
    players = [await Client(table.slug, alice).connect(), await Client(table.slug, bob).connect()]
    watcher = await Client(table.slug).connect()
    rng = random.Random(4)
    for _round in range(5):  # until the watcher saw a discard open to claims
        await play([*players, watcher], rng)
        views = [f["view"] for f in watcher.frames if f["type"] == "snapshot"]
        if any(v["phase"] == "claims" for v in views):
            break
        for player in players:
            await player.ask({"type": "next_round"})
    assert any(v["phase"] == "claims" for v in views)
    assert [v["actions"] for v in views if v["actions"]] == []
    for client in [*players, watcher]:
        await client.disconnect()


async def test_a_sync_for_a_version_the_socket_has_sent_is_answered_up_to_date(table, alice):
    client = await Client(table.slug, alice).connect()
    version = await quiet([client])
    assert version > 1

    answer = await client.ask({"type": "sync", "version": version - 1})
    assert answer == {"type": "up_to_date", "version": version, "reply_to": client.asked}
    answer = await client.ask({"type": "sync", "version": 0})
    assert answer == {"type": "up_to_date", "version": version, "reply_to": client.asked}
    # A reconnecting page sends the version it last saw on its old socket; the new socket
    # sent the current snapshot on connect already.
    await client.disconnect()
    again = await Client(table.slug, alice).connect()
    await quiet([again])
    answer = await again.ask({"type": "sync", "version": version - 1})
    assert answer["type"] == "up_to_date" and answer["version"] == again.version
    for socket in (client, again):
        assert increasing(snapshot_versions(socket)), snapshot_versions(socket)
    await again.disconnect()


async def test_a_sync_brings_only_the_versions_the_socket_was_not_sent(table, alice, bob):
    client = await Client(table.slug, alice).connect()
    await quiet([client])
    held = client.version
    # Only the database knows the new version.
    version = await database_sync_to_async(_change_unannounced)(await current(table.slug))
    assert version == held + 1

    answer = await client.ask({"type": "sync", "version": held})
    assert (answer["type"], answer["version"]) == ("snapshot", version)
    before = client.frames[-2]  # the events of that version, just before its snapshot
    assert (before["type"], before["version"]) == ("events", version)
    assert increasing(snapshot_versions(client))
    # A version the table never reached (a database put back from a backup): its snapshot.
    answer = await client.ask({"type": "sync", "version": version + 5})
    assert (answer["type"], answer["version"]) == ("snapshot", version)
    await live.settle()
    await client.disconnect()


def _change_unannounced(row) -> int:
    """One change nobody is told of (as if its message were lost): a move by whoever may
    move now, or, the round being over, the next one dealt; the new version."""
    for seat in (0, 1):
        actions = row.view(seat)["actions"]
        if actions:
            return row.act(seat, actions[0])[0]
    return row.ready_for_next_round(0)


def _not_held(row, seat: int) -> str:
    own = row.view(seat)["seats"][seat]
    held = {*own["hand"], own["drawn"]}
    return next(c for c in ("1b", "2b", "3b", "Rd", "Gd", "Ew", "9k", "5c") if c not in held)


async def test_an_error_never_names_a_version_the_socket_has_not_sent(table, alice, bob):
    client = await Client(table.slug, alice).connect()
    await quiet([client])
    held = client.version
    version = await database_sync_to_async(_change_unannounced)(await current(table.slug))

    # A card Alice does not hold: refused on the table as it is now, at `version`.
    missing = await database_sync_to_async(_not_held)(await current(table.slug), 0)
    answer = await client.act({"type": "discard", "card": missing})
    assert answer["type"] == "error" and answer["code"] == "illegal", answer
    sent_before = [
        f["version"] for f in client.frames[:-1] if f["type"] == "snapshot"
    ]  # what the socket sent before the error
    assert answer["version"] <= max(sent_before), (answer, sent_before)
    # The socket was brought up to the version the refusal was judged on, first.
    assert max(sent_before) == version > held
    frame = await client.ask({"type": "shout"})
    assert frame["code"] == "malformed" and frame["version"] == version
    await live.settle()
    await client.disconnect()


async def test_a_new_mahjongg_games_events_say_the_new_winds(alice):
    # The classical rotation: East passes on after any game East does not win, so the
    # winds soon change between games.
    rules = Profile(players=3, rotation=Rotation.CLASSICAL)
    table = await database_sync_to_async(mahjongg_table)(alice, rules=rules)
    client = await Client(table.slug, alice).connect()
    rng = random.Random(11)
    changed = False
    for _game in range(12):
        await play_mahjongg([client], rng)  # to the game's end
        before = client.snapshot["table"]["match"]["seats"]
        if client.snapshot["table"]["status"] == "finished":
            break
        dealt = await client.ask({"type": "next_round"})
        assert dealt["type"] == "snapshot" and dealt["view"]["phase"] != "over", dealt
        seats = dealt["table"]["match"]["seats"]
        # The events of the deal came before this snapshot: they alone say the new winds.
        events = [
            e
            for f in client.frames
            if f["type"] == "events" and f["version"] <= dealt["version"]
            for e in f["events"]
        ]
        started = [e for e in events if e["type"] == "game_started"][-1]
        assert started["seats"] == seats, (started, seats)
        codes = {p: code for code, p in seats.items()}
        dealt_events = events[events.index(started) :]
        for event in dealt_events:
            if "seat" in event:
                wind = "ESWN"[event["seat"]]
                assert codes[event["player"]] == wind, (event, seats)
        changed = changed or seats != before
        if changed:
            break
    assert changed, "the winds never changed between games"
    await client.disconnect()
