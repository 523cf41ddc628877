"""A lean connection to Redis for the channel layer's two commands of every move.

Why: in live play each move costs the Redis channel layer about three commands (the group
send in the process that made the move, a take and a blocking wait in the process that
receives it). Through redis-py (8.x) each cost about 0.25 ms of the server's CPU, its
connection pool, retries, timeouts and metrics around a round trip of a few tens of
microseconds: at 150 tables some 10% of a server's CPU (docs/benchmarks.md). This module
speaks Redis's protocol (RESP2) itself, over one asyncio connection, for those commands
only; everything else the layer does still goes through channels_redis and redis-py.

    wire = Wire.from_url("redis://:password@host:6379/0", timeout=10)
    await wire.call("ZCARD", "key")          -> 3
    await wire.script(SOURCE, keys, args)    EVALSHA, or EVAL when Redis lacks the script
    wire.close()

Commands are pipelined: any number may be under way, Redis answers in order. A reply that
does not come within `timeout` seconds, or a lost connection, fails every command under way
(ConnectionError) and the next call connects again. A caller cancelled while waiting for a
blocking command's reply closes the connection, so Redis does not hand it what nobody will
read; after any other command's cancellation the reply is read and dropped.
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
from typing import Any
from urllib.parse import unquote, urlsplit


class ReplyError(Exception):
    """Redis answered with an error (the message is Redis's)."""


class _Incomplete(Exception):
    pass


def pack(args: tuple[Any, ...]) -> bytes:
    """The command as RESP: an array of bulk strings (numbers as Redis reads them)."""
    out = [b"*%d\r\n" % len(args)]
    for arg in args:
        if isinstance(arg, bytes):
            data = arg
        elif isinstance(arg, str):
            data = arg.encode()
        elif isinstance(arg, (int, float)) and not isinstance(arg, bool):
            data = repr(arg).encode()
        else:
            raise TypeError(f"a Redis argument must be bytes, str or a number, not {arg!r}")
        out.append(b"$%d\r\n%b\r\n" % (len(data), data))
    return b"".join(out)


def parse(buffer: bytes | bytearray, start: int) -> tuple[Any, int]:
    """One reply from `buffer` at `start`: (value, where the next begins). Raises
    _Incomplete when the buffer does not hold all of it yet. Simple strings come as str,
    bulk strings as bytes, errors as ReplyError instances (not raised), nil as None."""
    end = buffer.find(b"\r\n", start)
    if end < 0:
        raise _Incomplete
    kind = buffer[start]
    line = bytes(buffer[start + 1 : end])
    at = end + 2
    if kind == 0x24:  # $ bulk string
        size = int(line)
        if size < 0:
            return None, at
        if len(buffer) < at + size + 2:
            raise _Incomplete
        return bytes(buffer[at : at + size]), at + size + 2
    if kind == 0x2A:  # * array
        count = int(line)
        if count < 0:
            return None, at
        items = []
        for _ in range(count):
            item, at = parse(buffer, at)
            items.append(item)
        return items, at
    if kind == 0x3A:  # : integer
        return int(line), at
    if kind == 0x2B:  # + simple string
        return line.decode(), at
    if kind == 0x2D:  # - error
        return ReplyError(line.decode(errors="replace")), at
    raise ConnectionError(f"Redis sent something that is not RESP: {bytes(buffer[start:end])!r}")


class _Protocol(asyncio.Protocol):
    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.waiting: collections.deque[asyncio.Future] = collections.deque()
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        at = 0
        try:
            while self.waiting:
                value, at = parse(self.buffer, at)
                waiter = self.waiting.popleft()
                if waiter.done():  # its caller gave up: the reply is dropped
                    continue
                if isinstance(value, ReplyError):
                    waiter.set_exception(value)
                else:
                    waiter.set_result(value)
        except _Incomplete:
            pass
        except ConnectionError as error:
            self.fail(error)
            return
        if at:
            del self.buffer[:at]

    def connection_lost(self, exc: Exception | None) -> None:
        self.fail(ConnectionError(f"lost the connection to Redis: {exc or 'closed'}"))

    def fail(self, error: Exception) -> None:
        """Close the connection and fail whatever is waiting on it."""
        self.closed = True
        if self.transport is not None:
            self.transport.abort()
        while self.waiting:
            waiter = self.waiting.popleft()
            if not waiter.done():
                waiter.set_exception(error)


class Wire:
    def __init__(
        self,
        host: str,
        port: int,
        db: int = 0,
        username: str | None = None,
        password: str | None = None,
        timeout: float = 10.0,
    ):
        self.host, self.port, self.db = host, port, db
        self.username, self.password = username, password
        self.timeout = timeout
        self._protocol: _Protocol | None = None
        self._connecting: asyncio.Lock | None = None
        self._shas: dict[str, str] = {}

    @classmethod
    def from_url(cls, url: str, timeout: float = 10.0) -> Wire | None:
        """A wire for a plain `redis://` address; None for any other (TLS, a Unix socket):
        the layer then reaches Redis through redis-py alone."""
        parts = urlsplit(url)
        if parts.scheme != "redis" or not parts.hostname:
            return None
        path = parts.path.strip("/")
        return cls(
            parts.hostname,
            parts.port or 6379,
            db=int(path) if path else 0,
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            timeout=timeout,
        )

    async def call(self, *args: Any, blocking: bool = False) -> Any:
        """Send one command and wait for its reply (see the module's docstring)."""
        protocol = self._protocol
        if protocol is None or protocol.closed:
            protocol = await self._connect()
        return await self._send(protocol, args, blocking)

    async def script(self, source: str, keys: list[Any], args: list[Any]) -> Any:
        sha = self._shas.get(source)
        if sha is None:
            sha = self._shas[source] = hashlib.sha1(source.encode()).hexdigest()
        try:
            return await self.call("EVALSHA", sha, len(keys), *keys, *args)
        except ReplyError as error:
            if not str(error).startswith("NOSCRIPT"):
                raise
        # Redis restarted or its scripts were flushed: EVAL also stores it for next time.
        return await self.call("EVAL", source, len(keys), *keys, *args)

    def close(self) -> None:
        protocol, self._protocol = self._protocol, None
        if protocol is not None and not protocol.closed:
            protocol.fail(ConnectionError("the connection to Redis was closed"))

    async def _send(self, protocol: _Protocol, args: tuple[Any, ...], blocking: bool) -> Any:
        loop = asyncio.get_running_loop()
        waiter = loop.create_future()
        protocol.waiting.append(waiter)
        protocol.transport.write(pack(args))
        timer = loop.call_later(self.timeout, _overdue, protocol, waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if blocking:  # its reply may carry what was taken for nobody: drop the connection
                protocol.fail(ConnectionError("a blocking command was cancelled"))
            raise
        finally:
            timer.cancel()

    async def _connect(self) -> _Protocol:
        if self._connecting is None:
            self._connecting = asyncio.Lock()
        async with self._connecting:
            protocol = self._protocol
            if protocol is not None and not protocol.closed:
                return protocol  # another caller connected meanwhile
            loop = asyncio.get_running_loop()
            _transport, protocol = await asyncio.wait_for(
                loop.create_connection(_Protocol, self.host, self.port), self.timeout
            )
            try:
                if self.password is not None:
                    user = (self.username,) if self.username else ()
                    await self._send(protocol, ("AUTH", *user, self.password), False)
                if self.db:
                    await self._send(protocol, ("SELECT", self.db), False)
            except BaseException:
                protocol.fail(ConnectionError("could not set up the connection to Redis"))
                raise
            self._protocol = protocol
            return protocol


def _overdue(protocol: _Protocol, waiter: asyncio.Future) -> None:
    if not waiter.done():
        # Later replies would be read as this one's: the connection cannot go on.
        protocol.fail(ConnectionError("Redis did not answer in time"))
