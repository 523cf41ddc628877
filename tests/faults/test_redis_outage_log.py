"""What a server process logs while Redis is away: one warning as the channel layer
fails and one as it is back, not a library traceback every second, nor a line per move or
socket. Through the real settings' LOGGING, in daphne's own output; a move and a socket
opened during the outage, as on a club night.

daphne serves a Redis of the test's own (stopping the run's would disturb other tests).
Runs under `make test-redis` (scripts/with_redis.sh)."""

from __future__ import annotations

import asyncio
import re
import shutil
import time

import pytest

from tests.games.servers import daphne_command, migrate, prepare_tables, running, sqlite_env
from tests.redis_marks import NEEDS_REDIS

from .test_redis_outage import choose, own_redis
from .test_server_crash import open_seat

pytestmark = [
    *NEEDS_REDIS,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]

OUTAGE = 6.0  # seconds: the pub/sub layer's receive task failed once a second meanwhile
# daphne's access log (stdout, the same file): a request or a socket, not a log record.
ACCESS = re.compile(r"^\d+\.\d+\.\d+\.\d+:\d+ - - \[")


async def test_a_redis_outage_logs_one_warning_as_it_goes_and_one_as_it_is_back(tmp_path):
    env = sqlite_env(tmp_path)
    env["MHING_TURN_TIMEOUT"] = "600"  # no idle-turn bot: only the players move
    env.pop("LOG_LEVEL", None)
    migrate(env)
    [table] = prepare_tables(env, 1, 2)
    slug = table["slug"]
    log = tmp_path / "daphne.log"
    with own_redis(tmp_path) as redis:
        env["REDIS_URL"] = redis.url
        with running(daphne_command, env, log) as (port, _process):
            players = [await open_seat(port, slug, seat["cookie"]) for seat in table["seats"]]
            watcher = await open_seat(port, slug, "")
            for seat in [*players, watcher]:  # each has seen the others arrive
                await seat.shows(
                    lambda f: (
                        f["type"] == "snapshot" and all(s["connected"] for s in f["table"]["seats"])
                    )
                )
            await asyncio.sleep(1)  # the probe has made its channel and group
            before = len(log.read_text())

            redis.stop()
            await asyncio.sleep(1)
            mover = next(p for p in players if p.snapshot["view"]["actions"])
            answer = await mover.act(choose(mover.snapshot["view"]))
            assert answer["type"] == "snapshot"
            late = await open_seat(port, slug, "")  # a socket opened meanwhile
            await asyncio.sleep(OUTAGE)
            redis.start()

            deadline = time.monotonic() + 20
            while "channel layer back" not in log.read_text()[before:]:
                assert time.monotonic() < deadline, log.read_text()[before:][-3000:]
                await asyncio.sleep(0.2)
            await asyncio.sleep(2)  # and nothing more once it is back
            for seat in [*players, watcher, late]:
                await seat.socket.close()
            text = log.read_text()[before:]

    logged = [line for line in text.splitlines() if line.strip() and not ACCESS.match(line)]
    assert len(logged) == 2, text[-4000:]
    going, back = logged
    assert " WARNING games.catch_up " in going and "channel layer failing" in going
    assert " WARNING games.catch_up " in back and "channel layer back" in back
