"""The channel layers: in memory for one process, cleaning up at most once a second; and
Redis for several, with a connection pool that waits instead of failing.

The stock in-memory layer looks through every channel and every group membership for expired entries
on each send and each receive. With hundreds of sockets that scan was most of what the
layer cost (about 6% of a loaded server's CPU in the live-play load test): each move reaches
every socket of its table, so the scan ran a few hundred times a second over a few hundred
channels. Messages expire after a minute and group memberships after a day, so sweeping
once a second loses nothing a socket could notice.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from typing import Any

from channels.layers import InMemoryChannelLayer
from channels_redis.core import RedisChannelLayer
from redis.asyncio import BlockingConnectionPool

from mhing_site.redis_wire import Wire

logger = logging.getLogger(__name__)

SWEEP_EVERY = 1.0  # seconds


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    _swept = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept >= SWEEP_EVERY:
            self._swept = now
            super()._clean_expired()


class BlockingPoolRedisChannelLayer(RedisChannelLayer):
    """channels_redis's layer whose connection pool waits for a free connection.

    redis-py (5 and later) caps a pool at 100 connections and raises `MaxConnectionsError`
    when a 101st is asked for; channels_redis borrows one for every send, group operation
    and receive. With a few hundred sockets per process their group joins and sends at once
    ran past the cap, and the consumers that hit it were closed with 1011 (issue 14: 150
    actions lost in 30 s at 150 tables over two processes). A blocking pool instead queues a
    caller for up to `pool_timeout` seconds: Redis answers in well under a millisecond, so
    a queue of a few hundred is drained in milliseconds and nothing is refused.
    """

    def __init__(self, *args: Any, pool_size: int = 50, pool_timeout: float = 10, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.pool_size = pool_size
        self.pool_timeout = pool_timeout

    def create_pool(self, index: int) -> BlockingConnectionPool:
        host = dict(self.hosts[index])
        address = host.pop("address", None)
        if address is None:
            raise ValueError("BlockingPoolRedisChannelLayer takes its hosts as redis:// URLs")
        # redis-py 8 reads every answer within `socket_timeout`, 5 s by default: exactly
        # channels_redis's `brpop_timeout`, the time its BZPOPMIN waits for a message before
        # Redis answers "nothing". So whenever a process got no message for 5 s, the read
        # could time out first, and the consumer waiting on it died with "Timeout reading
        # from" (its socket closed with 1011; found by the restart test of
        # tests/games/test_redis_processes.py, where one process idles while the other is
        # down). Give Redis's answer time to arrive; a dead Redis is still noticed.
        host.setdefault("socket_timeout", self.brpop_timeout + 5)
        return BlockingConnectionPool.from_url(
            address, max_connections=self.pool_size, timeout=self.pool_timeout, **host
        )


# -- fewer round trips to Redis (issue 14, 150 tables over two processes) ---------------------
#
# channels_redis spends four Redis round trips on every group_send (expire the group, read
# it, expire each process's queue, add the message) and four on every message a process
# receives (restore its backup queue, BZPOPMIN, back the message up, drop the backup), one
# after another, under one lock per process. Each move of the load test reaches both
# processes, so at 150 tables that was some 12 round trips per move, each one a wake-up of
# Redis and of the server on a machine whose two cores were already busy; the receiving
# side, one message at a time, fell behind by seconds (docs/benchmarks.md). The layer below
# keeps channels_redis's storage (the same sorted sets, capacity, expiry and backup queue, so
# processes running either layer can share a Redis), and changes how it is reached:
#
# * group_send: one script reads the group (dropping expired members) and adds the message
#   to each other process's queue, in channels_redis's own format (see _GROUP_SEND_ALL). The
#   sockets of this very process get it at once, in memory, without Redis, when their
#   process is receiving on this event loop (the usual case: a consumer announcing a move).
#   With several Redis hosts, per-channel capacities or encrypted messages, the group is read
#   by one script and the message added by one script per host, as before.
# * receive: one script takes everything waiting in the process's queue at once (up to
#   RECEIVE_BATCH messages), keeping the taken ones in the backup queue until the next call
#   says they arrived; the process hands them out in order from memory. Only an empty queue
#   costs a blocking BZPOPMIN, as before. The message BZPOPMIN returns is handed out at once,
#   with nothing awaited in between, so unlike channels_redis it needs no backup copy.
#
# Those three commands (the group send, the take, the wait) go through a lean connection of
# our own (mhing_site/redis_wire.py: a quarter of redis-py's CPU per command), one for the
# sends of each event loop and one for each reader, whose BZPOPMIN blocks it. Everything
# else (joining and leaving groups, sends to one channel, flush) is channels_redis's as is.

RECEIVE_BATCH = 100

# KEYS[1] the group; ARGV[1] members older than this go. Returns the members.
_GROUP_MEMBERS = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, ARGV[1])
return redis.call('ZRANGE', KEYS[1], 0, -1)
"""

