"""While the channel layer takes joins but delivers nothing (channels_redis's pub/sub layer
with Redis away: a join of a group it listens to already needs no Redis), the tables' sockets
go on catching up from the database; only once a message comes back does that stop."""

from __future__ import annotations

import asyncio
import weakref

from channels.layers import InMemoryChannelLayer

from games import catch_up


class DeafLayer(InMemoryChannelLayer):
    """Joins work; group messages are dropped until `deaf` is False."""

    deaf = True

    async def group_send(self, group, message):
        if not self.deaf:
            await super().group_send(group, message)


class Socket:
    def __init__(self, channel: str) -> None:
        self.slug, self.group, self.channel_name, self.sent = "deaf", "table-deaf", channel, 0


async def test_the_mending_goes_on_until_the_layer_delivers_again(monkeypatch):
    layer = DeafLayer()
    caught_up = []

    async def catching_up() -> None:
        caught_up.append(1)

    monkeypatch.setattr(catch_up, "_layer", lambda: layer)
    monkeypatch.setattr(catch_up, "catch_up", catching_up)
    monkeypatch.setattr(catch_up, "POLL", 0.02)
    monkeypatch.setattr(catch_up, "PROBE_WAIT", 0.05)
    socket = Socket(await layer.new_channel())
    monkeypatch.setitem(catch_up._sockets, "deaf", weakref.WeakSet([socket]))
    try:
        catch_up.trouble()
        await asyncio.sleep(0.5)
        assert not catch_up._mending.done()  # joins work, yet nothing came back
        assert len(caught_up) > 3  # the sockets read the database meanwhile

        layer.deaf = False
        await asyncio.wait_for(asyncio.shield(catch_up._mending), 2)
    finally:
        await catch_up.stop()
