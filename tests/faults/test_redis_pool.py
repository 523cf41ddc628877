"""Hundreds of sockets of one process joining their tables and hearing a move, all at once,
through the layer the site runs with (channels_redis's RedisPubSubChannelLayer): nothing is
refused, nothing lost. The list-based layer with redis-py's capped pool refuses some
(MaxConnectionsError, the socket closed with 1011); the pub/sub layer publishes and
subscribes through one connection a process. Needs a Redis server: `make test-redis`
(skipped without REDIS_URL).
"""

from __future__ import annotations

import asyncio

from channels.layers import channel_layers

from tests.redis_marks import NEEDS_REDIS

pytestmark = NEEDS_REDIS

SOCKETS = 400  # a process's sockets joining their tables and hearing a move, all at once


async def test_hundreds_of_sockets_join_and_hear_a_move_at_once_and_lose_nothing():
    sender, layer = channel_layers.make_backend("default"), channel_layers.make_backend("default")
    channels = [await layer.new_channel() for _ in range(SOCKETS)]
    groups = [f"table-storm{n % 100}" for n in range(SOCKETS)]
    await asyncio.gather(*(layer.group_add(g, c) for g, c in zip(groups, channels, strict=True)))
    await asyncio.gather(
        *(sender.group_send(g, {"type": "table.changed", "version": 2}) for g in set(groups))
    )
    received = await asyncio.wait_for(
        asyncio.gather(*(layer.receive(c) for c in channels)), timeout=10
    )
    await sender.flush()
    await layer.flush()
    assert sum(1 for message in received if message["version"] == 2) == SOCKETS
