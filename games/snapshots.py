"""The frames a socket sends, from one load of the table per version in each server process
(the loads a process keeps are games.loads': here they are made and adopted).

Every change reaches every socket of the table; each needs the same public facts and state
and renders only its own seat's view. So the sockets of one process share the latest load
of a table: a socket told "version V" uses it when it is at V or newer, and loads the table
otherwise. A load is only ever of committed data and a version is never reused, so a shared
load is never wrong, at worst older than the newest (the newer version's message follows).

`db_call` runs ORM code off the event loop: on SQLite, all of it on one thread (one writer
at a time is all SQLite allows); on PostgreSQL, on a pool of threads, so one table's commit
does not hold up the reads of all the others.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable
from datetime import datetime
from functools import partial, wraps
from typing import Any

from asgiref.sync import sync_to_async
from django.db import connections, models

from games import loads, outage, registry, table_rows
from games.loads import LEAGUE, Loaded, keep, kept, row_fields, seats_kept_between, seats_now
from games.models import Table, TableSeat
from games.table_play import table_summary

_running = 0  # database calls under way, so a test can wait for them to end
_running_lock = threading.Lock()


def db_call(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` run off the event loop, as an awaitable (see the module's docstring)."""
    sqlite = connections["default"].vendor == "sqlite"

    @wraps(fn)
    def counted(ticket: outage.Ticket | None, *args: Any, **kwargs: Any) -> Any:
        global _running
        with _running_lock:
            _running += 1
        try:
            if ticket is not None:
                ticket.begin()  # given up while it waited for the pool: nothing done
            return fn(*args, **kwargs)
        except Exception:
            if sqlite:
                connections.close_all()  # start the next call afresh
            raise
        finally:
            if not sqlite:
                # Back to the pool, from this worker thread, now (Channels would do it in
                # database_sync_to_async, but its test communicator turns that off).
                connections.close_all()
            with _running_lock:
                _running -= 1

    # On SQLite one thread keeps one connection open: opening it costs more than most of
    # the queries made on it. (Channels' database_sync_to_async would close it after every
    # call, as CONN_MAX_AGE is 0 for the pool PostgreSQL uses.)
    if sqlite:  # a lock to wait for, never an outage (games.outage)
        threaded = sync_to_async(counted, thread_sensitive=True)

        @wraps(fn)
        async def call(*args: Any, **kwargs: Any) -> Any:
            return await threaded(None, *args, **kwargs)

    else:

        @wraps(fn)
        async def call(*args: Any, **kwargs: Any) -> Any:
            # In the loop's executor, as sync_to_async(thread_sensitive=False) runs it, as a
            # future the caller can stop waiting for: asgiref's wrapper waits for the thread
            # even when cancelled. Failing at once while PostgreSQL is down, given up if it
            # goes down meanwhile, rather than waiting out the pool's timeout.
            def submit(ticket: outage.Ticket) -> asyncio.Future:
                run = partial(contextvars.copy_context().run, counted, ticket, *args, **kwargs)
                return asyncio.get_running_loop().run_in_executor(None, run)

            return await outage.guarded(submit)

    return call


def running() -> int:
    return _running


def loaded(table: Table, seats: list[TableSeat] | None = None) -> Loaded:
    """The load of a table instance as read from the database or as just saved (either way
    the row as stored at its version: `row`)."""
    seats = table.seat_list() if seats is None else seats
    written = getattr(table, "_written", None)
    return Loaded(
        slug=table.slug,
        version=table.version,
        summary=table_summary(table, seats),
        state=table.round(),
        recent_events=table.recent_events,
        deadline=table.deadline_epoch(),
        seats=seats,
        round_state=table.round_state,
        row=_row_of(table),
        written=written if written is not None and written["version"] == table.version else None,
    )


# What this process keeps of each table (the load, its row, its seats) is games.loads'; the
# row as stored at a version is made here from an instance (`loaded`) or from the row of the
# version before and what the other process's change wrote (`adopt`).

ROW_FIELDS = row_fields(Table)
_DATETIMES = frozenset(
    field.attname
    for field in Table._meta.concrete_fields
    if isinstance(field, models.DateTimeField)
)


def _row_of(table: Table) -> dict[str, Any] | None:
    values = table.__dict__
    if any(name not in values for name in ROW_FIELDS):  # some field was never read
        return None
    row = {name: values[name] for name in ROW_FIELDS}
    if Table.league.is_cached(table):
        row[LEAGUE] = table.league
    return row


def _unplain(written: dict[str, Any]) -> dict[str, Any]:
    return {
        name: datetime.fromisoformat(value) if name in _DATETIMES and value is not None else value
        for name, value in written.items()
    }


def load(slug: str, at_least: int | None = None) -> Loaded:
    """The table at version `at_least` or newer; None: as it is in the database now."""
    cached = kept(slug, at_least)
    if cached is not None:
        return cached
    table = table_rows.read(model=Table, slug=slug)
    return keep(loaded(table, seats_now(table)))


def state_of(game: str, stored: dict[str, Any] | None) -> Any:
    """The round as its game's engine reads it, from the dict another process carried."""
    return registry.live_game(game).state_from_dict(stored) if stored else None


def adopt(slug: str, version: int, carried: dict[str, Any]) -> None:
    """Keep the table at `version` from what the process that changed it sent along with
    its "version" message (`Loaded.carried`), instead of every process reading the row
    again (at 150 tables that read was most of a receiving process's database work,
    docs/benchmarks.md). Only when this process keeps an older load whose seats are still
    the table's (the seats do not travel): otherwise the sockets read the table as before.
    The round crosses the channel layer between server processes, as it crosses the
    database's connection; what a socket sends is still only its own seat's view."""
    cached = kept(slug, 0)  # any version
    if cached is None or cached.version >= version:
        return
    recent = carried["recent_events"]
    if not seats_kept_between(cached.version, version, recent):
        return
    stored = carried["round_state"]
    row = None
    written = carried.get("written")
    if (
        cached.row is not None
        and written is not None
        and written.get("version") == version == cached.version + 1
    ):
        # The row of the version before, with what the change wrote: the row as stored.
        row = {**cached.row, **_unplain(written), "round_state": stored, "recent_events": recent}
    keep(
        Loaded(
            slug=slug,
            version=version,
            summary=carried["summary"],
            state=state_of(carried["summary"]["game"], stored),
            recent_events=recent,
            deadline=carried["deadline"],
            seats=cached.seats,
            round_state=stored,
            row=row,
        )
    )


def kept_row(slug: str) -> Table | None:
    """The table as this process keeps its latest version (games.loads.kept_row)."""
    return loads.kept_row(slug, Table)
