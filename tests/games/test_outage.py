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
