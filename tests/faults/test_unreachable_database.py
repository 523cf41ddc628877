"""Which database errors count as an outage (a "try again" for the person, a retry for the
bot driver) and which stay server errors: the line drawn "without hiding real bugs".
The errors are built as Django raises them: its own class, psycopg's as cause."""

from __future__ import annotations

import psycopg
import psycopg.errors
import pytest
from django.db import DataError, IntegrityError, InterfaceError, OperationalError

from leagues.errors import Busy, is_busy, is_unreachable, refused_when_busy


def wrapped(django_class, cause: BaseException | None) -> Exception:
    error = django_class(str(cause) if cause else "connection already closed")
    error.__cause__ = cause
    return error


OUTAGES = {
    "refused": wrapped(OperationalError, psycopg.OperationalError("connection failed")),
    "closed by the server": wrapped(
        OperationalError, psycopg.OperationalError("server closed the connection unexpectedly")
    ),
    "shutting down": wrapped(OperationalError, psycopg.errors.AdminShutdown("terminating")),
    "starting up": wrapped(OperationalError, psycopg.errors.CannotConnectNow("starting up")),
    "no connection slot": wrapped(OperationalError, psycopg.errors.TooManyConnections("full")),
    "connection failure": wrapped(OperationalError, psycopg.errors.ConnectionFailure("08006")),
    "already closed": wrapped(InterfaceError, None),
}

BUGS = {
    "statement timeout": wrapped(OperationalError, psycopg.errors.QueryCanceled("timeout")),
    "disk full": wrapped(OperationalError, psycopg.errors.DiskFull("no space")),
    "unique": wrapped(IntegrityError, psycopg.errors.UniqueViolation("duplicate key")),
    "bad data": wrapped(DataError, psycopg.errors.NumericValueOutOfRange("out of range")),
    "misused cursor": wrapped(InterfaceError, psycopg.InterfaceError("the cursor is closed")),
}


@pytest.mark.parametrize("error", OUTAGES.values(), ids=OUTAGES.keys())
def test_an_unreachable_server_is_an_outage_to_try_again(error):
    assert is_unreachable(error) and is_busy(error)


@pytest.mark.parametrize("error", BUGS.values(), ids=BUGS.keys())
def test_a_query_s_own_failure_stays_a_server_error(error):
    assert not is_unreachable(error) and not is_busy(error)


def test_a_form_saved_during_an_outage_says_the_database_may_be_restarting():
    with pytest.raises(Busy) as refused, refused_when_busy():
        raise OUTAGES["refused"]
    assert "did not answer in time (it is busy, or restarting)" in refused.value.messages[0]
