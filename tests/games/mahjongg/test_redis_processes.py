"""A Mah-Jongg table served by two server processes that share Redis: four people, two
connected to each process, play a whole game; every seat hears of every move, whichever
process it came through, and no seat ever receives another's concealed tiles. Real daphne
processes, a real Redis, real websockets: only what a client meets is asserted, so this
holds for any channel layer that reaches every process.

Run with `make test-redis` (it starts a throwaway Redis and sets REDIS_URL); skipped
without REDIS_URL.
"""

from __future__ import annotations

import json
import random
from contextlib import ExitStack

import pytest

from games.play.mahjongg.bots import choose_action
from tests.redis_marks import NEEDS_REDIS

from ..servers import daphne, migrate, prepare_tables, sqlite_env
from ..test_redis_processes import Player, all_connected, open_player
from .helpers import concealed_leaks

pytestmark = NEEDS_REDIS

# What each seat is told when a player makes a move (the engine's events).
TOLD = {
    "discard": "discarded",
    "pass": "answered",
    "claim_chi": "answered",
    "claim_pon": "answered",
    "claim_kan": "answered",
    "claim_mahjongg": "answered",
    "declare_kan": "kan",
    "add_kan": "added_kan",
    "mahjongg": "mahjongg",
}


@pytest.fixture
def servers(tmp_path):
    """Two daphne processes sharing one SQLite database and the Redis at REDIS_URL; a
    started Mah-Jongg table of four people, with the cookies of its players."""
    env = sqlite_env(tmp_path)
    migrate(env)
    table = prepare_tables(env, 1, 4, game="mahjongg")[0]
    with ExitStack() as stack:
        ports = [stack.enter_context(daphne(env, tmp_path / f"daphne-{n}.log")) for n in range(2)]
        yield table, ports


async def catch_up(player: Player, version: int) -> None:
    """Receive until the player holds a snapshot at `version` or newer."""
    while player.snapshot["version"] < version:
        await player.receive()


async def test_a_game_across_two_processes_reaches_every_seat_and_leaks_nothing(servers):
    table, ports = servers
    slug, seats = table["slug"], table["seats"]
    rng = random.Random(7)
    sockets = [
        await open_player(ports[position // 2], slug, seats[position]["cookie"])
        for position in range(4)
    ]  # players 0 and 1 on the first process, 2 and 3 on the second
    players = [Player(socket) for socket in sockets]
    try:
        for player in players:
            await player.until(all_connected)
        assert [p.snapshot["view"]["player"] for p in players] == [0, 1, 2, 3]

        moves = 0
        for number in range(1, 2000):
            newest = max(p.snapshot["version"] for p in players)
            for player in players:  # everyone holds the newest snapshot before a move
                await catch_up(player, newest)
            if players[0].snapshot["view"]["phase"] == "over":
                break
            actor = next((p for p in players if p.snapshot["view"]["actions"]), None)
            assert actor is not None, "no one may move, and the game is not over"
            view = actor.snapshot["view"]
            action = choose_action(view, view["seat"], rng).to_dict()
            await actor.socket.send(json.dumps({"type": "action", "action": action, "id": number}))
            answer = await actor.until(lambda f, n=number: f.get("reply_to") == n)
            assert answer["type"] == "snapshot", (action, answer)
            version, who = answer["version"], view["player"]
            for player in players:  # each seat, on either process, is told of the move
                await catch_up(player, version)
                told = [
                    e
                    for f in player.frames
                    if f["type"] == "events" and f["version"] == version
                    for e in f["events"]
                ]
                kinds = [e["type"] for e in told if e.get("player") == who]
                assert TOLD[action["type"]] in kinds, (
                    player.snapshot["view"]["player"],
                    action,
                    told,
                )
            moves += 1
        else:
            raise AssertionError("the game did not end")

        assert moves >= 20, moves
        assert all(p.snapshot["view"]["phase"] == "over" for p in players)
        for own, player in enumerate(players):
            for frame in player.frames:
                assert concealed_leaks(frame, own) == [], (own, frame)
    finally:
        for socket in sockets:
            await socket.close()
