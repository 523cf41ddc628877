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
# * group_send: one script reads the group (dropping expired members), then one script per
#   Redis host adds the message to each other process's queue. The sockets of this very
#   process get it at once, in memory, without Redis, when their process is receiving on
#   this event loop (the usual case: a consumer announcing a move).
# * receive: one script takes everything waiting in the process's queue at once (up to
#   RECEIVE_BATCH messages), keeping the taken ones in the backup queue until the next call
#   says they arrived; the process hands them out in order from memory. Only an empty queue
#   costs a blocking BZPOPMIN, as before.

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

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._scripts: dict[str, Any] = {}
        # Messages taken from Redis and not yet handed out, per process queue, oldest first.
        self._taken: dict[str, collections.deque] = collections.defaultdict(collections.deque)
        # Whether the last take of each queue got its answer (its backup may be dropped).
        self._took: dict[str, bool] = {}
        # The reader of each process queue (its non-local channel name), on its loop.
        self._readers: dict[str, tuple[asyncio.AbstractEventLoop, asyncio.Task]] = {}

    def _script(self, connection: Any, source: str) -> Any:
        script = self._scripts.get(source)
        if script is None:
            script = self._scripts[source] = connection.register_script(source)
        return script

    # -- sending ---------------------------------------------------------------------------

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        assert self.require_valid_group_name(group), "Group name not valid"
        key = self._group_key(group)
        connection = self.connection(self.consistent_hash(group))
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
        connection = self.connection(index)
        backup = self._backup_channel_name(key)
        answered = self._took.get(key, False)
        self._took[key] = False  # until the answer is here: the next take restores it
        found = await self._script(connection, _TAKE)(
            keys=[key, backup], args=["1" if answered else "0", RECEIVE_BATCH], client=connection
        )
        self._took[key] = True
        taken.extend(found[0::2])
        if taken:
            return taken.popleft()
        result = await connection.bzpopmin(key, timeout=timeout)
        if result is None:
            return None
        _, member, score = result
        self._took[key] = False
        await connection.zadd(backup, {member: float(score)})
        self._took[key] = True  # handed out now: the next take drops its backup
        return member

    async def close_pools(self) -> None:
        readers = [task for _, task in self._readers.values()]
        self._readers.clear()
        for task in readers:
            task.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        await super().close_pools()
