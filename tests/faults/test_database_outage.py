"""PostgreSQL stops for 8-10 s under a running site, then comes back: every
page asked meanwhile is told to try again (503 with Retry-After), never a server error; a
socket's frame is answered `busy`, a new socket closed with 4503 ("try again later"); pages
answer 200 again within about 2 s of the server's return, through pooled connections that
died with the old server (the pool checks each before use); the table's bots and deadlines
go on by themselves.

daphne serves a PostgreSQL server of the test's own (tests/faults/postgres_server.py), so
stopping it disturbs no other test. Runs under `make test-postgres`.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed

from tests.games.servers import (
    PYTHON,
    ROOT,
    daphne,
    migrate,
    prepare_tables,
    sqlite_env,
)

from .postgres_server import own_postgres, pg_bin

pytestmark = [
    pytest.mark.database,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
        or pg_bin() is None,
        reason="stops a PostgreSQL server of its own: make test-postgres",
    ),
]

OUTAGE = 8.0  # seconds, as in the probe


def get(port: int, path: str) -> tuple[int, dict[str, str], str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def timed_get(port: int, since: float) -> tuple[float, float, int]:
    """When a page was asked and answered (seconds after `since`), and its status."""
    asked = time.monotonic() - since
    status = get(port, "/leagues/")[0]
    return round(asked, 2), round(time.monotonic() - since, 2), status


async def open_socket(port: int, slug: str, cookie: str):
    from websockets.asyncio.client import connect

    # The handshake waits while the server waits for the pool (up to its 10 s timeout).
    return await connect(
        f"ws://127.0.0.1:{port}/ws/tables/{slug}/",
        additional_headers={"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"},
        open_timeout=30,
    )


async def closed_code(port: int, slug: str, cookie: str) -> int | None:
    """The code the server closed a new socket with, before it sent anything."""
    socket = await open_socket(port, slug, cookie)
    try:
        await asyncio.wait_for(socket.recv(), 30)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None
    return None


class Seen:
    """A socket's frames as they come: the latest version it was sent."""

    def __init__(self, socket) -> None:
        self.socket = socket
        self.version = 0

    async def next(self) -> dict:
        frame = json.loads(await asyncio.wait_for(self.socket.recv(), 30))
        if frame["type"] == "snapshot":
            self.version = max(self.version, frame["version"])
        return frame

    async def answer_to(self, frame_id: int) -> dict:
        while True:
            frame = await self.next()
            if frame.get("reply_to") == frame_id:
                return frame

    async def version_after(self, version: int) -> int:
        while self.version <= version:
            await self.next()
        return self.version


def short_claims(env: dict[str, str], slug: str) -> None:
    """The table's claim window 1 s (the load test's tables have 60 s)."""
    code = (
        "import django; django.setup()\n"
        "from games.models import Table\n"
        f"Table.objects.filter(slug={slug!r}).update(claim_timeout=1)\n"
    )
    subprocess.run([PYTHON, "-c", code], cwd=ROOT, env=env, check=True)


