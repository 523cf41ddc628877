"""The bots of a live table keep playing through a database outage: in the
probe, PostgreSQL's restart stopped the bot driver of every table ("bot driver failed") and
the tables stood still about 60 s, until a person moved. A driver that finds the database
unreachable tries again (0.5 s, doubling to 4 s) and the table goes on by itself within
seconds of the database's return.

The database "fails" as psycopg does when the server is down: each read of the table
raises Django's OperationalError caused by psycopg's, the first N times.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time

import psycopg
import pytest
from channels.db import database_sync_to_async
from django.db import OperationalError

from games import live, presence, table_rows
from games.models import Table
from games.play.bots import choose_action
from games.play.views import view_for
from tests.games.conftest import started_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fast_bots(settings):
    settings.MHING_BOT_DELAY = 0
    settings.MHING_TURN_TIMEOUT = 600


@pytest.fixture(autouse=True)
async def _stop_live_tasks():
    yield
    await presence.stop_all()


def unreachable() -> OperationalError:
    error = OperationalError("connection failed: Connection refused")
    error.__cause__ = psycopg.OperationalError("connection failed: Connection refused")
    return error


def failing_reads(monkeypatch, times: int) -> list[float]:
    """The next `times` reads of a table raise as an unreachable server does; the moments
    they failed."""
    real = table_rows.read
    failed: list[float] = []

    def read(**kwargs):
        if len(failed) < times:
            failed.append(time.monotonic())
            raise unreachable()
        return real(**kwargs)

    monkeypatch.setattr(table_rows, "read", read)
    return failed


@database_sync_to_async
def a_table_waiting_for_its_bots(user) -> Table:
    """A person at seat 0, connected, and three bots, the person's move made if it was
    theirs: the bots are due (nobody plays while everyone is away)."""
    table = started_table(user)
    table.arrive("test-channel", user, presence.SERVER)
    if table.pending_bot() is None:
        view = view_for(table.round(), 0)
        table.act(0, choose_action(view, 0, random.Random(1)).to_dict())
    table = Table.objects.get(pk=table.pk)
    assert table.pending_bot() is not None
    return table


@database_sync_to_async
def version_of(table: Table) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table.pk)


async def test_a_bot_driver_that_finds_the_database_down_plays_on_once_it_is_back(
    django_user_model, monkeypatch, caplog
):
    user = await database_sync_to_async(django_user_model.objects.create_user)("alice")
    table = await a_table_waiting_for_its_bots(user)
    before = await version_of(table)
    failed = failing_reads(monkeypatch, 3)  # 0.5 + 1 + 2 s of waiting

    caplog.set_level(logging.WARNING, logger="games.live")
    started = time.monotonic()
    live.kick(table.slug)
    while await version_of(table) == before:
        assert time.monotonic() - started < 10, "the bots never moved"
        await asyncio.sleep(0.05)
    resumed = time.monotonic() - started

    assert len(failed) == 3
    # Back within a second of the third failure's wait (2 s): not the 60 s of the probe.
    assert resumed < 0.5 + 1 + 2 + 1, resumed
    assert "bot driver failed" not in caplog.text
    assert caplog.text.count("database unavailable") == 3
    await live.settle()


async def test_a_bot_driver_stops_on_a_real_error_and_says_so(
    django_user_model, monkeypatch, caplog
):
    """Only an outage is waited out: a bug in a move is logged once, not retried forever."""
    user = await database_sync_to_async(django_user_model.objects.create_user)("bob")
    table = await a_table_waiting_for_its_bots(user)

    def broken(**kwargs):
        raise OperationalError("statement timeout")  # PostgreSQL answered: not an outage

    monkeypatch.setattr(table_rows, "read", broken)
    caplog.set_level(logging.WARNING, logger="games.live")
    live.kick(table.slug)
    await live.settle(timeout=3)
    assert "bot driver failed" in caplog.text
    assert "database unavailable" not in caplog.text
