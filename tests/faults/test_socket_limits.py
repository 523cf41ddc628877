"""Floods of a live table's websocket: one socket had 3,000 `sync` frames
answered with full snapshots in 3.4 s, and one account opened 300 sockets on one table. Now
frames over a socket's limits are refused with `too_fast`, a socket that keeps flooding is
closed with 4429, the 9th socket of an account at a table is closed with 4430, the watcher
past the table's limit with 4431, and the players at the table play on meanwhile
(games/socket_limits.py, docs/live_protocol.md#limits).
"""

from __future__ import annotations

import asyncio
import gc
import json
import time

import pytest
from channels.db import database_sync_to_async

from games.socket_limits import CLOSE_FLOODING, CLOSE_TOO_MANY_SOCKETS, CLOSE_TOO_MANY_WATCHERS
from tests.games.conftest import Client, current, quiet, started_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _the_defaults(settings):
    """The limits as shipped (tests.games.conftest raises the frame rate for fast clients)."""
    settings.MHING_WS_FRAMES_PER_SECOND = 20
    settings.MHING_WS_FRAME_BURST = 40


async def drain(client: Client, timeout: float = 2) -> tuple[list[dict], int | None]:
    """Every frame the socket is sent until it goes quiet or is closed; the close code."""
    frames = []
    while True:
        # Not receive_output's timeout: on a timeout it cancels the application.
        if await client.communicator.receive_nothing(timeout=timeout):
            return frames, None
        output = await client.communicator.receive_output()
        if output["type"] == "websocket.close":
            return frames, output.get("code")
        frames.append(json.loads(output["text"]))


async def a_move(clients: list[Client]) -> dict:
    """Whoever may act makes a move (a discard if they can); the answer."""
    await quiet(clients)
    mover = next(c for c in clients if c.view["actions"])
    actions = mover.view["actions"]
    action = next((a for a in actions if a["type"] == "discard"), actions[0])
    return await mover.act(action)


async def refused_at_connect(client: Client) -> int | None:
    """The close code of a socket closed straight after its handshake, with no frame."""
    connected, _code = await client.communicator.connect()
    assert connected  # accepted, so that the browser sees the code
    frames, code = await drain(client)
    assert frames == []
    return code


async def test_3000_sync_frames_are_not_all_answered_and_the_flooder_is_closed(
    alice, bob, capsys, settings
):
    assert (settings.MHING_WS_FRAMES_PER_SECOND, settings.MHING_WS_SYNC_BURST) == (20, 5)
    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    players = [await Client(table.slug, user).connect() for user in (alice, bob)]
    await quiet(players)
    flooder = await Client(table.slug).connect()  # an anonymous watcher

    started = time.monotonic()
    for _ in range(3000):
        await flooder.communicator.send_to(text_data='{"type": "sync", "version": 0}')
    frames, code = await drain(flooder)

    # Each answered sync: up_to_date (the socket sent the current snapshot on connect), or
    # a snapshot had the table moved on.
    answered = [f for f in frames if f["type"] in ("snapshot", "up_to_date")]
    refused = [f for f in frames if f["type"] == "error"]
    assert code == CLOSE_FLOODING
    assert 1 <= len(answered) <= 5  # MHING_WS_SYNC_BURST
    assert refused and {(f["code"], f["reason"]) for f in refused} == {
        ("too_fast", "too_many_syncs")
    }
    assert "30 a minute" in refused[0]["message"]
    assert len(refused) <= 21  # MHING_WS_REFUSAL_BURST, and perhaps one refilled
    assert time.monotonic() - started < 30
    with capsys.disabled():
        print(
            f"\n[flood] 3,000 syncs: {len(answered)} answered, {len(refused)} refused,"
            f" closed with {code}"
        )

    # The players were not held up: a move goes through and both see it.
    answer = await a_move(players)
    assert answer["type"] == "snapshot", answer
    for socket in players:
        await socket.catch_up(answer["version"])
    await flooder.disconnect()
    for socket in players:
        await socket.disconnect()


async def test_frames_over_the_rate_are_refused_then_the_socket_closed(alice, bob, settings):
    settings.MHING_WS_FRAMES_PER_SECOND = 5
    settings.MHING_WS_FRAME_BURST = 10
    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    players = [await Client(table.slug, user).connect() for user in (alice, bob)]
    version = await quiet(players)
    flooder = players[0]  # a player's own socket is limited alike

    for _ in range(2000):
        await flooder.communicator.send_to(text_data='{"type": "nothing"}')
    frames, code = await drain(flooder)

    reasons = [f["reason"] for f in frames if f["type"] == "error"]
    assert code == CLOSE_FLOODING
    assert reasons.count("unknown_frame") <= 11  # the burst (and perhaps one refilled)
    assert 1 <= reasons.count("too_many_frames") <= 21
    assert "5 a second" in next(f["message"] for f in frames if f["reason"] == "too_many_frames")
    # The table did not change, and the closed socket counts as gone once it is.
    assert (await current(table.slug)).version == version
    await flooder.disconnect()
    bob_view = await players[1].next_of("snapshot")
    assert bob_view["table"]["seats"][0]["connected"] is False
    await players[1].disconnect()


