"""The in-memory channel layer the site uses without Redis: the stock layer, sweeping
expired entries at most once a second (mhing_site/layers.py)."""

from __future__ import annotations

import time

from mhing_site import layers
from mhing_site.layers import SweepingInMemoryChannelLayer


async def test_a_group_message_reaches_every_member():
    layer = SweepingInMemoryChannelLayer()
    first, second = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("table-abc", first)
    await layer.group_add("table-abc", second)
    await layer.group_send("table-abc", {"type": "table.changed", "version": 7})
    assert await layer.receive(first) == {"type": "table.changed", "version": 7}
    assert await layer.receive(second) == {"type": "table.changed", "version": 7}


async def test_expired_memberships_are_swept_at_most_once_a_second(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(layers.time, "monotonic", lambda: clock[0])
    layer = SweepingInMemoryChannelLayer(group_expiry=10)
    stale = time.time() - 60
    layer.groups["table-abc"] = {"gone.1": stale}
    await layer.group_send("table-abc", {"type": "table.changed", "version": 1})
    assert layer.groups["table-abc"] == {}  # the first send sweeps

    layer.groups["table-abc"]["gone.2"] = stale
    clock[0] += 0.5
    await layer.group_send("table-abc", {"type": "table.changed", "version": 2})
    assert "gone.2" in layer.groups["table-abc"]  # half a second later: no sweep yet

    clock[0] += 0.6
    await layer.group_send("table-abc", {"type": "table.changed", "version": 3})
    assert layer.groups["table-abc"] == {}
