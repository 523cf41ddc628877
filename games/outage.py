"""The database out of reach, as the live tables meet it: one idea per server process of
whether PostgreSQL is there, so that nobody waits on psycopg's pool to find out.

Why: a call that asks the pool for a connection while the server is down waits the pool's
whole timeout (10 s) before it fails. So a player's action would be answered `busy` only 10
to 20 s after it was sent, the presence heartbeat would stall until one process swept the
other's players as gone, and the bot drivers and deadlines, each sleeping its own back-off,
would come back seconds after the database did.

* A live database call (games.snapshots.db_call) not done within SUSPECT seconds, or one
  that failed as unreachable, has the database probed: a connection of the probe's own,
  not the pool's (whose queue may be what waits), refused at once by a stopped server.
* While the probe fails, the database is down: a new live call fails at once (as
  unreachable: the socket answers `busy`, a driver waits), and a call still waiting in the
  pool is given up. It finds out once it has its connection, before it reads or writes
  anything (`Ticket`), so a call given up never changes a table after its caller was told
  that nothing changed.
* Once a probe succeeds the database is up: whatever waits for it (`pause`, `until_up`:
  the bot drivers, the deadlines, the heartbeat, an action held a moment) goes on at once.
  The probe runs every PROBE seconds meanwhile.

The outage is remembered (`downtime`) so that the presence sweep does not count it against
the other processes' sockets (games.presence). SQLite's "busy" is a lock, not an outage:
nothing here is ever down on SQLite.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.db import DEFAULT_DB_ALIAS, OperationalError, connections

from leagues.errors import is_unreachable

log = logging.getLogger(__name__)

SUSPECT = 1.0  # seconds a live call may take before the database is probed
PROBE = 0.25  # seconds between two probes while the database is down
PROBE_TIMEOUT = 1  # seconds a probe's connection may take (a stopped server refuses at once)

_down = False
_up: asyncio.Event | None = None  # set while the database is up (this loop's)
_probing: asyncio.Task | None = None
# The last outage seen, as wall-clock seconds: (went down, came back or None).
_last: tuple[float, float | None] | None = None
_lock = threading.Lock()
# The probe's own thread: the loop's default executor may be full of calls waiting on the
# pool, which is exactly when the probe must run.
_prober = ThreadPoolExecutor(max_workers=1, thread_name_prefix="database-probe")


def is_down() -> bool:
    return _down


def unreachable(reason: str = "the database is out of reach") -> OperationalError:
    """The error a live call meets while the database is down: one that
    leagues.errors.is_unreachable (and so is_busy) recognises, as psycopg's own."""
    import psycopg

    error = OperationalError(reason)
    error.__cause__ = psycopg.OperationalError(reason)
    return error


def downtime(now: float, window: float) -> float:
    """Seconds the database was down, as this process saw it, in an outage that ended
    less than `window` seconds before `now` (wall clock), or is still going on."""
    with _lock:
        last = _last
    if last is None:
        return 0.0
    start, end = last
    if end is None:
        return max(0.0, now - start)
    return end - start if now - end < window else 0.0


def _up_event() -> asyncio.Event:
    global _up
    if _up is None:
        _up = asyncio.Event()
        if not _down:
            _up.set()
    return _up


async def until_up(timeout: float | None = None) -> bool:
    """Wait until the database is up (at most `timeout` seconds); whether it is."""
    if not _down:
        return True
    up = _up_event()
    try:
        async with asyncio.timeout(timeout):
            await up.wait()
    except TimeoutError:
        pass
    return not _down


async def pause(seconds: float) -> None:
    """Sleep `seconds`; while the database is down, until it is back instead (sooner or
    later): what waits for the database goes on the moment the probe sees it return."""
    if _down:
        await until_up()
    else:
        await asyncio.sleep(seconds)


def suspect() -> None:
    """Probe the database (once at a time), if it may be out of reach."""
    global _probing
    if not _pooled():
        return
    if _probing is None or _probing.done():
        _probing = asyncio.get_running_loop().create_task(_watch())


def failed(error: BaseException) -> None:
    """A live call failed: probe the database when the failure says it is out of reach."""
    if is_unreachable(error):
        suspect()


def _pooled() -> bool:
    return connections[DEFAULT_DB_ALIAS].vendor == "postgresql"


