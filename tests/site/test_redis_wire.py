"""The lean Redis connection of the channel layer (mhing_site/redis_wire.py): what it sends,
how it reads Redis's answers, and what a slow, lost or cancelled answer leaves behind.
Against a stand-in server speaking Redis's protocol, so these run without Redis; against a
real one: test_redis_wire_live.py."""

from __future__ import annotations

import asyncio

import pytest

from mhing_site.redis_wire import ReplyError, Wire, _Incomplete, pack, parse


def test_a_command_goes_as_an_array_of_bulk_strings():
    assert pack(("ZADD", "q", 1.5, b"\x00m")) == (
        b"*4\r\n$4\r\nZADD\r\n$1\r\nq\r\n$3\r\n1.5\r\n$2\r\n\x00m\r\n"
    )
    with pytest.raises(TypeError):
        pack(("SET", "k", None))


def test_every_kind_of_reply_is_read_and_a_partial_one_waits_for_the_rest():
    reply = b"*5\r\n:3\r\n$3\r\na\r\n\r\n$-1\r\n*-1\r\n*1\r\n+OK\r\n-ERR wrong\r\n"
    value, at = parse(reply, 0)
    assert value == [3, b"a\r\n", None, None, ["OK"]]
    error, end = parse(reply, at)
    assert isinstance(error, ReplyError) and str(error) == "ERR wrong"
    assert end == len(reply)
    for cut in range(1, at):  # any prefix of the array is not yet a reply
        with pytest.raises(_Incomplete):
            parse(reply[:cut], 0)


class StandIn:
    """A server that reads commands and answers each with `answer(command)`: bytes to send,
    or None to stay silent."""

    def __init__(self, answer):
        self.answer = answer
        self.commands: list[list[bytes]] = []
        self.connections = 0

    async def __aenter__(self) -> StandIn:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc) -> None:
        self.server.close()

    def wire(self, **kwargs) -> Wire:
        return Wire.from_url(f"redis://127.0.0.1:{self.port}/0", **kwargs)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        buffer = b""
        try:
            while data := await reader.read(65536):
                buffer += data
                while True:
                    try:
                        command, at = parse(buffer, 0)
                    except _Incomplete:
                        break
                    buffer = buffer[at:]
                    self.commands.append(command)
                    answer = self.answer(command)
                    if answer is not None:
                        writer.write(answer)
        except ConnectionError:
            pass
        finally:
            writer.close()


async def test_commands_under_way_together_get_their_own_answers_in_order():
    def echo(command):
        return b"$%d\r\n%b\r\n" % (len(command[1]), command[1])

    async with StandIn(echo) as server:
        wire = server.wire()
        answers = await asyncio.gather(*(wire.call("ECHO", f"m{i}") for i in range(50)))
        assert answers == [f"m{i}".encode() for i in range(50)]
        assert server.connections == 1
        wire.close()


async def test_a_script_redis_does_not_hold_is_sent_whole_once():
    def answer(command):
        if command[0] == b"EVALSHA":
            return b"-NOSCRIPT No matching script. Please use EVAL.\r\n"
        return b":7\r\n"

    async with StandIn(answer) as server:
        wire = server.wire()
        assert await wire.script("return 7", ["k"], [1]) == 7
        assert [c[0] for c in server.commands] == [b"EVALSHA", b"EVAL"]
        assert server.commands[1][1:] == [b"return 7", b"1", b"k", b"1"]
        with pytest.raises(ReplyError, match="NOSCRIPT"):  # any other command's error is raised
            await wire.call("EVALSHA", "abc", 0)
        wire.close()


async def test_an_answer_that_does_not_come_fails_every_command_under_way_and_the_next_reconnects():
    silent = {"yes": True}

    def answer(command):
        return None if silent["yes"] else b"+PONG\r\n"

    async with StandIn(answer) as server:
        wire = server.wire(timeout=0.2)
        results = await asyncio.gather(wire.call("PING"), wire.call("PING"), return_exceptions=True)
        assert [type(r) for r in results] == [ConnectionError, ConnectionError]
        silent["yes"] = False
        assert await wire.call("PING") == "PONG"
        assert server.connections == 2
        wire.close()


async def test_a_lost_connection_fails_what_was_under_way_and_the_next_call_connects_again():
    async with StandIn(lambda command: None) as server:
        wire = server.wire()
        pending = asyncio.ensure_future(wire.call("BZPOPMIN", "q", 5, blocking=True))
        await asyncio.sleep(0.05)
        wire._protocol.transport.abort()  # the network drops it
        with pytest.raises(ConnectionError):
            await pending
    async with StandIn(lambda command: b":1\r\n") as server:
        wire.port = server.port  # Redis back, here on another port
        assert await wire.call("ZCARD", "q") == 1


async def test_a_cancelled_blocking_wait_closes_its_connection_so_nothing_is_taken_for_nobody():
    async with StandIn(lambda command: None) as server:
        wire = server.wire()
        waiting = asyncio.ensure_future(wire.call("BZPOPMIN", "q", 5, blocking=True))
        await asyncio.sleep(0.05)
        protocol = wire._protocol
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)
        assert protocol.closed


async def test_a_cancelled_command_leaves_the_connection_and_the_next_answers_in_step():
    def answer(command):  # the first command's answer comes late, with the second's
        return None if command[1] == b"a" else b":1\r\n:2\r\n"

    async with StandIn(answer) as server:
        wire = server.wire()
        first = asyncio.ensure_future(wire.call("INCR", "a"))
        await asyncio.sleep(0.05)  # sent, not answered
        first.cancel()
        await asyncio.gather(first, return_exceptions=True)
        assert await wire.call("INCR", "b") == 2  # the first's answer was read and dropped
        assert not wire._protocol.closed
        wire.close()


def test_only_a_plain_redis_address_gets_a_wire():
    wire = Wire.from_url("redis://user:p%40ss@cache.internal:6380/3")
    assert (wire.host, wire.port, wire.db, wire.username, wire.password) == (
        "cache.internal",
        6380,
        3,
        "user",
        "p@ss",
    )
    assert Wire.from_url("rediss://cache.internal:6380/0") is None
    assert Wire.from_url("unix:///run/redis.sock") is None
