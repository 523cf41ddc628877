"""A move's news that waits its turn in the channel layer (a busy machine: the pub/sub
layer publishes one message after another under one lock a process) still reaches the other
processes: the wait gives up on it for this process's own sockets after LAYER_WAIT, but the
send goes on. Cancelling it lost 231 actions' news in 20 s at 150 tables (docs/benchmarks.md,
"Stock parts, side by side")."""

from __future__ import annotations

import asyncio

from channels.layers import InMemoryChannelLayer

from games import catch_up


class WaitingLayer(InMemoryChannelLayer):
    """A layer whose group sends wait `delay` seconds for their turn."""

    def __init__(self, delay: float) -> None:
        super().__init__()
        self.delay = delay

    async def group_send(self, group, message):
        await asyncio.sleep(self.delay)
        await super().group_send(group, message)


async def test_a_news_that_waits_past_the_layers_wait_still_reaches_the_other_process(
    monkeypatch,
):
    layer = WaitingLayer(delay=0.3)
    monkeypatch.setattr(catch_up, "LAYER_WAIT", 0.1)
    monkeypatch.setattr(catch_up, "_layer", lambda: layer)
    monkeypatch.setattr(catch_up, "trouble", lambda: None)  # no mending: the send alone
    other_process = await layer.new_channel()
    await layer.group_add(catch_up.group_name("slow"), other_process)

    await catch_up.send("slow", {"type": "table.changed", "version": 5})
    news = await asyncio.wait_for(layer.receive(other_process), 2)

    assert news["version"] == 5
