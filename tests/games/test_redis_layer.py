"""The Redis channel layer the site runs with (settings.CHANNEL_LAYERS with REDIS_URL:
channels_redis's RedisPubSubChannelLayer, mhing_site/channel_layer.py): a table's messages
reach every socket of every process, in order, and a socket gets its channel while Redis is
unreachable. Two layer instances stand for two server processes.
Needs a Redis server: `make test-redis` (skipped without REDIS_URL)."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from channels.layers import channel_layers

from tests.redis_marks import NEEDS_REDIS

pytestmark = NEEDS_REDIS


def process(prefix: str):
    """A layer as the settings make it (the `default` alias's backend and config)."""
    return channel_layers.make_backend("default")


@pytest.fixture
def group():
    return f"table-{uuid.uuid4().hex[:8]}"


async def receive_all(layer, channel: str, count: int) -> list[int]:
    return [(await asyncio.wait_for(layer.receive(channel), 5))["version"] for _ in range(count)]


async def test_the_site_runs_channels_redis_pubsub_layer():
    from channels_redis.pubsub import RedisPubSubChannelLayer

    assert isinstance(process(""), RedisPubSubChannelLayer)


async def test_a_socket_opened_while_redis_is_unreachable_gets_its_channel(group):
    """Else its consumer fails before the handshake: HTTP 500 (docs/upstream.md)."""
    from django.conf import settings
    from django.utils.module_loading import import_string

    from tests.games.servers import free_port

    backend = import_string(settings.CHANNEL_LAYERS["default"]["BACKEND"])
    layer = backend(hosts=[f"redis://127.0.0.1:{free_port()}/0"])  # nothing listens there
    channel = await layer.new_channel()

    with pytest.raises(asyncio.TimeoutError):  # nothing came, and nothing failed
        await asyncio.wait_for(layer.receive(channel), 0.2)


async def test_every_message_reaches_the_other_process_in_order(group):
    here, there = process(group), process(group)
    sockets = [await there.new_channel() for _ in range(3)]
    for socket in sockets:
        await there.group_add(group, socket)
    for version in range(1, 301):
        await here.group_send(group, {"type": "table.changed", "version": version})
    received = await asyncio.gather(*(receive_all(there, s, 300) for s in sockets))
    assert received == [list(range(1, 301))] * 3
    await here.flush()
    await there.flush()


async def test_the_senders_own_sockets_and_the_others_both_get_it(group):
    here, there = process(group), process(group)
    mine, theirs = await here.new_channel(), await there.new_channel()
    await here.group_add(group, mine)
    await there.group_add(group, theirs)
    await here.group_send(group, {"type": "table.changed", "version": 7})
    assert (await asyncio.wait_for(here.receive(mine), 5))["version"] == 7
    assert (await asyncio.wait_for(there.receive(theirs), 5))["version"] == 7
    await here.flush()
    await there.flush()


async def test_a_socket_that_left_its_table_hears_no_more_of_it(group):
    here, there = process(group), process(group)
    staying, leaving = await there.new_channel(), await there.new_channel()
    await there.group_add(group, staying)
    await there.group_add(group, leaving)
    await there.group_discard(group, leaving)
    await here.group_send(group, {"type": "table.changed", "version": 3})
    assert (await asyncio.wait_for(there.receive(staying), 5))["version"] == 3
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(there.receive(leaving), 0.5)
    await here.flush()
    await there.flush()


async def test_a_consumers_cleanup_cancelled_by_a_stopping_server_logs_no_traceback(caplog):
    """Two sockets close at once: each receive() unsubscribes its channel, one after the other
    (one lock a shard). The server stops while the second waits for the lock (daphne cancels
    every application at SIGTERM): channels_redis logged a traceback for it, one a socket,
    which failed the two-process load test in CI. The site's log leaves the cancellation out
    (mhing_site/logs.py, docs/upstream.md)."""
    layer = process("")
    channels = [await layer.new_channel() for _ in range(2)]
    receives = [asyncio.create_task(layer.receive(channel)) for channel in channels]
    await asyncio.sleep(0.1)
    for task in receives:
        task.cancel()
    await asyncio.sleep(0)  # the first unsubscribes, the second waits for the lock...
    receives[1].cancel()  # ...when the server stops
    results = await asyncio.gather(*receives, return_exceptions=True)

    assert all(isinstance(result, asyncio.CancelledError) for result in results)
    assert not [r for r in caplog.records if r.name == "channels_redis.pubsub"], caplog.text
    await layer.flush()