# KEYS: the queues; ARGV: the messages, then the capacities, then now, the expiry (seconds),
# and messages older than this go. channels_redis's own script, with its expiry pass folded in.
_GROUP_SEND = """
local n = #KEYS
local now = ARGV[2 * n + 1]
local expiry = ARGV[2 * n + 2]
local old = ARGV[2 * n + 3]
local over_capacity = 0
for i = 1, n do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, old)
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + n]) then
        redis.call('ZADD', KEYS[i], now, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""

# The whole group_send in one script, for one Redis host. KEYS[1] the group. ARGV[1] members
# older than this go; ARGV[2] the serialized message as channels_redis makes it (its random
# prefix, then msgpack) for the message with `__asgi_channel__` added last, as nil, and that
# nil left off: the script appends each queue's list of channels (a msgpack array of
# strings) in its place; ARGV[3] the capacity of every queue; ARGV[4] now; ARGV[5] the
# expiry in seconds; ARGV[6] messages older than this go; ARGV[7] the prefix of the queues'
# keys; ARGV[8...] this process's own queues (their channels are returned, not queued).
# Returns {queues over capacity, this process's channels}. The queues' keys are not among
# KEYS: fine on one Redis server, as channels_redis has it (not on a Redis Cluster).
_GROUP_SEND_ALL = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, ARGV[1])
local members = redis.call('ZRANGE', KEYS[1], 0, -1)
local own = {}
for i = 8, #ARGV do own[ARGV[i]] = true end
local mine, queues, order = {}, {}, {}
for _, name in ipairs(members) do
    local bang = string.find(name, '!', 1, true)
    local queue = bang and string.sub(name, 1, bang) or name
    if bang and own[queue] then
        table.insert(mine, name)
    else
        if not queues[queue] then
            queues[queue] = {}
            table.insert(order, queue)
        end
        table.insert(queues[queue], name)
    end
end
local function packed_string(text)
    local n = #text
    if n < 32 then return string.char(0xa0 + n) .. text end
    if n < 256 then return string.char(0xd9, n) .. text end
    return string.char(0xda, math.floor(n / 256), n % 256) .. text
end
local over = 0
for _, queue in ipairs(order) do
    local names = queues[queue]
    local n = #names
    local parts = {ARGV[2]}
    if n < 16 then
        table.insert(parts, string.char(0x90 + n))
    else
        table.insert(parts, string.char(0xdc, math.floor(n / 256), n % 256))
    end
    for _, name in ipairs(names) do table.insert(parts, packed_string(name)) end
    local key = ARGV[7] .. queue
    redis.call('ZREMRANGEBYSCORE', key, 0, ARGV[6])
    if redis.call('ZCOUNT', key, '-inf', '+inf') < tonumber(ARGV[3]) then
        redis.call('ZADD', key, ARGV[4], table.concat(parts))
        redis.call('EXPIRE', key, ARGV[5])
    else
        over = over + 1
    end
end
return {over, mine}
"""

# KEYS[1] the queue, KEYS[2] its backup; ARGV[1] "1" when the caller holds what the last call
# took (the backup is dropped), else it is put back in front of the queue (the call was
# cancelled before its answer arrived); ARGV[2] how many to take. The taken messages, oldest
# first, are kept in the backup until the next call.
_TAKE = """
if ARGV[1] == '1' then
    redis.call('DEL', KEYS[2])
else
    local backed_up = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
    for i = #backed_up, 1, -2 do
        redis.call('ZADD', KEYS[1], backed_up[i], backed_up[i - 1])
    end
    redis.call('DEL', KEYS[2])
end
local taken = redis.call('ZPOPMIN', KEYS[1], ARGV[2])
for i = 1, #taken, 2 do
    redis.call('ZADD', KEYS[2], taken[i + 1], taken[i])
end
return taken
"""


