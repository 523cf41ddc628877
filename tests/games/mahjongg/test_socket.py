"""A Mah-Jongg table's websocket, as a player's browser meets it: per-seat snapshots and
events, refused moves, the claim window's deadline, bots in empty seats, reconnecting."""

from __future__ import annotations

import json
import random

import pytest
from channels.db import database_sync_to_async

from games import live
from games.models import Table
from games.play.mahjongg.bots import choose_action
from scoring.mahjongg.profile import Profile

from ..conftest import Client, current, quiet
from .helpers import concealed_leaks, mahjongg_table, play

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(alice, bob):
    return mahjongg_table(alice, [bob])


async def test_a_player_sees_their_own_hand_and_only_counts_of_the_others(table, alice):
    client = await Client(table.slug, alice).connect()
    await quiet([client])
    snapshot = client.snapshot
    assert snapshot["table"]["game"] == "mahjongg"
    assert snapshot["table"]["rules"]["players"] == 4
    assert [s["name"] for s in snapshot["table"]["seats"]] == ["alice", "bob", "Bot 3", "Bot 4"]
    view = snapshot["view"]
    assert view["game"] == "mahjongg" and view["player"] == 0
    mine = next(s for s in view["seats"] if s["player"] == 0)
    assert len(mine["hand"]) >= 13
    assert all(s["hand"] is None for s in view["seats"] if s["player"] != 0)
    assert all(s["hand_count"] >= 13 for s in view["seats"])
    await client.disconnect()


async def test_no_frame_of_a_whole_game_shows_anyone_another_players_tiles(table, alice, bob):
    clients = [await Client(table.slug, alice).connect(), await Client(table.slug, bob).connect()]
    watcher = await Client(table.slug).connect()
    await play([*clients, watcher], random.Random(5))
    for own, client in [(0, clients[0]), (1, clients[1]), (None, watcher)]:
        in_play = [
            f for f in client.frames if f["type"] == "snapshot" and f["view"]["phase"] != "over"
        ]
        assert len(in_play) >= 2
        for frame in client.frames:
            assert concealed_leaks(frame, own) == [], frame
    assert watcher.view["phase"] == "over"
    assert all(s["hand"] is not None for s in watcher.view["seats"])  # shown at the end
    assert watcher.view["outcome"]["scores"]
    for client in [*clients, watcher]:
        await client.disconnect()


async def test_a_tile_not_held_is_refused_by_name_and_nothing_changes(table, alice):
    client = await Client(table.slug, alice).connect()
    await quiet([client])
    before = await current(table.slug)
    assert client.view["turn"] == client.view["seat"] == 0  # alice sits East and deals
    frame = await client.act({"type": "discard", "tile": "F1"})  # a bonus tile: never played
    assert (frame["type"], frame["code"], frame["reason"]) == (
        "error",
        "malformed",
        "malformed_action",
    )
    frame = await client.act({"type": "claim_pon"})  # no discard lies open
    assert (frame["code"], frame["reason"]) == ("illegal", "no_claim_window")
    assert frame["version"] == before.version
    after = await current(table.slug)
    assert after.version == before.version and after.round_state == before.round_state
    await client.disconnect()


async def test_the_claim_window_closes_itself_when_its_countdown_runs_out(alice, bob):
    table = await database_sync_to_async(mahjongg_table)(alice, [bob], claim_timeout=1)
    clients = [await Client(table.slug, alice).connect(), await Client(table.slug, bob).connect()]
    rng = random.Random(2)
    # The people play until a discard waits for one of them to answer it.
    waiting = None
    for _ in range(400):
        await quiet(clients)
        waiting = next((c for c in clients if (c.view["claims"] or {}).get("may_answer")), None)
        if waiting is not None:
            break
        acting = next(c for c in clients if c.view["actions"])
        await acting.act(choose_action(acting.view, acting.view["seat"], rng).to_dict())
    assert waiting is not None, "a discard waits for a person's answer"
    assert waiting.snapshot["table"]["claim_deadline"] is not None
    opened = waiting.version
    # Nobody answers: a second later the table closes the window; the person passed.
    for _ in range(50):
        frame = await waiting.receive(timeout=3)
        if frame["type"] == "snapshot" and frame["view"]["phase"] != "claims":
            break
    assert frame["version"] > opened
    closed = [
        e
        for f in waiting.frames
        if f["type"] == "events"
        for e in f["events"]
        if e["type"] == "claims_closed"
    ]
    assert closed and waiting.view["seat"] in closed[-1]["timed_out"]
    for client in clients:
        await client.disconnect()


async def test_a_reconnecting_player_is_sent_their_own_hand_again(table, alice):
    client = await Client(table.slug, alice).connect()
    await quiet([client])
    assert client.view["turn"] == 0  # alice deals: nothing moves until she discards
    hand = next(s for s in client.view["seats"] if s["player"] == 0)["hand"]
    seen = client.version
    await client.disconnect()
    again = await Client(table.slug, alice).connect()
    await quiet([again])
    assert next(s for s in again.view["seats"] if s["player"] == 0)["hand"] == hand
    # The new socket sent its snapshot on connect: an older version is answered up to date.
    answer = await again.ask({"type": "sync", "version": seen - 1})
    assert answer == {"type": "up_to_date", "version": again.version, "reply_to": again.asked}
    assert again.view["player"] == 0
    await again.disconnect()


