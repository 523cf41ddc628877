"""The table's websocket: snapshots, actions, errors, and what each socket may see."""

from __future__ import annotations

import random

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.play.tiles import parse_tile

from .conftest import Client, current, play, quiet, started_table

# PostgreSQL run: hostile frames carry a NUL, which PostgreSQL refuses to store.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture
def table(alice, bob):
    return started_table(alice, [bob], players=4)


async def test_the_others_see_a_player_connect_and_leave(table, alice, bob):
    first = await Client(table.slug, alice).connect()
    assert first.snapshot["table"]["seats"][1]["connected"] is False
    second = await Client(table.slug, bob).connect()
    await quiet([first, second])
    assert first.snapshot["table"]["seats"][1]["connected"] is True
    await second.disconnect()
    await quiet([first])
    assert first.snapshot["table"]["seats"][1]["connected"] is False
    await first.disconnect()


async def test_a_whole_round_of_people_and_bots_plays_to_its_end(table, alice, bob):
    clients = [await Client(table.slug, alice).connect(), await Client(table.slug, bob).connect()]
    await play(clients, random.Random(3))
    for client in clients:
        assert client.view["phase"] == "over"
        versions = [f["version"] for f in client.frames if f["type"] == "snapshot"]
        assert versions == sorted(set(versions)), "snapshots come once each, in order"
        assert any(f["type"] == "events" for f in client.frames)
    stored = await current(table.slug)
    assert stored.round_state["phase"] == "over"
    assert stored.match_state["rounds"][0]["number"] == 1
    assert clients[0].snapshot["table"]["next_round_at"] is not None
    for client in clients:
        await client.disconnect()


async def test_an_illegal_action_is_refused_and_changes_nothing(table, alice, bob):
    client = await Client(table.slug, alice).connect()
    other = await Client(table.slug, bob).connect()
    await quiet([client, other])
    before = await current(table.slug)
    view = client.view
    if view["turn"] == 0:
        # Alice's turn: a card she does not hold.
        held = set(view["seats"][0]["hand"])
        missing = next(c for c in ("1b", "2b", "3b", "Rd", "Gd", "Ew", "9k") if c not in held)
        frame = await client.act({"type": "discard", "card": missing})
        assert frame["reason"] == "card_not_in_hand"
        assert missing in frame["message"]
    else:
        frame = await client.act({"type": "discard", "card": view["seats"][0]["hand"][0]})
        assert frame["reason"] in ("not_your_turn", "claim_window_open")
    assert frame["type"] == "error"
    assert frame["code"] == "illegal"
    assert frame["version"] == before.version
    after = await current(table.slug)
    assert (after.version, after.round_state) == (before.version, before.round_state)
    # Bob cannot act for Alice's turn either.
    frame = await other.act({"type": "mhing"})
    assert frame["code"] == "illegal"
    assert (await current(table.slug)).round_state == before.round_state
    await client.disconnect()
    await other.disconnect()


@pytest.mark.parametrize(
    "raw, reason",
    [
        ("not json", "not_json"),
        ("[1, 2]", "unknown_frame"),
        ('{"type": "shout"}', "unknown_frame"),
        ('{"action": {"type": "pass"}}', "unknown_frame"),
        ('{"type": "action"}', "frame_fields"),
        ('{"type": "action", "action": {"type": "pass"}, "seat": 2}', "frame_fields"),
        ('{"type": "sync"}', "frame_fields"),
        ('{"type": "sync", "version": "7"}', "sync_version"),
        ('{"type": "sync", "version": true}', "sync_version"),
        ('{"type": "sync", "version": 1, "id": [1]}', "frame_id"),
        ('{"type": "next_round", "id": true}', "frame_id"),
        ('{"type": "action", "action": "pass"}', "malformed_action"),
        ('{"type": "action", "action": {"type": "fold"}}', "malformed_action"),
        ('{"type": "action", "action": {"type": "discard", "card": "11b"}}', "malformed_action"),
        ('{"type": "action", "action": {"type": "discard"}}', "malformed_action"),
        ('{"type": "action", "action": {"type": "discard", "card": "F"}}', "malformed_action"),
    ],
)
async def test_a_malformed_frame_gets_an_error_and_changes_nothing(table, alice, raw, reason):
    client = await Client(table.slug, alice).connect()
    await quiet([client])
    before = await current(table.slug)
    await client.communicator.send_to(text_data=raw)
    frame = await client.next_of("error")
    assert frame["type"] == "error"
    assert frame["code"] == "malformed"
    assert frame["reason"] == reason
    assert frame["message"]
    assert frame["version"] == before.version
    after = await current(table.slug)
    assert (after.version, after.round_state) == (before.version, before.round_state)
    # The socket stays open and answers the next frame.
    await client.send({"type": "sync", "version": after.version})
    assert (await client.next_of("up_to_date"))["version"] == after.version
    await client.disconnect()


