"""games/outage.py's two promises that the outage test (tests/faults/test_live_outage.py)
cannot single out: a call given up while it waited for the database does nothing once it
gets its connection, and the presence sweep does not count a recent outage."""

from __future__ import annotations

import pytest
from django.db import OperationalError

from games import outage
from leagues.errors import is_unreachable

pytestmark = pytest.mark.django_db


def test_a_call_given_up_before_it_began_raises_as_unreachable_and_a_running_one_is_kept():
    given_up = outage.Ticket()
    assert given_up.abandon()
    with pytest.raises(OperationalError) as raised:
        given_up.begin()  # its connection came: it must not go on
    assert is_unreachable(raised.value)  # answered `busy`, waited out by a driver

    running = outage.Ticket()
    running.begin()
    assert not running.abandon()  # begun: its caller waits for its end


def test_an_outage_that_ended_within_the_ttl_is_not_counted_against_sockets(monkeypatch):
    monkeypatch.setattr(outage, "_last", (1000.0, 1010.0))  # down 10 s
    assert outage.downtime(1012.0, window=4) == 10.0  # 2 s after the return
    assert outage.downtime(1015.0, window=4) == 0.0  # a TTL after it: counted again
    monkeypatch.setattr(outage, "_last", (1000.0, None))
    assert outage.downtime(1003.0, window=4) == 3.0  # still down


async def test_a_call_given_up_when_the_database_goes_down_fails_as_unreachable(monkeypatch):
    """The caller of a call still waiting for its connection is told at once, with an error
    the callers take for an outage (answered `busy`, waited out), not a server error."""
    import asyncio

    monkeypatch.setattr(outage, "SUSPECT", 0.01)
    monkeypatch.setattr(outage, "_pooled", lambda: False)  # no probe: the test says "down"
    waiting = asyncio.get_running_loop().create_future()  # a call that never gets its turn

    async def goes_down() -> None:
        await asyncio.sleep(0.05)
        outage._mark(down=True)

    marking = asyncio.ensure_future(goes_down())
    try:
        with pytest.raises(OperationalError) as raised:
            await asyncio.wait_for(outage.guarded(lambda ticket: waiting), 5)
        assert is_unreachable(raised.value)
        assert waiting.cancelled()
    finally:
        await marking
        await outage.stop()