async def test_a_socket_within_its_limits_is_never_refused(alice, bob, settings):
    settings.MHING_WS_FRAMES_PER_SECOND = 20
    settings.MHING_WS_FRAME_BURST = 40
    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    client = await Client(table.slug, alice).connect()
    version = await quiet([client])
    for _ in range(35):  # with the syncs, a burst of the allowed size
        answer = await client.ask({"type": "frame-nobody-knows"})
        assert answer["reason"] == "unknown_frame"
    for _ in range(5):  # the sync burst
        assert (await client.ask({"type": "sync", "version": version}))["type"] == "up_to_date"
    await client.disconnect()


async def test_the_ninth_socket_of_one_account_at_a_table_is_refused(alice, bob):
    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    bob_socket = await Client(table.slug, bob).connect()
    tabs = [await Client(table.slug, alice).connect() for _ in range(8)]

    ninth = Client(table.slug, alice)
    assert await refused_at_connect(ninth) == CLOSE_TOO_MANY_SOCKETS
    await ninth.disconnect()

    # Meanwhile the players play on, from any of Alice's tabs.
    assert (await a_move([tabs[0], bob_socket]))["type"] == "snapshot"

    # A tab closed makes room for another; Bob's own sockets were never counted with hers.
    await tabs.pop().disconnect()
    tabs.append(await Client(table.slug, alice).connect())
    assert (await current(table.slug)).version > 0
    for socket in (*tabs, bob_socket):
        await socket.disconnect()


async def test_anonymous_watchers_past_the_tables_limit_are_refused(alice, bob, settings):
    settings.MHING_WS_WATCHERS_PER_TABLE = 3
    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    other = await database_sync_to_async(started_table)(bob, [alice], players=2)
    watchers = [await Client(table.slug).connect() for _ in range(3)]

    fourth = Client(table.slug)
    assert await refused_at_connect(fourth) == CLOSE_TOO_MANY_WATCHERS
    await fourth.disconnect()
    # Signed-in people are counted per account, not as watchers; other tables have room.
    alice_socket = await Client(table.slug, alice).connect()
    elsewhere = await Client(other.slug).connect()
    # A watcher who leaves makes room for the next.
    await watchers.pop().disconnect()
    watchers.append(await Client(table.slug).connect())
    for socket in (*watchers, alice_socket, elsewhere):
        await socket.disconnect()


async def test_a_socket_that_slows_down_is_answered_again(alice, bob, settings):
    settings.MHING_WS_FRAMES_PER_SECOND = 5
    settings.MHING_WS_FRAME_BURST = 10
    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    client = await Client(table.slug, alice).connect()
    version = await quiet([client])
    for _ in range(11):
        await client.communicator.send_to(text_data='{"type": "nothing"}')
    await client.send({"type": "sync", "version": version, "id": "last"})
    frames, code = await drain(client, timeout=0.5)
    assert code is None  # refused twice, not closed
    assert [f["reason"] for f in frames] == ["unknown_frame"] * 10 + ["too_many_frames"] * 2
    # A refused frame's answer still names it, so a client waiting for it is not left hanging.
    assert frames[-1]["reply_to"] == "last" and "reply_to" not in frames[-2]
    await asyncio.sleep(0.5)  # 2.5 frames' worth (the bucket was empty, and the refusal free)
    assert (await client.ask({"type": "sync", "version": version}))["type"] == "up_to_date"
    await client.disconnect()


def test_the_limits_and_their_codes_are_documented():
    from tests.games.servers import ROOT

    protocol = (ROOT / "docs" / "live_protocol.md").read_text()
    configuration = (ROOT / "docs" / "configuration.md").read_text()
    for text in ("`too_fast`", "`too_many_frames`", "`too_many_syncs`"):
        assert text in protocol, text
    for code in (CLOSE_FLOODING, CLOSE_TOO_MANY_SOCKETS, CLOSE_TOO_MANY_WATCHERS):
        assert f"`{code}`" in protocol, code
    for name in (
        "MHING_WS_FRAMES_PER_SECOND",
        "MHING_WS_FRAME_BURST",
        "MHING_WS_SYNCS_PER_MINUTE",
        "MHING_WS_SYNC_BURST",
        "MHING_WS_REFUSAL_BURST",
        "MHING_WS_SOCKETS_PER_ACCOUNT",
        "MHING_WS_WATCHERS_PER_TABLE",
    ):
        assert f"`{name}`" in configuration and f"`{name}`" in protocol, name


async def test_a_watcher_whose_socket_is_gone_without_its_clean_up_leaves_no_place(settings):
    """A consumer that failed in its connect (a database error, say) never runs its clean-up;
    once the server has dropped it, its place among the table's watchers is free again."""
    from games import socket_limits

    settings.MHING_WS_WATCHERS_PER_TABLE = 1

    class Socket:  # stands for a consumer
        pass

    failed, waiting = Socket(), Socket()
    assert await socket_limits.crowded("t1", None, failed) is None
    assert await socket_limits.crowded("t1", None, waiting) == CLOSE_TOO_MANY_WATCHERS
    del failed  # never unwatched
    gc.collect()
    assert await socket_limits.crowded("t1", None, waiting) is None
    socket_limits.unwatch("t1", waiting)
