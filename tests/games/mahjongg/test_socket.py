"""A Mah-Jongg table's websocket, as a player's browser meets it, in what is Mah-Jongg's own:
its refusals (in the player's language), two tabs of one player, the table frame's fields.
What every game's socket does (snapshots, leaks, deadlines, watchers, reconnecting, a whole
match): tests/games/test_every_live_game.py."""

from __future__ import annotations

import json

import pytest

from ..conftest import Client, current, quiet
from .helpers import mahjongg_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(alice, bob):
    return mahjongg_table(alice, [bob])


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