def _reachable() -> bool:
    """A connection of the probe's own to the database, with the settings the pool's
    connections use, and one query on it."""
    import psycopg

    pool = connections[DEFAULT_DB_ALIAS].pool
    kwargs: dict[str, Any] = dict(pool.kwargs) if pool is not None else {}
    if pool is None:
        kwargs.update(connections[DEFAULT_DB_ALIAS].get_connection_params())
        kwargs.pop("pool", None)
    kwargs["connect_timeout"] = PROBE_TIMEOUT
    try:
        with psycopg.Connection.connect(pool.conninfo if pool else "", **kwargs) as probe:
            probe.execute("SELECT 1")
        return True
    except psycopg.Error as error:
        # A server with no free connection slot is there: its calls wait for the pool.
        return error.sqlstate == "53300" or "too many clients" in str(error)
    except Exception:  # a fault of the probe itself must never hold every table: "up"
        log.exception("database probe failed")
        return True


async def _watch() -> None:
    loop = asyncio.get_running_loop()
    while True:
        if await loop.run_in_executor(_prober, _reachable):
            if _down:
                _mark(down=False)
            return
        if not _down:
            _mark(down=True)
        await asyncio.sleep(PROBE)


def _mark(down: bool) -> None:
    global _down, _last
    up = _up_event()
    now = time.time()
    with _lock:
        _down = down
        if down:
            _last = (now, None)
        elif _last is not None:
            _last = (_last[0], now)
    if down:
        up.clear()
        log.warning("database out of reach: live calls fail at once until it is back")
        for ticket, call in list(_slow.items()):
            _give_up(ticket, call)
    else:
        up.set()
        log.warning("database back after %.1f s: the tables go on", now - _last[0])


# -- calls given up -----------------------------------------------------------------------


class Ticket:
    """A live call's agreement with its caller: once the call has its connection it either
    begins (and is then waited for) or finds it was given up (and does nothing)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._state = "waiting"
        self.given_up = False  # by the outage (not by its caller's own cancellation)

    def begin(self) -> None:
        """In the call's thread, before its first query: raise if it was given up."""
        connections[DEFAULT_DB_ALIAS].ensure_connection()  # the wait for the pool
        with self._lock:
            if self._state == "abandoned":
                raise unreachable("given up while waiting for the database")
            self._state = "running"

    def abandon(self) -> bool:
        """On the loop: give the call up, unless it has begun (then it must be awaited)."""
        with self._lock:
            if self._state == "running":
                return False
            self._state = "abandoned"
            return True


# Calls not done within SUSPECT, by their ticket: given up if the database is found down.
_slow: dict[Ticket, asyncio.Future] = {}


def _noticed(ticket: Ticket, call: asyncio.Future) -> None:
    _slow[ticket] = call
    suspect()
    if _down:
        _give_up(ticket, call)


def _give_up(ticket: Ticket, call: asyncio.Future) -> None:
    if not call.done() and ticket.abandon():
        ticket.given_up = True
        call.cancel()  # its caller stops waiting; its thread finds out once connected


async def guarded(submit: Callable[[Ticket], asyncio.Future]) -> Any:
    """The call `submit(ticket)` starts in a worker thread (which begins with
    `ticket.begin()`), failing at once while the database is down and given up if it goes
    down while the call waits for its connection. A timer, not a task: the wait costs the
    many calls that are quick next to nothing."""
    if _down:
        raise unreachable()
    ticket = Ticket()
    call = submit(ticket)
    timer = asyncio.get_running_loop().call_later(SUSPECT, _noticed, ticket, call)
    try:
        return await call
    except asyncio.CancelledError:
        ticket.abandon()  # nobody waits for it any more: it must not begin
        task = asyncio.current_task()
        if ticket.given_up and (task is None or task.cancelling() == 0):
            # Given up here, not cancelled from outside. (Not `from None`: that would
            # replace the cause that makes it an outage, is_unreachable.)
            raise unreachable()  # noqa: B904
        raise
    except Exception as error:
        failed(error)
        raise
    finally:
        timer.cancel()
        _slow.pop(ticket, None)


async def stop() -> None:
    """Forget the outage and stop probing (the end of a test, or of a server's life)."""
    global _down, _up, _probing, _last
    task, _probing = _probing, None
    if task is not None:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    with _lock:
        _down, _last = False, None
    if _up is not None:
        _up.set()  # nothing waits for a database this process no longer watches
    _up = None
    _slow.clear()