async def test_a_binary_frame_gets_an_error(table, alice):
    client = await Client(table.slug, alice).connect()
    await client.communicator.send_to(bytes_data=b"\x00\x01")
    frame = await client.next_of("error")
    assert (frame["code"], frame["reason"]) == ("malformed", "frames_are_text")
    await client.disconnect()


async def test_errors_are_worded_in_the_browsers_language(table, alice):
    client = Client(table.slug, alice)
    client.communicator.scope["headers"] = [(b"accept-language", b"de-DE,de;q=0.9")]
    await client.connect()
    await client.communicator.send_to(text_data='{"type": "shout"}')
    german = await client.next_of("error")
    assert german["reason"] == "unknown_frame"
    await client.disconnect()
    english = await Client(table.slug, alice).connect()
    await english.communicator.send_to(text_data='{"type": "shout"}')
    assert (await english.next_of("error"))["message"].startswith("Unknown frame")
    await english.disconnect()


async def test_an_unknown_table_closes_the_socket(db):
    client = Client("nosuchtable")
    connected, code = await client.communicator.connect()
    assert not connected
    assert code == 4404


async def test_a_discard_reaches_the_other_player_with_its_event(table, alice, bob):
    clients = [await Client(table.slug, alice).connect(), await Client(table.slug, bob).connect()]
    rng = random.Random(5)
    for _ in range(200):
        await quiet(clients)
        actor = next(
            (c for c in clients if c.view["phase"] == "discard" and c.view["actions"]), None
        )
        if actor is not None:
            break
        await play_one(clients, rng)
    else:
        pytest.fail("no person got a turn")
    card = next(a["card"] for a in actor.view["actions"] if a["type"] == "discard")
    other = clients[1] if actor is clients[0] else clients[0]
    before = actor.version
    frame = await actor.act({"type": "discard", "card": card})
    assert frame["type"] == "snapshot"
    await other.catch_up(frame["version"])
    told = [
        e
        for f in other.frames
        if f["type"] == "events" and before < f["version"] <= frame["version"]
        for e in f["events"]
    ]
    assert told[0] == {"type": "discarded", "seat": actor.view["seat"], "card": card}
    assert parse_tile(card) is not None
    for client in clients:
        await client.disconnect()


async def play_one(clients, rng):
    from games.play.bots import choose_action

    for client in clients:
        if client.view["actions"]:
            await client.act(choose_action(client.view, client.view["seat"], rng).to_dict())
            return


async def test_the_answer_to_a_frame_repeats_its_id(table, alice):
    client = await Client(table.slug, alice).connect()
    await quiet([client])
    await client.send({"type": "sync", "version": client.version, "id": "s-1"})
    assert await client.next_of("up_to_date") == {
        "type": "up_to_date",
        "version": client.version,
        "reply_to": "s-1",
    }
    await client.send({"type": "shout", "id": 7})
    assert (await client.next_of("error"))["reply_to"] == 7
    await client.send({"type": "sync", "version": 0, "id": 8})
    assert (await client.next_of("up_to_date"))["reply_to"] == 8  # sent already: not again
    await client.disconnect()


async def test_the_site_signs_the_player_in_from_the_session_cookie(table, alice, settings):
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from mhing_site.asgi import application

    @database_sync_to_async
    def session_for(user) -> str:
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        return session.session_key

    key = await session_for(alice)
    signed_in = WebsocketCommunicator(
        application,
        f"/ws/tables/{table.slug}/",
        headers=[(b"origin", b"http://localhost"), (b"cookie", f"sessionid={key}".encode())],
    )
    connected, _ = await signed_in.connect()
    assert connected
    frame = await signed_in.receive_json_from()
    assert frame["view"]["seat"] == 0
    await signed_in.disconnect()

    foreign = WebsocketCommunicator(
        application, f"/ws/tables/{table.slug}/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await foreign.connect()
    assert not connected, "another site's page may not open the socket"
