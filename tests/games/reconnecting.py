"""A table page's connection as static/js/table.js keeps it, in Python: one websocket that
is opened again whenever it closes, after the page's backoff (half to all of 0.5 s, 1 s,
2 s, 4 s, then 8 s at most), and that asks for what it missed (`sync` with the last version
seen) as soon as it is open again. For the tests that kill and restart server processes.
"""

from __future__ import annotations

import asyncio
import json
import random
import time

RETRY_CAP = 8.0  # seconds; RETRY_CAP_MS in static/js/table.js


def retry_delay(attempts: int, rng: random.Random) -> float:
    """The wait before the next attempt after `attempts` failed ones, as the page waits."""
    base = min(RETRY_CAP, 0.5 * 2**attempts)
    return base * (0.5 + rng.random() * 0.5)


class ReconnectingSeat:
    """One player's page: the newest snapshot, every frame, and when it connected."""

    def __init__(self, port: int, slug: str, cookie: str, seed: str) -> None:
        self.uri = f"ws://127.0.0.1:{port}/ws/tables/{slug}/"
        self.headers = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"}
        self.rng = random.Random(seed)
        self.socket = None
        self.version: int | None = None
        self.snapshot: dict | None = None
        self.frames: list[dict] = []
        self.opened: list[float] = []  # monotonic times each socket opened
        self.closed: list[float] = []  # ... and closed
        self.refused = 0  # attempts that failed (server down or not ready)
        self.asked = 0
        self.changed = asyncio.Event()
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self.run())

    async def stop(self) -> None:
        if self.task:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        if self.socket is not None:
            await self.socket.close()

    async def run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        attempts = 0
        while True:
            try:
                socket = await connect(self.uri, additional_headers=self.headers, open_timeout=5)
            except (InvalidHandshake, OSError, TimeoutError):
                self.refused += 1
                await asyncio.sleep(retry_delay(attempts, self.rng))
                attempts += 1
                continue
            attempts = 0
            self.socket = socket
            self.opened.append(time.monotonic())
            try:
                if self.version is not None:
                    await socket.send(json.dumps({"type": "sync", "version": self.version}))
                async for text in socket:
                    self.receive(json.loads(text))
            except ConnectionClosed:
                pass
            self.socket = None
            self.closed.append(time.monotonic())
            self.changed.set()
            code = socket.close_code or 1006
            if 4000 <= code < 5000:
                return  # the server's own refusal: the page stops too
            await asyncio.sleep(retry_delay(attempts, self.rng))
            attempts += 1

    def receive(self, frame: dict) -> None:
        frame["received_at"] = time.monotonic()
        self.frames.append(frame)
        if frame["type"] == "snapshot":
            self.snapshot = frame
            self.version = frame["version"]
        self.changed.set()

    async def until(self, predicate, timeout: float = 15) -> dict | None:
        """Wait until `predicate(self)` holds; its value."""
        end = time.monotonic() + timeout
        while True:
            value = predicate(self)
            if value:
                return value
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"not seen within {timeout} s; last: {self.snapshot}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    async def act(self, action: dict) -> dict:
        """Send an action and wait for its answer (as the page, only while connected)."""
        assert self.socket is not None, "offline: the page would refuse to send"
        self.asked += 1
        number = self.asked
        await self.socket.send(json.dumps({"type": "action", "action": action, "id": number}))
        return await self.until(
            lambda s: next((f for f in s.frames if f.get("reply_to") == number), None)
        )
