"""The Redis channel layer the site runs with (mhing_site.layers.FewerTripsRedisChannelLayer):
fewer round trips, the same promises. Two layer instances stand for two server processes.
Needs a Redis server: `make test-redis` (skipped without REDIS_URL)."""

from __future__ import annotations

import asyncio
import os
import uuid

import pytest
from channels_redis.core import RedisChannelLayer

from mhing_site.layers import BlockingPoolRedisChannelLayer, FewerTripsRedisChannelLayer
from tests.redis_marks import NEEDS_REDIS

pytestmark = NEEDS_REDIS


def process(prefix: str, kind: type[RedisChannelLayer] = FewerTripsRedisChannelLayer):
    return kind(hosts=[os.environ["REDIS_URL"]], prefix=prefix, pool_size=8, capacity=1000)


@pytest.fixture
def prefix():
    return f"layer-{uuid.uuid4().hex[:8]}"


async def receive_all(layer: RedisChannelLayer, channel: str, count: int) -> list[int]:
    return [(await asyncio.wait_for(layer.receive(channel), 5))["version"] for _ in range(count)]


async def test_every_message_reaches_the_other_process_in_order(prefix):
    here, there = process(prefix), process(prefix)
    sockets = [await there.new_channel() for _ in range(3)]
    for socket in sockets:
        await there.group_add("table-t", socket)
    for version in range(1, 301):
        await here.group_send("table-t", {"type": "table.changed", "version": version})
    received = await asyncio.gather(*(receive_all(there, s, 300) for s in sockets))
    assert received == [list(range(1, 301))] * 3
    await here.flush()
    await there.close_pools()


async def test_the_senders_own_sockets_get_it_without_redis(prefix):
    here, there = process(prefix), process(prefix)
    mine, theirs = await here.new_channel(), await there.new_channel()
    await here.group_add("table-t", mine)
    await here.group_add("table-t", theirs)
    waiting = asyncio.ensure_future(here.receive(mine))  # the process is receiving
    await asyncio.sleep(0.05)
    await here.group_send("table-t", {"type": "table.changed", "version": 7})
    assert (await asyncio.wait_for(waiting, 5))["version"] == 7
    queue = here.prefix + here.non_local_name(mine)
    assert await here.connection(0).zcard(queue) == 0  # nothing went through Redis for it
    assert (await asyncio.wait_for(there.receive(theirs), 5))["version"] == 7
    await here.flush()
    await there.close_pools()


async def test_a_receive_cancelled_while_waiting_loses_nothing(prefix):
    here, there = process(prefix), process(prefix)
    socket = await there.new_channel()
    await there.group_add("table-t", socket)
    waiting = asyncio.ensure_future(there.receive(socket))
    await asyncio.sleep(0.1)  # blocked in Redis: nothing is queued yet
    waiting.cancel()
    await asyncio.gather(waiting, return_exceptions=True)
    for version in (1, 2, 3):
        await here.group_send("table-t", {"type": "table.changed", "version": version})
    assert await receive_all(there, socket, 3) == [1, 2, 3]
    await here.flush()
    await there.close_pools()


async def test_a_take_whose_answer_was_lost_is_taken_again(prefix):
    """The script that takes a batch ran, but its caller never saw the answer (an error on
    the way back): the next take puts the batch back in front of the queue."""
    here, there = process(prefix), process(prefix)
    socket = await there.new_channel()
    await there.group_add("table-t", socket)
    for version in (1, 2):
        await here.group_send("table-t", {"type": "table.changed", "version": version})
    queue = there.prefix + there.non_local_name(socket)
    assert await there._take(0, queue, timeout=1) is not None
    there._taken[queue].clear()  # as if the answer had been lost...
    there._took[queue] = False  # ...which is what a take that failed leaves behind
    await here.group_send("table-t", {"type": "table.changed", "version": 3})
    assert await receive_all(there, socket, 3) == [1, 2, 3]
    await here.flush()
    await there.close_pools()


async def test_it_shares_redis_with_processes_on_the_previous_layer(prefix):
    """During a rolling restart old and new processes serve the same tables."""
    new, old = process(prefix), process(prefix, BlockingPoolRedisChannelLayer)
    on_new, on_old = await new.new_channel(), await old.new_channel()
    for socket, layer in ((on_new, new), (on_old, old)):
        await layer.group_add("table-t", socket)
    await new.group_send("table-t", {"type": "table.changed", "version": 1})
    await old.group_send("table-t", {"type": "table.changed", "version": 2})
    assert await receive_all(old, on_old, 2) == [1, 2]
    assert await receive_all(new, on_new, 2) == [1, 2]
    await new.flush()
    await old.close_pools()


async def test_one_script_sends_to_many_sockets_of_an_old_process(prefix):
    """The group_send script writes channels_redis's message format itself: a process on the
    previous layer with twenty sockets at the table (past msgpack's short list form) reads it."""
    new, old = process(prefix), process(prefix, BlockingPoolRedisChannelLayer)
    sockets = [await old.new_channel() for _ in range(20)]
    for socket in sockets:
        await old.group_add("table-t", socket)
    await new.group_send("table-t", {"type": "table.changed", "version": 9, "note": "é" * 40})
    received = [await asyncio.wait_for(old.receive(s), 5) for s in sockets]
    assert [m["version"] for m in received] == [9] * 20
    assert {m["note"] for m in received} == {"é" * 40}
    await new.flush()
    await old.close_pools()


class ThroughRedisPy(FewerTripsRedisChannelLayer):
    lean_wire = False  # as for a `rediss://` address, which the lean connection does not speak


@pytest.mark.parametrize("kind", [FewerTripsRedisChannelLayer, ThroughRedisPy])
async def test_both_ways_of_reaching_redis_deliver_everything_in_order(prefix, kind):
    here, there = process(prefix, kind), process(prefix, kind)
    socket = await there.new_channel()
    await there.group_add("table-t", socket)
    for version in range(1, 21):
        await here.group_send("table-t", {"type": "table.changed", "version": version})
    assert await receive_all(there, socket, 20) == list(range(1, 21))
    lean = [w for w in [*here._send_wires.values(), *there._read_wires.values()] if w]
    assert len(lean) == (2 if kind is FewerTripsRedisChannelLayer else 0)
    await here.flush()
    await there.close_pools()
