"""A full Redis connection pool: more group operations at once than the pool has connections
wait for one instead of failing (mhing_site.layers.BlockingPoolRedisChannelLayer). With the
stock pool, redis-py raises MaxConnectionsError past its cap and the socket that hit it is
closed with 1011. Needs a Redis server: `make test-redis` (skipped without REDIS_URL).
"""

from __future__ import annotations

import asyncio
import os

import pytest
from channels_redis.core import RedisChannelLayer
from redis.exceptions import MaxConnectionsError

from mhing_site.layers import BlockingPoolRedisChannelLayer
from tests.redis_marks import NEEDS_REDIS

pytestmark = NEEDS_REDIS

SOCKETS = 400  # a process's sockets joining their tables and hearing a move, all at once


async def storm(layer: RedisChannelLayer) -> int:
    """Every socket joins its table's group at once, then every table hears a move; the
    number of messages that reached a socket."""
    channels = [await layer.new_channel() for _ in range(SOCKETS)]
    groups = [f"table-storm{n % 100}" for n in range(SOCKETS)]
    await asyncio.gather(*(layer.group_add(g, c) for g, c in zip(groups, channels, strict=True)))
    await asyncio.gather(
        *(layer.group_send(g, {"type": "table.changed", "version": 2}) for g in set(groups))
    )
    received = await asyncio.gather(*(layer.receive(c) for c in channels))
    await asyncio.gather(
        *(layer.group_discard(g, c) for g, c in zip(groups, channels, strict=True))
    )
    await layer.flush()
    return sum(1 for message in received if message["version"] == 2)


async def test_a_small_pool_serves_hundreds_of_sockets_at_once_and_loses_nothing():
    layer = BlockingPoolRedisChannelLayer(
        hosts=[os.environ["REDIS_URL"]], prefix="faults-pool", pool_size=8, pool_timeout=20
    )
    assert await storm(layer) == SOCKETS


async def test_the_stock_pool_at_the_same_size_refuses_some(monkeypatch):
    """The fault the layer is for, shown on the stock layer with a pool as small."""
    from channels_redis import core, utils

    def capped(host):
        pool = utils.create_pool(host)
        pool.max_connections = 8
        return pool

    monkeypatch.setattr(core, "create_pool", capped)
    layer = RedisChannelLayer(hosts=[os.environ["REDIS_URL"]], prefix="faults-stock")
    with pytest.raises(MaxConnectionsError, match="Too many connections"):
        await storm(layer)
    await asyncio.sleep(0.5)  # the other operations of the storm end before the next test
