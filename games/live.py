"""What keeps a table moving between people's frames, in each server process: the bot driver,
the deadline timers, and the "table changed" message to the table's group.

Nothing here holds the game: every step loads the table, changes it under its row lock
(games.table_play) and tells the group the new version. So when two processes drive the
same table (a player on each), both may try a move; the lock and the version let one do it
and the other find nothing left to do.

    await changed(slug, version)   tell every socket of the table (any process)
    kick(slug)                     play bots and disconnected seats until a person must act
    wake_at(slug, deadline)        run the table's deadline (claim window, idle turn, next
                                   round) when it comes
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from datetime import datetime

from games import catch_up, outage, table_rows
from games.catch_up import group_name  # noqa: F401  (the consumers name groups by it)
from games.loads import Loaded, forget_all, keep, kept, seats_after_move
from games.models import Table
from games.snapshots import db_call, loaded, running
from games.table_play import TURN
from games.timing import bot_delay
from leagues.errors import is_busy

log = logging.getLogger(__name__)

_drivers: dict[str, asyncio.Task] = {}
_again: set[str] = set()
_timers: dict[str, tuple[float, asyncio.Task]] = {}


async def changed(slug: str, version: int | None, load: Loaded | None = None) -> None:
    """Tell the table's sockets there is a new version; with `load`, the table at that
    version as this process has it, so that the other processes need not read it
    (games.snapshots.adopt). Each socket renders its own seat's view from the table."""
    if version is None:
        return
    message: dict = {"type": "table.changed", "version": version}
    if load is not None and load.version == version:
        message["load"] = load.carried()
    await catch_up.send(slug, message)  # a layer that fails loses no news (its module)


# -- the bot driver ---------------------------------------------------------------------------


UNKNOWN = "unknown"


def kick(slug: str, pending: str | None = UNKNOWN) -> None:
    """Make sure this process plays the table's bot moves that are due. Called after every
    change made here, with the bot's next move when the caller knows it (None: nothing to
    play, so no driver is started); a driver already running looks again before it stops."""
    task = _drivers.get(slug)
    if task is not None and not task.done():
        _again.add(slug)
        return
    if pending is None:
        return
    _drivers[slug] = asyncio.get_running_loop().create_task(_drive(slug, pending))


def _table(slug: str) -> Table:
    return table_rows.read(model=Table, slug=slug)


@db_call
def _pending(slug: str) -> str | None:
    return _table(slug).pending_bot()


@db_call
def _step(slug: str) -> tuple[int | None, str | None]:
    table = _table(slug)
    version, kind = table.bot_step()
    if version is not None:
        # The table's sockets here need not load it again.
        keep(loaded(table, seats_after_move(table)))
    return version, kind


# A driver that finds the database busy or out of reach (PostgreSQL restarting) tries
# again after these waits, the last one repeated until the database answers: the table goes
# on within seconds of its return, with nobody having to move first (docs/faults.md).
RETRY_FIRST, RETRY_MOST = 0.5, 4.0


def retry_waits() -> Iterator[float]:
    wait = RETRY_FIRST
    while True:
        yield wait
        wait = min(wait * 2, RETRY_MOST)


async def _wait_out(error: Exception, waits: Iterator[float], slug: str, who: str) -> None:
    """Raise `error` unless the database is busy or out of reach; then wait the next of
    `waits` before `who` (the bot driver, a deadline) tries again, or, while the database
    is down, until it is back: the table moves again the moment it returns (a driver
    asleep in its back-off would come back seconds after the database)."""
    if not is_busy(error):
        raise error
    wait = next(waits)
    if outage.is_down():
        log.warning("table %s: %s: database out of reach, again once it is back", slug, who)
    else:
        log.warning("table %s: %s: database unavailable, again in %s s: %s", slug, who, wait, error)
    await outage.pause(wait)


async def _drive(slug: str, kind: str | None) -> None:
    waits = retry_waits()
    try:
        while True:
            try:
                await _play(slug, kind)
                return
            except Exception as error:
                await _wait_out(error, waits, slug, "bot driver")
                kind = UNKNOWN  # what is due is read again: the database may have moved on
    except Table.DoesNotExist:
        return
    except Exception:  # a driver must never take the server down; the next change retries
        log.exception("table %s: bot driver failed", slug)
    finally:
        if _drivers.get(slug) is asyncio.current_task():
            del _drivers[slug]


async def _play(slug: str, kind: str | None) -> None:
    """Play the bot moves due at the table until a person must act."""
    while True:
        _again.discard(slug)
        if kind == UNKNOWN:
            kind = await _pending(slug)
        while kind:
            delay = bot_delay()
            if kind == TURN and delay:
                await asyncio.sleep(delay)
            version, kind = await _step(slug)
            await changed(slug, version, kept(slug, version))
        if slug not in _again:
            return
        kind = UNKNOWN


# -- deadlines ----------------------------------------------------------------------------


def wake_at(slug: str, deadline: float | None) -> None:
    """Run the table's deadline (epoch seconds) when it comes; one timer per table in this
    process, moved when the deadline moves. Every process with a socket on the table sets
    one, and `run_due` lets only the first of them act."""
    current = _timers.get(slug)
    if current is not None:
        if current[0] == deadline and not current[1].done():
            return
        current[1].cancel()
        del _timers[slug]
    if deadline is None:
        return
    task = asyncio.get_running_loop().create_task(_wake(slug, deadline))
    _timers[slug] = (deadline, task)


@db_call
def _run_due(slug: str) -> int | None:
    return _table(slug).run_due()


async def _wake(slug: str, deadline: float) -> None:
    try:
        # A few milliseconds late rather than early: `run_due` compares with the database's
        # idea of the deadline, and an early call would find nothing due.
        await asyncio.sleep(max(0.0, deadline - time.time()) + 0.005)
        waits = retry_waits()
        while True:  # as the bot driver: a deadline missed in an outage runs at its end
            try:
                version = await _run_due(slug)
                break
            except Exception as error:
                await _wait_out(error, waits, slug, "deadline")
        await changed(slug, version)
        if version is not None:
            kick(slug)
    except asyncio.CancelledError:
        raise
    except Table.DoesNotExist:
        return
    except Exception:
        log.exception("table %s: deadline failed", slug)
    finally:
        current = _timers.get(slug)
        if current is not None and current[1] is asyncio.current_task():
            del _timers[slug]


def epoch(moment: datetime | None) -> float | None:
    return moment.timestamp() if moment else None


# -- for tests and shutdown ---------------------------------------------------------------


async def settle(timeout: float = 10.0) -> None:
    """Wait until no bot driver is running in this process (tests: the bots have moved)."""
    end = time.monotonic() + timeout
    while any(not t.done() for t in _drivers.values()):
        if time.monotonic() > end:
            raise TimeoutError("bot drivers still running")
        await asyncio.sleep(0.01)


async def stop_all() -> None:
    """Cancel every driver and timer of this process (the end of a test, or of a server's
    life; games.presence.stop_all stops its heartbeat first, then calls this)."""
    await catch_up.stop()
    await outage.stop()
    tasks = [t for t in _drivers.values()] + [t for _, t in _timers.values()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    _drivers.clear()
    _timers.clear()
    _again.clear()
    # A cancelled task may have left its database call running in its thread.
    while running():
        await asyncio.sleep(0.005)
    forget_all()