async def test_two_tabs_of_one_player_both_follow_the_game(table, alice):
    first = await Client(table.slug, alice).connect()
    second = await Client(table.slug, alice).connect()
    await quiet([first, second])
    tile = next(a for a in first.view["actions"] if a["type"] == "discard")["tile"]
    answer = await first.act({"type": "discard", "tile": tile})
    assert answer["type"] == "snapshot"
    version = await quiet([first, second])
    assert first.version == second.version == version
    assert first.view == second.view and first.view["player"] == 0
    for client in (first, second):
        discarded = [
            e
            for f in client.frames
            if f["type"] == "events"
            for e in f["events"]
            if e["type"] == "discarded"
        ]
        assert discarded[0] == {"type": "discarded", "seat": 0, "player": 0, "tile": tile}
    for client in (first, second):
        await client.disconnect()


async def test_a_table_of_bots_and_one_person_plays_a_whole_three_player_match(alice):
    rules = Profile(players=3)
    table = await database_sync_to_async(mahjongg_table)(alice, rules=rules)
    client = await Client(table.slug, alice).connect()
    await play([client], random.Random(3), until="match")
    row = await current(table.slug)
    assert row.status == Table.Status.FINISHED
    games = client.snapshot["table"]["match"]["games"]
    assert len(games) >= 3 and all(len(g["balance"]) == 3 for g in games)
    assert sum(games[-1]["balance"]) == 0  # payments between the players only
    for frame in client.frames:  # every frame of every game of the match
        assert concealed_leaks(frame, 0) == [], frame
    await client.disconnect()


async def test_a_refusal_of_the_mahjongg_rules_is_worded_in_the_players_language(table, alice):
    client = Client(table.slug, alice)
    client.communicator.scope["headers"] = [(b"accept-language", b"de-DE,de;q=0.9")]
    await client.connect()
    await quiet([client])
    hand = next(s for s in client.view["seats"] if s["player"] == 0)["hand"]
    lone = next(code for code in ("1b", "9k", "Rd", "Ew", "5c", "Nw") if hand.count(code) < 4)
    before = await current(table.slug)
    frame = await client.act({"type": "declare_kan", "tile": lone})
    assert (frame["code"], frame["reason"]) == ("illegal", "no_such_set")
    assert (
        frame["message"] == f"Ihre Steine ergeben diese Figur nicht: {lone} {lone} {lone} {lone}."
    )
    assert (await current(table.slug)).version == before.version
    await client.disconnect()


async def test_an_idle_players_turn_is_played_for_them_when_their_time_runs_out(table, alice):
    client = await Client(table.slug, alice).connect()
    await quiet([client])
    assert client.view["turn"] == 0 and client.snapshot["table"]["turn_deadline"] is not None
    row = await current(table.slug)
    before = row.version
    version = await database_sync_to_async(row.run_due)(row.deadline)
    assert version == before + 1
    await live.changed(table.slug, version)  # as the table's own timer tells the sockets
    await quiet([client])
    events = [e for f in client.frames if f["type"] == "events" for e in f["events"]]
    played = [e for e in events if e.get("player") == 0]
    assert played[0]["type"] in ("discarded", "kan", "mahjongg"), played
    await client.disconnect()


@pytest.mark.parametrize("who", ["anonymous", "carol"])
async def test_a_spectator_who_tries_a_move_is_told_they_are_only_watching(table, who, carol):
    watcher = await Client(table.slug, carol if who == "carol" else None).connect()
    await quiet([watcher])
    before = await current(table.slug)
    assert watcher.view["player"] is None and watcher.view["actions"] == []
    for action in ({"type": "discard", "tile": "1b"}, {"type": "pass"}, {"type": "mahjongg"}):
        frame = await watcher.act(action)
        assert (frame["type"], frame["code"]) == ("error", "not_seated"), frame
        assert frame["message"] == "You are watching: only the players at the table may play."
    frame = await watcher.ask({"type": "next_round"})
    assert (frame["type"], frame["code"]) == ("error", "not_seated"), frame
    assert (await current(table.slug)).version == before.version
    await watcher.disconnect()


async def test_the_table_frame_carries_only_the_mahjongg_tables_own_fields(table, alice):
    client = await Client(table.slug, alice).connect()
    await quiet([client])
    sent = client.snapshot["table"]
    assert not {"target", "variant", "round_limit"} & set(sent), sorted(sent)
    assert sent["game"] == "mahjongg" and sent["rules"]["players"] == 4
    # docs/live_protocol.md: the snapshot's `table` less Mhing's own three fields
    documented = set(_documented_snapshot()["table"]) - {"target", "variant", "round_limit"}
    assert set(sent) == documented
    await client.disconnect()


def _documented_snapshot() -> dict:
    """The example `snapshot` frame of docs/live_protocol.md (a Mhing table's)."""
    from tests.games.servers import ROOT

    docs = (ROOT / "docs" / "live_protocol.md").read_text()
    start = docs.index("```json", docs.index("### `snapshot`")) + len("```json")
    return json.loads(docs[start : docs.index("```", start)])
