"""Two server processes serve one table through Redis: a move made through one reaches the
player connected to the other. Real daphne processes, a real Redis, real websockets.

Run with `make test-redis` (it starts a throwaway Redis and sets REDIS_URL); skipped
without REDIS_URL.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import time
from contextlib import ExitStack

import pytest

from tests.redis_marks import NEEDS_REDIS

from .servers import PYTHON, ROOT, daphne, migrate, prepare_tables, sqlite_env

pytestmark = NEEDS_REDIS


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
            [PYTHON, "-m", "benchmarks.loadtest"]
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


def choose(view: dict) -> dict:
    return next((x for x in view["actions"] if x["type"] == "discard"), view["actions"][0])


async def play_moves(pairs, moves: int) -> list[tuple[str, int]]:
    """At each table, whoever must act acts `moves` times; both seats hold each answer's
    version before the next move. The (slug, version) of every action the server took."""
    taken = []
    for _ in range(moves):
        for slug, seats in pairs:
            mover = next((s for s in seats if s.snapshot["view"]["actions"]), None)
            if mover is None:
                continue
            answer = await mover.act(choose(mover.snapshot["view"]))
            assert answer["type"] == "snapshot", answer
            taken.append((slug, answer["version"]))
            for seat in seats:
                await seat.until(lambda s, v=answer["version"]: s.version >= v)
    return taken


async def test_a_killed_process_restarted_on_its_port_has_its_pages_back_within_10_s(tmp_path):
    """Six tables, each with one seat on process A and one on process B (sharing
    Redis and the database). A is killed (SIGKILL: no shutdown code runs) while its sockets
    are open; B's players go on playing; A is started again on the same port. Each page
    connected to A, reconnecting as static/js/table.js does, is back and holds the table's
    current state within 10 s of A listening again, and the tables go on through both
    processes: no action taken before, during or after the outage is missing from any page."""
    from .reconnecting import ReconnectingSeat
    from .servers import daphne_command, running

    env = sqlite_env(tmp_path)
    env["MHING_TURN_TIMEOUT"] = "600"  # no idle-turn bot: only the players move
    migrate(env)
    tables = prepare_tables(env, 6, 2)
    log_a, log_b = tmp_path / "daphne-a.log", tmp_path / "daphne-b.log"
    with ExitStack() as stack:
        port_b, _ = stack.enter_context(running(daphne_command, env, log_b))
        # Killed below; its context then finds nothing left to stop.
        port_a, process_a = stack.enter_context(running(daphne_command, env, log_a))
        pairs = []
        for table in tables:
            seats = [
                ReconnectingSeat(port, table["slug"], seat["cookie"], f"{table['slug']}{n}")
                for n, (port, seat) in enumerate(zip((port_a, port_b), table["seats"], strict=True))
            ]
            pairs.append((table["slug"], seats))
        everyone = [seat for _, seats in pairs for seat in seats]
        on_a = [seats[0] for _, seats in pairs]
        for seat in everyone:
            seat.start()
        try:
            for seat in everyone:
                await seat.until(
                    lambda s: (
                        s.snapshot and all(x["connected"] for x in s.snapshot["table"]["seats"])
                    )
                )
            taken = await play_moves(pairs, 2)

            os.kill(process_a.pid, signal.SIGKILL)
            process_a.wait()
            for seat in on_a:
                await seat.until(lambda s: s.socket is None, timeout=10)
            down = time.monotonic()
            # While A is down, B's players take the moves that are theirs.
            for slug, (_page_a, page_b) in pairs:
                if page_b.snapshot["view"]["actions"]:
                    answer = await page_b.act(choose(page_b.snapshot["view"]))
                    assert answer["type"] == "snapshot", answer
                    taken.append((slug, answer["version"]))
            # A few seconds down, so the pages' backoff has grown as after a real restart.
            await asyncio.sleep(max(0.0, 3 - (time.monotonic() - down)))

            with running(daphne_command, env, log_a, append=True, port=port_a):
                back = time.monotonic()
                for seat in on_a:
                    await seat.until(
                        lambda s: s.opened[-1] > back and s.snapshot["received_at"] > back,
                        timeout=12,
                    )
                took = [seat.snapshot["received_at"] - back for seat in on_a]
                print(f"pages back after A listened again: max {max(took):.2f} s, {took}")
                assert max(took) <= 10, took
                assert all(seat.refused >= 1 for seat in on_a)  # they did try while A was down
                # Every action taken so far, including B's during the outage, is in the state
                # the page on A came back to.
                for slug, (page_a, _page_b) in pairs:
                    newest = max(v for s, v in taken if s == slug)
                    assert page_a.version >= newest, (slug, page_a.version, newest)
                    await page_a.until(lambda s: s.snapshot["table"]["seats"][0]["connected"])
                # And the tables go on through both processes.
                taken += await play_moves(pairs, 3)
                for slug, seats in pairs:
                    newest = max(v for s, v in taken if s == slug)
                    for seat in seats:
                        assert seat.version >= newest
                        versions = [f["version"] for f in seat.frames if f["type"] == "snapshot"]
                        # sync may repeat the snapshot the server sent on connect, no more
                        assert all(b >= a for a, b in zip(versions, versions[1:], strict=False)), (
                            versions
                        )
        finally:
            for seat in everyone:
                await seat.stop()
    for log in (log_a, log_b):
        text = log.read_text()
        assert "Traceback" not in text, text[-3000:]


async def test_a_socket_idle_longer_than_the_layers_wait_stays_open(tmp_path):
    """Nothing happens at a table for 12 s (people think, or wait for a friend): its socket
    on a process using Redis stays open and still works. With redis-py 8's 5 s read
    timeout, equal to channels_redis's 5 s BZPOPMIN, an idle process's consumer died with
    "Timeout reading from" and its socket was closed with 1011 (on channels_redis's
    list-based layer)."""
    from websockets.exceptions import ConnectionClosed

    env = sqlite_env(tmp_path)
    env["MHING_TURN_TIMEOUT"] = "600"  # no idle-turn bot: nothing moves by itself
    migrate(env)
    table = prepare_tables(env, 1, 2)[0]
    log = tmp_path / "daphne.log"
    with daphne(env, log) as port:
        async with await open_player(port, table["slug"], table["seats"][0]["cookie"]) as socket:
            player = Player(socket)
            await player.until(lambda f: f["type"] == "snapshot")
            # 12 s with the socket open. What the table says right after the snapshot (the
            # absent second player's discard, which a bot makes for them, and its snapshot)
            # is read and the wait goes on: a single wait for any frame ended at that discard,
            # and the socket was never idle. Only a close fails.
            quiet_until = time.monotonic() + 12
            while (left := quiet_until - time.monotonic()) > 0:
                try:
                    await asyncio.wait_for(socket.recv(), timeout=left)
                except TimeoutError:
                    break  # nothing more came, as nothing happened
                except ConnectionClosed as closed:
                    pytest.fail(f"the idle socket was closed: {closed!r}")
            await socket.send(json.dumps({"type": "sync", "version": 0, "id": 1}))
            assert (await player.receive())["type"] == "up_to_date"  # it was sent them all
    text = log.read_text()
    assert "Traceback" not in text, text[-3000:]
