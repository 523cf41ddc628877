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

import time
from typing import Any

from channels.layers import InMemoryChannelLayer
from channels_redis.core import RedisChannelLayer
from redis.asyncio import BlockingConnectionPool

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
