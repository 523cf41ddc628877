"""channels_redis's pub/sub layer, with one thin workaround (docs/upstream.md, "new_channel
needs Redis"): a socket that opens while Redis is unreachable still gets its channel.

The stock `new_channel` subscribes the new channel in Redis before it returns, so while
Redis is down every consumer failed before its handshake (HTTP 500). The site sends nothing
to a socket's own channel, only to its table's group, so the channel is made in this
process alone: its queue is the layer's, `receive` reads it without Redis, and the group is
joined when Redis is back (games/catch_up.py). Everything else is the layer as shipped.
"""

from __future__ import annotations

import asyncio
import logging
import uuid

from channels_redis import pubsub
from redis.exceptions import RedisError

log = logging.getLogger(__name__)


# A subscription not made within this is given up (it may wait for Redis to return while
# another subscription holds the layer's lock: docs/upstream.md).
SUBSCRIBE_WAIT = 2.0


class RedisPubSubChannelLayer(pubsub.RedisPubSubChannelLayer):
    async def new_channel(self, prefix: str = "specific.") -> str:
        try:
            async with asyncio.timeout(SUBSCRIBE_WAIT):
                return await super().__getattr__("new_channel")(prefix)
        except (RedisError, OSError) as error:  # TimeoutError is an OSError
            channel = f"{self.prefix}{prefix}{uuid.uuid4().hex}"
            self.channels[channel] = asyncio.Queue()
            # One a socket: the outage itself is logged once (games/catch_up.py).
            log.debug("channel layer: %s made without Redis: %r", channel, error)
            return channel
