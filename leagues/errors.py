"""Why the league refuses a change. Each is a ValidationError, so forms show the message next
to the fields and nothing is saved."""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.exceptions import ValidationError
from django.db import InterfaceError, OperationalError
from django.http import Http404
from django.utils.translation import gettext as _

# PostgreSQL's answers when it settles two transactions' clash by failing one of them:
# serialization failure, deadlock, lock not available (only with a lock_timeout set).
_PG_BUSY = frozenset({"40001", "40P01", "55P03"})
_SQLITE_BUSY = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
# PostgreSQL's answers when it cannot serve anyone for now: shutting down (fast or immediate),
# crashed, still starting up, out of connection slots. With class 08 (the connection failed)
# and psycopg's own errors that carry no state (refused, or the server closed the connection),
# they mean the server is down or restarting, not that this request is wrong.
_PG_DOWN = frozenset({"57P01", "57P02", "57P03", "53300"})


class StaleEdit(ValidationError):
    """Someone else changed the round (or the match) since this form was loaded."""


class Busy(StaleEdit):
    """Another save held the database for longer than a request waits (SQLite's write lock
    past its timeout) or clashed with this one (PostgreSQL's deadlock): nothing was saved,
    and the same save sent again will most likely go through."""


class MatchFinished(ValidationError):
    """The match has ended: no round can be added."""


class SeasonArchived(ValidationError):
    """The match belongs to an archived season: nothing in it may change (docs/seasons.md)."""


class MatchGone(Http404):
    """The match was deleted (by another organiser) while this save waited for it: the same
    404 its address now gives anyone, with what happened as its message, never a server
    error (tests/faults/test_concurrent_club_season.py)."""


def match_gone() -> MatchGone:
    return MatchGone(_("This match was deleted meanwhile by an organiser: nothing was saved."))


def round_gone(number: int) -> StaleEdit:
    """The round a page showed was deleted (or undone) by someone else since."""
    return StaleEdit(
        _("Someone else deleted round %(number)s meanwhile. Nothing was saved.")
        % {"number": number},
        code="gone",
    )


def is_busy(error: BaseException) -> bool:
    """Did the database refuse because of another transaction, not because of this one?
    Or was every connection of PostgreSQL's pool in use for longer than a request waits,
    or the server out of reach (stopped, restarting)? Either way the same request sent again
    later will most likely go through; a mistake of the query itself (ProgrammingError,
    IntegrityError, DataError, or an OperationalError PostgreSQL answered with its own
    state, like a statement timeout) is not busy, and stays a server error."""
    if is_unreachable(error):
        return True
    if not isinstance(error, OperationalError):
        return False
    cause = error.__cause__
    # Only PostgreSQL's backend loads psycopg's pool; not importing it here spares every
    # process on SQLite (a `score_hand` run, say) a noticeable part of its start.
    pool = sys.modules.get("psycopg_pool")
    if pool is not None and isinstance(cause, pool.PoolTimeout):
        return True
    code = getattr(cause, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _SQLITE_BUSY  # the primary code: SQLITE_BUSY_SNAPSHOT is BUSY
    if getattr(cause, "sqlstate", None) in _PG_BUSY:
        return True
    return "database is locked" in str(error)


def is_unreachable(error: BaseException) -> bool:
    """The PostgreSQL server could not be reached, or dropped the connection (stopped,
    restarting, crashed): docs/faults.md, "PostgreSQL and Redis outages". psycopg's
    PoolTimeout is one of these too (an OperationalError without a state): a pool that
    stays empty because the server is down, or full because it is busy, look alike."""
    if not isinstance(error, (OperationalError, InterfaceError)):
        return False
    psycopg = sys.modules.get("psycopg")  # only loaded by PostgreSQL's backend
    if psycopg is None:
        return False
    cause = error.__cause__
    if isinstance(cause, psycopg.OperationalError):
        state = cause.sqlstate
        return state is None or state.startswith("08") or state in _PG_DOWN
    # Django's own "connection already closed", raised when a connection broke before.
    return isinstance(error, InterfaceError) and cause is None and "closed" in str(error)


def busy_message() -> str:
    return _(
        "Someone else was saving at the same moment, and the database was busy for too long. "
        "Nothing was saved: try again."
    )


def unreachable_message() -> str:
    return _(
        "The database did not answer in time (it is busy, or restarting). "
        "Nothing was saved: try again."
    )


def busy_or_unreachable_message(error: BaseException) -> str:
    """What to tell the person whose request met `error` (one `is_busy` lets through)."""
    return unreachable_message() if is_unreachable(error) else busy_message()


@contextmanager
def refused_when_busy() -> Iterator[None]:
    """Turn the database's "busy" into `Busy`, which the pages show like a stale edit, with
    the user's entry kept. Put it around the outermost transaction: that is where SQLite
    waits for the write lock (BEGIN IMMEDIATE) and where PostgreSQL reports a deadlock."""
    try:
        yield
    except (OperationalError, InterfaceError) as error:
        if not is_busy(error):
            raise
        raise Busy(busy_or_unreachable_message(error), code="busy") from error
