"""Hostile and broken websocket frames: each gets the documented error reply on a socket that
stays open, the seat stays connected, nothing changes, and no frame ever carries another
seat's concealed cards. And handshakes to paths that are no table are refused, never a 500.
"""

from __future__ import annotations

import logging

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import OperationalError

from games.models import Table
from mhing_site.asgi import application
from tests.games.conftest import Client, current, quiet, started_table

pytestmark = pytest.mark.django_db(transaction=True)

# Text frames that are not a frame of the protocol, and the reason the server gives.
HOSTILE_TEXT = [
    ("[" * 1100 + "]" * 1100, "not_json"),  # RecursionError in json.loads
    ('{"a":' * 1100 + "1" + "}" * 1100, "not_json"),
    ("x" * 20_000, "frame_too_large"),
    ('{"type": "sync", "version": ' + "9" * 5000 + "}", "not_json"),  # int over 4,300 digits
    ("\ud800", "not_json"),
    ("null", "unknown_frame"),
    ("[]", "unknown_frame"),
    ('"action"', "unknown_frame"),
    ("1e999", "unknown_frame"),
    ('{"type": "action"}', "frame_fields"),
    ('{"type": "action", "action": ' + "[" * 500 + "]" * 500 + "}", "malformed_action"),
    ('{"type": "action", "action": {"type": "discard", "card": {"x": [1]}}}', "malformed_action"),
    ('{"type": "action", "action": {"type": "' + "z" * 10_000 + '"}}', "malformed_action"),
    ('{"type": "sync", "version": -1}', "sync_version"),
    ('{"type": "sync", "version": true}', "sync_version"),
    ('{"type": "sync", "version": 1.5}', "sync_version"),
    ('{"type": "sync", "version": 0, "id": {"a": 1}}', "frame_id"),
    ('{"type": "sync", "version": 0, "id": "' + "i" * 65 + '"}', "frame_id"),
    ('{"type": "next_round", "extra": 1}', "frame_fields"),
    ('{"type": "__proto__"}', "unknown_frame"),
    # A type that is no text: [] and {} cannot even be looked up (unhashable).
    ('{"type": []}', "unknown_frame"),
    ('{"type": {}}', "unknown_frame"),
    ('{"type": {"a": [1]}}', "unknown_frame"),
    ('{"type": 1}', "unknown_frame"),
    ('{"type": null, "version": 0}', "unknown_frame"),
]


def concealed_leaks(frames: list[dict], own: int | None) -> list[dict]:
    """Frames that show a hand other than the reader's own during play."""
    leaks = []
    for frame in frames:
        view = frame.get("view") if frame.get("type") == "snapshot" else None
        if not view or view["phase"] == "over":
            continue
        for seat in view["seats"]:
            if seat["seat"] != own and seat["hand"] is not None:
                leaks.append(frame)
    return leaks


async def test_every_hostile_frame_gets_its_error_and_the_seat_stays_connected(alice, bob, caplog):
    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    alice_socket = await Client(table.slug, alice).connect()
    bob_socket = await Client(table.slug, bob).connect()
    version = await quiet([alice_socket, bob_socket])
    before = await current(table.slug)

    answered = 0
    caplog.set_level(logging.WARNING)
    for text, reason in HOSTILE_TEXT:
        await alice_socket.communicator.send_to(text_data=text)
        frame = await alice_socket.next_of("error")
        assert frame["reason"] == reason, (text[:40], frame)
        assert frame["message"]
        answered += 1
    await alice_socket.communicator.send_to(bytes_data=b"\xff\xfe binary")
    assert (await alice_socket.next_of("error"))["reason"] == "frames_are_text"
    # A hostile frame is the sender's fault, not the server's: nothing to log as an error
    # (each one logged a traceback, 0.85 MB of log for 2,000 frames).
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []

    # The socket is still open and answers; the table did not change; both seats connected.
    answer = await alice_socket.ask({"type": "sync", "version": version})
    assert answer["type"] == "up_to_date"
    after = await current(table.slug)
    assert (after.version, after.round_state) == (before.version, before.round_state)
    seats = await database_sync_to_async(after.seat_list)()
    assert [s.connected for s in seats] == [True, True]
    assert answered == len(HOSTILE_TEXT)
    assert concealed_leaks(alice_socket.frames, 0) == []
    assert concealed_leaks(bob_socket.frames, 1) == []
    await alice_socket.disconnect()
    await bob_socket.disconnect()