class FewerTripsRedisChannelLayer(BlockingPoolRedisChannelLayer):
    """BlockingPoolRedisChannelLayer reaching Redis in fewer round trips (see above).

    One reader task per process queue and event loop takes the process's messages from
    Redis and puts each in its sockets' buffers; a socket's `receive` only waits on its own
    buffer. (channels_redis lets whichever socket holds a lock read for all, one message at
    a time; a message put straight into a buffer would wait for that socket's BZPOPMIN.)
    The reader outlives the sockets: it is cancelled only with the layer's pools, and a take
    whose answer was lost (a Redis error) is taken again from the backup queue.
    """

    # False: every command through redis-py (as with a `rediss://` or Unix socket address,
    # which the lean connection does not speak).
    lean_wire = True

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._scripts: dict[str, Any] = {}
        # Messages taken from Redis and not yet handed out, per process queue, oldest first.
        self._taken: dict[str, collections.deque] = collections.defaultdict(collections.deque)
        # Whether the last take of each queue got its answer (its backup may be dropped).
        self._took: dict[str, bool] = {}
        # The reader of each process queue (its non-local channel name), on its loop.
        self._readers: dict[str, tuple[asyncio.AbstractEventLoop, asyncio.Task]] = {}
        # Lean connections (None: the address needs redis-py), for the sends of each host and
        # event loop, and for each process queue's reader.
        self._send_wires: dict[tuple[int, asyncio.AbstractEventLoop], Wire | None] = {}
        self._read_wires: dict[tuple[str, asyncio.AbstractEventLoop], Wire | None] = {}

    def _wire(self, wires: dict, name: Any, index: int) -> Wire | None:
        """The lean connection `name` (a host's sends, a queue's reader) of the running loop,
        to host `index`, made on first use; None when the layer or the address needs redis-py."""
        if not self.lean_wire:
            return None
        loop = asyncio.get_running_loop()
        key = (name, loop)
        try:
            return wires[key]
        except KeyError:
            pass
        for old in [k for k in wires if k[1].is_closed()]:  # a finished test's loop
            del wires[old]
        address = self.hosts[index].get("address")
        wire = wires[key] = (
            Wire.from_url(address, timeout=self.brpop_timeout + 5) if address else None
        )
        return wire

    def _script(self, connection: Any, source: str) -> Any:
        script = self._scripts.get(source)
        if script is None:
            script = self._scripts[source] = connection.register_script(source)
        return script

    # -- sending ---------------------------------------------------------------------------

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        assert self.require_valid_group_name(group), "Group name not valid"
        key = self._group_key(group)
        index = self.consistent_hash(group)
        partial = self._partly_serialized(message)
        if partial is not None:
            await self._group_send_at_once(index, key, group, message, partial)
            return
        connection = self.connection(index)
        members = await self._script(connection, _GROUP_MEMBERS)(
            keys=[key], args=[int(time.time()) - self.group_expiry], client=connection
        )
        names = []
        for member in members:
            name = member.decode("utf8")
            if self._read_here(name):
                self.receive_buffer[name].put_nowait(dict(message))
            else:
                names.append(name)
        if not names:
            return
        by_connection, messages, capacities = self._map_channel_keys_to_connection(names, message)
        now = time.time()
        for index, keys in by_connection.items():
            connection = self.connection(index)
            over = await self._script(connection, _GROUP_SEND)(
                keys=keys,
                args=[
                    *(messages[k] for k in keys),
                    *(capacities[k] for k in keys),
                    now,
                    self.expiry,
                    int(now) - int(self.expiry),
                ],
                client=connection,
            )
            if over > 0:
                logger.info("%s of %s channels over capacity in group %s", over, len(names), group)

    def _partly_serialized(self, message: dict[str, Any]) -> bytes | None:
        """The message as channels_redis serializes it with `__asgi_channel__` added last,
        without that last value (for _GROUP_SEND_ALL); None when one script cannot send it:
        several Redis hosts, capacities per channel, an encrypting serializer."""
        if self.ring_size != 1 or self.channel_capacity or self._serializer.crypter:
            return None
        body = self.serialize({**message, "__asgi_channel__": None})
        if body[-1:] != b"\xc0":  # msgpack's nil, last: anything else is not ours to cut
            return None
        return body[:-1]

    async def _group_send_at_once(
        self, index: int, key: str, group: str, message: dict[str, Any], partial: bytes
    ) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # pragma: no cover - group_send is awaited, so there is a loop
            loop = None
        own = [
            real
            for real, (reader_loop, task) in self._readers.items()
            if reader_loop is loop and not task.done()
        ]
        now = time.time()
        args = [
            int(now) - self.group_expiry,
            partial,
            self.capacity,
            now,
            self.expiry,
            int(now) - int(self.expiry),
            self.prefix,
            *own,
        ]
        wire = self._wire(self._send_wires, index, index)
        if wire is not None:
            over, mine = await wire.script(_GROUP_SEND_ALL, [key], args)
        else:
            connection = self.connection(index)
            over, mine = await self._script(connection, _GROUP_SEND_ALL)(
                keys=[key], args=args, client=connection
            )
        for member in mine:
            self.receive_buffer[member.decode("utf8")].put_nowait(dict(message))
        if over > 0:
            logger.info("%s channels' queues over capacity in group %s", over, group)

    def _read_here(self, channel: str) -> bool:
        """Whether the channel is this process's and read on the running event loop, so a
        message for it may go straight into its buffer."""
        if "!" not in channel:
            return False
        reader = self._readers.get(self.non_local_name(channel))
        if reader is None or reader[1].done():
            return False
        try:
            return reader[0] is asyncio.get_running_loop()
        except RuntimeError:
            return False

    # -- receiving -------------------------------------------------------------------------

    async def receive(self, channel: str) -> dict[str, Any]:
        if "!" not in channel:
            return await super().receive(channel)
        assert self.require_valid_channel_name(channel)
        real = self.non_local_name(channel)
        assert real.endswith(self.client_prefix + "!"), "Wrong client prefix"
        self._start_reader(real)
        buffer = self.receive_buffer[channel]
        try:
            message = await buffer.get()
        finally:
            if buffer.empty() and self.receive_buffer.get(channel) is buffer:
                del self.receive_buffer[channel]
        return message

    def _start_reader(self, real: str) -> None:
        loop = asyncio.get_running_loop()
        reader = self._readers.get(real)
        if reader is not None and reader[0] is loop and not reader[1].done():
            return
        self._readers[real] = (loop, loop.create_task(self._read(real)))

    async def _read(self, real: str) -> None:
        index = self.consistent_hash(real)
        key = self.prefix + real
        while True:
            try:
                content = await self._take(index, key, timeout=self.brpop_timeout)
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis gone or slow: the backup keeps what was taken
                logger.exception("channel layer: reading %s failed; trying again", real)
                await asyncio.sleep(1)
                continue
            if content is None:
                continue
            message = self.deserialize(content)
            channels = message.pop("__asgi_channel__", real)
            for channel in [channels] if isinstance(channels, str) else channels:
                self.receive_buffer[channel].put_nowait(message)

    async def _take(self, index: int, key: str, timeout: float) -> Any:
        """The next message of the process queue `key`: from those taken at the last call,
        else everything waiting (one script), else the first to come (BZPOPMIN)."""
        taken = self._taken[key]
        if taken:
            return taken.popleft()
        wire = self._wire(self._read_wires, key, index)
        connection = None if wire is not None else self.connection(index)
        backup = self._backup_channel_name(key)
        answered = self._took.get(key, False)
        self._took[key] = False  # until the answer is here: the next take restores it
        keys, args = [key, backup], ["1" if answered else "0", RECEIVE_BATCH]
        if wire is not None:
            found = await wire.script(_TAKE, keys, args)
        else:
            found = await self._script(connection, _TAKE)(keys=keys, args=args, client=connection)
        self._took[key] = True
        taken.extend(found[0::2])
        if taken:
            return taken.popleft()
        if wire is not None:
            result = await wire.call("BZPOPMIN", key, timeout, blocking=True)
        else:
            result = await connection.bzpopmin(key, timeout=timeout)
        if result is None:
            return None
        # Handed out by the caller with nothing awaited first: no backup copy needed (the
        # next take's "answered" still holds, so it drops the previous take's backup).
        return result[1]

    async def close_pools(self) -> None:
        readers = [task for _, task in self._readers.values()]
        self._readers.clear()
        for task in readers:
            task.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        for wires in (self._send_wires, self._read_wires):
            for (_name, loop), wire in list(wires.items()):
                if wire is not None and not loop.is_closed():
                    wire.close()
            wires.clear()
        await super().close_pools()
