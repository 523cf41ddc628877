"""Two server processes serve one table through Redis: a move made through one reaches the
player connected to the other. Real daphne processes, a real Redis, real websockets.

Run with `make test-redis` (it starts a throwaway Redis and sets REDIS_URL); skipped
without REDIS_URL.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
from contextlib import ExitStack

import pytest

from .servers import PYTHON, ROOT, daphne, migrate, prepare_tables, sqlite_env

pytestmark = [
    pytest.mark.redis,
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (make test-redis)"),
]


@pytest.fixture
def servers(tmp_path):
    """Two daphne processes sharing one SQLite database and the Redis at REDIS_URL; the
    table they serve, with the cookies of its two players."""
    env = sqlite_env(tmp_path)
    migrate(env)
    table = prepare_tables(env, 1, 2)[0]
    with ExitStack() as stack:
        ports = [stack.enter_context(daphne(env, tmp_path / f"daphne-{n}.log")) for n in range(2)]
        yield table, ports


def all_connected(frame: dict) -> bool:
    return frame["type"] == "snapshot" and all(s["connected"] for s in frame["table"]["seats"])


class Player:
    def __init__(self, socket) -> None:
        self.socket = socket
        self.frames: list[dict] = []
        self.snapshot: dict | None = None

    async def receive(self) -> dict:
        frame = json.loads(await asyncio.wait_for(self.socket.recv(), timeout=10))
        self.frames.append(frame)
        if frame["type"] == "snapshot":
            self.snapshot = frame
        return frame

    async def drain(self, quiet: float = 0.2) -> None:
        """Receive until nothing more comes for `quiet` seconds."""
        while True:
            try:
                frame = json.loads(await asyncio.wait_for(self.socket.recv(), quiet))
            except TimeoutError:
                return
            self.frames.append(frame)
            if frame["type"] == "snapshot":
                self.snapshot = frame

    async def until(self, predicate) -> dict:
        while True:
            frame = await self.receive()
            if predicate(frame):
                return frame


async def open_player(port: int, slug: str, cookie: str):
    from websockets.asyncio.client import connect

    return await connect(
        f"ws://127.0.0.1:{port}/ws/tables/{slug}/",
        additional_headers={"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"},
    )


async def test_a_move_through_one_process_reaches_a_player_on_the_other(servers):
    table, (port_a, port_b) = servers
    slug, seats = table["slug"], table["seats"]
    async with (
        await open_player(port_a, slug, seats[0]["cookie"]) as socket_a,
        await open_player(port_b, slug, seats[1]["cookie"]) as socket_b,
    ):
        a, b = Player(socket_a), Player(socket_b)
        await a.until(all_connected)
        await b.until(all_connected)
        assert a.snapshot["view"]["seat"] == 0
        assert b.snapshot["view"]["seat"] == 1

        # Whoever must act acts, through their own process; the other process tells its
        # player: the events, then the snapshot. Until each player has acted twice.
        acted = {0: 0, 1: 0}
        for number in range(1, 20):
            actor = a if a.snapshot["view"]["actions"] else b
            watcher = b if actor is a else a
            seat = actor.snapshot["view"]["seat"]
            actions = actor.snapshot["view"]["actions"]
            action = next((x for x in actions if x["type"] == "discard"), {"type": "pass"})
            frame = {"type": "action", "action": action, "id": number}
            await actor.socket.send(json.dumps(frame))
            answer = await actor.until(lambda f, n=number: f.get("reply_to") == n)
            assert answer["type"] == "snapshot", answer
            version = answer["version"]
            await watcher.until(lambda f, v=version: f["type"] == "snapshot" and f["version"] >= v)
            told = [
                e
                for f in watcher.frames
                if f["type"] == "events" and f["version"] <= version
                for e in f["events"]
            ]
            expected = "discarded" if action["type"] == "discard" else "answered"
            assert {"type": expected, "seat": seat} in [
                {"type": e["type"], "seat": e.get("seat")} for e in told
            ]
            if action["type"] == "discard":
                assert told[-1]["card"] == action["card"] or any(
                    e.get("card") == action["card"] for e in told
                )
            acted[seat] += 1
            if min(acted.values()) >= 2:
                break
            for player in (a, b):
                await player.drain()  # both hold the newest snapshot
        assert min(acted.values()) >= 2, acted
        # Neither ever saw the other's hand.
        for player, own in ((a, 0), (b, 1)):
            for frame in player.frames:
                if frame["type"] == "snapshot" and frame["view"]["phase"] != "over":
                    assert frame["view"]["seats"][1 - own]["hand"] is None


def test_several_hundred_sockets_across_two_processes_lose_nothing(tmp_path):
    """240 sockets (60 tables of four), each table's seats spread over two daphne processes
    that share Redis, playing for 8 s: every action reaches every other seat in order, no
    client fails, and neither server logs a traceback (before the blocking pool, redis-py's
    "Too many connections" closed sockets with 1011 at this size)."""
    env = sqlite_env(tmp_path)
    migrate(env)
    with ExitStack() as stack:
        ports = [stack.enter_context(daphne(env, tmp_path / f"daphne-{n}.log")) for n in range(2)]
        run = subprocess.run(
            [PYTHON, "-m", "games.loadtest"]
            + [arg for port in ports for arg in ("--url", f"ws://127.0.0.1:{port}")]
            + ["--tables", "60", "--players", "4", "--think", "0.3", "--duration", "8"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=240,
        )
    output = run.stdout + run.stderr
    print(output)
    assert run.returncode == 0, output
    assert "after 240 sockets connected" in run.stdout, output
    lines = run.stdout.splitlines()
    assert "lost: actions without broadcast 0, frames out of order 0, clients failed 0" in lines
    for n in range(2):
        log = (tmp_path / f"daphne-{n}.log").read_text()
        assert "Traceback" not in log and "Too many connections" not in log, log[-3000:]
