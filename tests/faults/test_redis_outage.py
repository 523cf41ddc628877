"""Redis stops for 12 s under three server processes and comes back empty:
the moves made meanwhile are saved and their movers told so (the usual snapshot, never
`server_error`); a socket opened meanwhile is served from the database (never HTTP 500);
within a few seconds of Redis's return every socket on every process, players and
watchers, holds the latest version, on a process with watchers only too; the tables then
go on (each socket is back in its table's group). Nothing is lost.

Three daphne processes share a SQLite file and a Redis of the test's own (stopping the
run's would disturb other tests). Runs under `make test-redis`.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

from tests.games.servers import (
    daphne_command,
    free_port,
    migrate,
    prepare_tables,
    running,
    sqlite_env,
)
from tests.redis_marks import NEEDS_REDIS

from .test_server_crash import Seat, at_least, open_seat, stored

pytestmark = [
    *NEEDS_REDIS,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]

OUTAGE = 12.0  # seconds, as in the probe (10-15 s)
CAUGHT_UP = 6.0  # every socket holds the latest version this long after Redis is back


class Redis:
    """A Redis server of the test's own, on one port across restarts, keeping nothing (as
    scripts/with_redis.sh starts it): a restart comes back empty, as in the probe."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
            + ["--save", "", "--appendonly", "no", "--dir", str(self.directory)],
            stdout=subprocess.DEVNULL,
        )
        for _ in range(100):
            ping = subprocess.run(
                ["redis-cli", "-p", str(self.port), "ping"], capture_output=True, text=True
            )
            if ping.stdout.strip() == "PONG":
                return
            time.sleep(0.05)
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@contextmanager
def own_redis(directory: Path) -> Iterator[Redis]:
    server = Redis(directory)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def choose(view: dict) -> dict:
    return next((x for x in view["actions"] if x["type"] == "discard"), view["actions"][0])


async def latest(seats: list[Seat], version: int, timeout: float) -> None:
    for seat in seats:
        await seat.shows(lambda f, v=version: at_least(f, v), timeout=timeout)


async def test_a_redis_outage_loses_no_move_and_every_socket_catches_up(tmp_path):
    env = sqlite_env(tmp_path)
    env["MHING_TURN_TIMEOUT"] = "600"  # no idle-turn bot: only the players move
    migrate(env)
    tables = prepare_tables(env, 2, 2)
    logs = [tmp_path / f"daphne-{name}.log" for name in "abc"]
    with own_redis(tmp_path) as redis, ExitStack() as stack:
        env["REDIS_URL"] = redis.url
        *ports, port_c = [stack.enter_context(running(daphne_command, env, log))[0] for log in logs]
        # Each table: its first player on A, its second on B, and a watcher on each; and a
        # watcher on C, a process that sends nothing during the outage (it must notice it,
        # and Redis's forgetting its groups, by itself).
        players, watchers = {}, {}
        for table in tables:
            slug = table["slug"]
            players[slug] = [
                await open_seat(port, slug, seat["cookie"])
                for port, seat in zip(ports, table["seats"], strict=True)
            ]
            watchers[slug] = [await open_seat(port, slug, "") for port in [*ports, port_c]]
        for slug in players:
            for seat in players[slug] + watchers[slug]:
                await seat.shows(
                    lambda f: (
                        f["type"] == "snapshot" and all(s["connected"] for s in f["table"]["seats"])
                    )
                )

        answers: dict[str, list[int]] = {slug: [] for slug in players}

        async def move(slug: str) -> dict:
            mover = next(s for s in players[slug] if s.snapshot["view"]["actions"])
            answer = await mover.act(choose(mover.snapshot["view"]))
            assert answer["type"] == "snapshot", answer  # the mover is told it is saved
            answers[slug].append(answer["version"])
            return answer

        for slug in players:  # one move each, before the outage, seen by all
            version = (await move(slug))["version"]
            await latest(players[slug] + watchers[slug], version, 10)

        redis.stop()
        stopped = time.monotonic()
        await asyncio.sleep(1)
        for slug in players:  # each table's player on turn moves, through their process
            await move(slug)
        # A page opened meanwhile on each process: served from the database.
        late = {slug: [await open_seat(port, slug, "") for port in ports] for slug in players}
        await asyncio.sleep(max(0.0, OUTAGE - (time.monotonic() - stopped)))

        # What the database holds, read before Redis returns (nothing moves meanwhile: no
        # idle-turn bot): each read starts a Python process, seconds on a busy machine, which
        # is the test's time, not the sockets'.
        newest = {slug: stored(env, slug)["version"] for slug in players}
        redis.start()
        back = time.monotonic()
        everyone = {slug: players[slug] + watchers[slug] + late[slug] for slug in players}
        for slug in players:
            assert newest[slug] >= answers[slug][-1]  # saved
            await latest(everyone[slug], newest[slug], CAUGHT_UP - (time.monotonic() - back))
        caught_up = time.monotonic() - back

        # And the tables go on through both processes: the groups are joined again.
        for _ in range(2):
            for slug in players:
                version = (await move(slug))["version"]
                await latest(everyone[slug], version, 10)
        # A socket opened after the outage, on each process.
        for slug in players:
            for port in ports:
                seat = await open_seat(port, slug, "")
                assert seat.snapshot["version"] == answers[slug][-1]
                await seat.socket.close()
        for slug in players:
            for seat in everyone[slug]:
                await seat.socket.close()

    print(f"every socket caught up {caught_up:.2f} s after Redis was back; moves {answers}")
    for slug, versions in answers.items():
        assert stored(env, slug)["version"] >= versions[-1]  # nothing lost
    for log in logs:
        text = log.read_text()
        assert '" 500 ' not in text and "server_error" not in text, text[-3000:]
        assert "frame failed" not in text, text[-3000:]
