"""The lean Redis connection of the channel layer (mhing_site/redis_wire.py) against a real
Redis (`make test-redis`)."""

from __future__ import annotations

import asyncio
import os

from mhing_site.redis_wire import Wire
from tests.redis_marks import NEEDS_REDIS

pytestmark = NEEDS_REDIS


async def test_against_redis_scripts_survive_a_flush_and_a_blocking_wait_gets_its_member():
    wire = Wire.from_url(os.environ["REDIS_URL"])
    await wire.call("DEL", "wire-test")
    assert await wire.script("return redis.call('ZCARD', KEYS[1])", ["wire-test"], []) == 0
    await wire.call("SCRIPT", "FLUSH")  # as after a restart of Redis
    assert await wire.script("return redis.call('ZCARD', KEYS[1])", ["wire-test"], []) == 0
    waiter = Wire.from_url(os.environ["REDIS_URL"])  # a blocking wait holds its connection
    waiting = asyncio.ensure_future(waiter.call("BZPOPMIN", "wire-test", 5, blocking=True))
    await asyncio.sleep(0.05)
    await wire.call("ZADD", "wire-test", 1.0, b"m\x00")
    key, member, score = await waiting
    assert (key, member, float(score)) == (b"wire-test", b"m\x00", 1.0)
    wire.close()
    waiter.close()