async def test_a_frame_that_fails_unexpectedly_is_answered_and_the_socket_lives_on(
    alice, bob, monkeypatch
):
    from games import consumers

    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    client = await Client(table.slug, alice).connect()

    async def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(consumers, "_act", broken)
    frame = await client.act({"type": "pass"})
    assert (frame["code"], frame["reason"]) == ("server_error", "server_error")

    async def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(consumers, "_act", locked)
    frame = await client.act({"type": "pass"})
    assert (frame["code"], frame["reason"]) == ("busy", "busy")
    assert "Send your move again" in frame["message"]
    monkeypatch.undo()
    answer = await client.ask({"type": "sync", "version": 0})
    assert answer["type"] in ("snapshot", "up_to_date")  # behind, or sent everything
    seat = (await database_sync_to_async((await current(table.slug)).seat_list)())[0]
    assert seat.connected
    await client.disconnect()
    seat = (await database_sync_to_async((await current(table.slug)).seat_list)())[0]
    assert not seat.connected  # closing still counts


@pytest.mark.parametrize(
    "path",
    [
        "/ws/nothing/",
        "/ws/tables/",
        "/ws/tables/" + "a" * 5000 + "/",
        "/ws/tables/abc/extra/",
        "/ws/tables/ab%00c/",
        "/ws/tables/../../admin/",
        "/" + "x" * 5000,
    ],
)
async def test_a_handshake_to_a_path_that_is_no_table_is_refused_cleanly(path):
    communicator = WebsocketCommunicator(
        application, path, headers=[(b"origin", b"http://localhost")]
    )
    connected, code = await communicator.connect()
    assert connected is False
    assert code == 4404
    await communicator.disconnect()


async def test_a_table_that_does_not_exist_is_refused_with_4404():
    communicator = WebsocketCommunicator(
        application, "/ws/tables/zzzzzzzz/", headers=[(b"origin", b"http://localhost")]
    )
    connected, code = await communicator.connect()
    assert (connected, code) == (False, 4404)
    await communicator.disconnect()


async def test_a_seat_taken_over_in_the_waiting_room_never_shows_its_cards_to_the_old_socket(
    alice, bob, carol
):
    """Bob sits, opens the table, leaves; Carol takes his seat and the game starts. Bob's
    socket, left open, is a watcher's now: no cards, no moves for Carol's seat."""
    table = await database_sync_to_async(Table.create)(alice, players=3)
    await database_sync_to_async(table.take_seat)(bob, 1)
    bob_socket = await Client(table.slug, bob).connect()
    assert bob_socket.view is None and bob_socket.snapshot["table"]["seats"][1]["name"] == "bob"
    await database_sync_to_async(table.leave_seat)(bob)
    await database_sync_to_async(table.take_seat)(carol, 1)
    await database_sync_to_async(table.fill_with_bots)(alice)
    await database_sync_to_async(table.start)(alice)
    from games import live

    await live.changed(table.slug, (await current(table.slug)).version)
    await bob_socket.catch_up((await current(table.slug)).version)
    assert bob_socket.view["seat"] is None
    assert concealed_leaks(bob_socket.frames, None) == []
    frame = await bob_socket.act({"type": "pass"})
    assert frame["type"] == "error" and frame["code"] == "not_seated"
    await bob_socket.disconnect()


def test_the_error_reasons_are_the_documented_ones():
    """The error reasons the hostile frames get are the documented ones."""
    from tests.games.servers import ROOT

    docs = (ROOT / "docs" / "live_protocol.md").read_text()
    for reason in {r for _text, r in HOSTILE_TEXT} | {"frames_are_text", "server_error"}:
        assert f"`{reason}`" in docs, reason