async def test_a_postgresql_outage_is_try_again_and_pages_work_at_once_after_it(tmp_path):
    with own_postgres() as server:
        env = sqlite_env(tmp_path)
        env["DATABASE_URL"] = server.url
        # The table plays by itself: seat 1 is away (the bot plays it), seat 0's player is
        # connected but lets each turn and claim window run out (1 s), so the bot driver
        # and the deadlines both run through the outage.
        env.update(MHING_TURN_TIMEOUT="1", MHING_NEXT_ROUND_PAUSE="1", MHING_BOT_DELAY="0.2")
        migrate(env)
        table = prepare_tables(env, 1, 2)[0]
        short_claims(env, table["slug"])
        log = tmp_path / "daphne.log"
        with daphne(env, log) as port:
            # Warm: the pool holds connections to the server that is about to stop.
            for _ in range(4):
                assert (await asyncio.to_thread(get, port, "/leagues/"))[0] == 200
            socket = await open_socket(port, table["slug"], table["seats"][0]["cookie"])
            seen = Seen(socket)
            playing = await seen.version_after(0)
            await seen.version_after(playing)  # the table moves by itself

            server.stop("fast")
            stopped = time.monotonic()
            # Pages that connect meanwhile, signed in (refused at sign-in) and watching
            # (refused at the table): told to try again later, never a server error.
            late = [
                asyncio.create_task(closed_code(port, table["slug"], cookie))
                for cookie in (table["seats"][1]["cookie"], "")
            ]
            during: list[tuple[int, dict[str, str], str, float]] = []
            requests = []

            def page() -> tuple[int, dict[str, str], str, float]:
                """A page and when it was answered."""
                return (*get(port, "/leagues/"), time.monotonic())

            while time.monotonic() - stopped < OUTAGE:
                requests.append(asyncio.create_task(asyncio.to_thread(page)))
                await asyncio.sleep(0.5)
            await socket.send(json.dumps({"type": "sync", "version": 0, "id": 1}))
            answer = await seen.answer_to(1)
            refused = await asyncio.gather(*late)
            before_return = seen.version
            server.start()
            back = time.monotonic()
            # The bots go on by themselves, nobody having to move first.
            moved = asyncio.create_task(seen.version_after(before_return))
            moved.add_done_callback(lambda _task: moments.append(time.monotonic() - back))
            moments: list[float] = []
            # Pages asked from the return on, one every 0.2 s for 3 s: each must be 200 from
            # about 2 s on (the first ones may wait for the pool's new connection).
            after = []
            while time.monotonic() - back < 3:
                after.append(asyncio.create_task(asyncio.to_thread(timed_get, port, back)))
                await asyncio.sleep(0.2)
            during = await asyncio.gather(*requests)
            after = await asyncio.gather(*after)
            await asyncio.wait_for(moved, 30)
            bots_back = moments[0]
            await socket.send(json.dumps({"type": "sync", "version": 0, "id": 2}))
            synced = await seen.answer_to(2)
            await socket.close()

    statuses = [status for status, _headers, _text, _at in during]
    waited = [round(at - back, 2) for _status, _headers, _text, at in during]
    print(f"during the {OUTAGE} s stop: {statuses}, answered (s after the return) {waited}")
    print(f"after (asked, answered, status): {after}")
    print(f"the table moved again {bots_back:.2f} s after PostgreSQL was back")
    first_ok = min((done for _asked, done, status in after if status == 200), default=None)
    # A request still waiting for a connection when the server returns is served (200);
    # the others are told to try again. None is a server error. A stop shorter than the
    # pool's 10 s wait may leave none told: the live tables' first calls after the return
    # wake the pool at once, and every page waiting is served (else the pool would grow only
    # at the next new request, and the early pages run out of their 10 s). The 503 itself:
    # test_full_pool.py.
    assert set(statuses) <= {200, 503}, statuses
    # (`back` is when pg_ctl said so, a moment after the server began to accept.)
    assert all(status == 503 or at > back - 1 for status, _headers, _text, at in during), list(
        zip(statuses, waited, strict=True)
    )
    for status, headers, text, _at in during:
        if status == 503:
            assert headers["Retry-After"] == "5"
            assert "try again" in text
    assert answer["type"] == "error" and answer["code"] == "busy", answer
    assert refused == [4503, 4503], log.read_text()[-5000:]
    assert all(status in (200, 503) for _asked, _done, status in after), after
    assert first_ok is not None and first_ok <= 2.5, after
    assert all(status == 200 for asked, _done, status in after if asked >= first_ok), after
    # Sent every version the bots played since (a socket's versions only grow).
    assert synced["type"] in ("snapshot", "up_to_date"), synced
    assert synced["version"] > before_return, synced
    # The driver's waits grow to 4 s: back within that and the first 1 s turn deadline.
    assert bots_back <= 6, bots_back
    text = log.read_text()
    assert "Traceback" not in text, text[text.find("Traceback") - 300 :][:4000]


@pytest.mark.django_db
def test_the_pool_checks_a_connection_before_handing_it_out():
    """CONN_HEALTH_CHECKS reaches psycopg's pool as its `check` (Django 5.1+): the setting
    the restart above relies on, asserted where it takes effect."""
    from django.db import connection
    from psycopg_pool import ConnectionPool

    assert connection.pool._check == ConnectionPool.check_connection


async def test_a_fast_restart_under_load_gives_no_server_error(tmp_path):
    """`pg_ctl restart -m fast` while pages are asked five at a time: before the pool checked
    its connections, each pooled connection the restart killed failed one page with a 500
    (4-5 a restart in the probe). Now a dead connection is thrown away before use."""
    with own_postgres() as server:
        env = sqlite_env(tmp_path)
        env["DATABASE_URL"] = server.url
        migrate(env)
        log = tmp_path / "daphne.log"
        with daphne(env, log) as port:

            async def five_at_once() -> list[int]:
                pages = [asyncio.to_thread(get, port, "/leagues/") for _ in range(5)]
                return [status for status, _headers, _text in await asyncio.gather(*pages)]

            assert await five_at_once() == [200] * 5  # the pool holds several connections
            await asyncio.to_thread(server.restart)
            after = [await five_at_once() for _ in range(4)]

    print(f"pages after a fast restart, five at a time: {after}")
    assert after == [[200] * 5] * 4, after
    text = log.read_text()
    assert "Traceback" not in text, text[text.find("Traceback") - 300 :][:4000]
