"""What an operator sees (docs/operations.md): the log on stderr, error mail to ADMINS, and
an error tracker when SENTRY_DSN is set. Read by settings.py from the environment.

Django's own logging sends nothing anywhere with DEBUG off but mail to ADMINS, which were
never set: a 500 was logged nowhere. Here every process (gunicorn, daphne, a command) writes
its log to stderr, where the service manager keeps it.
"""

from __future__ import annotations

import asyncio
import logging
import re
from email.utils import getaddresses

from django.core.exceptions import ImproperlyConfigured
from django.views.debug import SafeExceptionReporterFilter
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


def admins(value: str | None) -> list[tuple[str, str]]:
    """ADMINS from `Ann Smith <ann@example.org>, ops@example.org`; unset: nobody."""
    if not value:
        return []
    people = getaddresses([value])
    if any("@" not in address for _name, address in people):
        raise ImproperlyConfigured(
            f"ADMINS={value!r}: give addresses separated by commas, "
            "e.g. 'Ann Smith <ann@example.org>, ops@example.org'."
        )
    return [(name or address, address) for name, address in people]


def level(value: str | None) -> str:
    chosen = (value or "INFO").strip().upper()
    if chosen not in LEVELS:
        raise ImproperlyConfigured(f"LOG_LEVEL={value!r}: give one of {', '.join(LEVELS)}.")
    return chosen


class WithTraceback(logging.Filter):
    """Only records that carry an exception: a 500's, not every answered 5xx (each 503 of a
    database outage, each probe of /health/ meanwhile, would be a mail)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.exc_info is not None


class LostRedisConnection(logging.Filter):
    """channels_redis's pub/sub layer logs a traceback every second per process while its
    Redis is away ("Unexpected exception in receive task"). The site says once that the
    layer fails and once that it is back (games/catch_up.py); the traceback of a lost
    connection says nothing more. Other exceptions of the layer still pass."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, RedisConnectionError | RedisTimeoutError | OSError)


class CancelledChannelCleanup(logging.Filter):
    """channels_redis's pub/sub layer logs "Unexpected exception while cleaning-up channel"
    with a traceback when the unsubscribe of a stopping consumer is itself cancelled: daphne
    cancels every application when it stops (and one still closing 10 s after its socket
    went), so a server stopped while sockets close wrote one traceback a socket. Nothing is
    lost: the channel's queue is already gone and the process is stopping (docs/upstream.md,
    "cleaning-up channel"). Other exceptions of the cleanup still pass."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, asyncio.CancelledError)


class ReportFilter(SafeExceptionReporterFilter):
    """The settings in an error mail without the addresses that may hold a password
    (`redis://:password@host`): Django's filter hides only settings named like KEY, SECRET,
    PASS or TOKEN, and REDIS_URL reaches the report twice, as `_REDIS_URL` and in
    CHANNEL_LAYERS' `hosts`."""

    hidden_settings = re.compile(
        SafeExceptionReporterFilter.hidden_settings.pattern + "|_URL|^HOSTS$", flags=re.I
    )


def logging_config(log_level: str) -> dict:
    return {
        "version": 1,
        # gunicorn's and daphne's own loggers exist before Django starts: kept as they are.
        "disable_existing_loggers": False,
        "formatters": {
            "line": {"format": "%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s"},
        },
        "filters": {
            "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
            "with_traceback": {"()": "mhing_site.logs.WithTraceback"},
            "lost_redis_connection": {"()": "mhing_site.logs.LostRedisConnection"},
            "cancelled_channel_cleanup": {"()": "mhing_site.logs.CancelledChannelCleanup"},
        },
        "handlers": {
            # stderr (StreamHandler's default): gunicorn's and daphne's output, the journal.
            "stderr": {"class": "logging.StreamHandler", "formatter": "line"},
            "mail_admins": {
                "class": "django.utils.log.AdminEmailHandler",
                "level": "ERROR",
                "filters": ["require_debug_false", "with_traceback"],
            },
        },
        "root": {"handlers": ["stderr"], "level": log_level},
        "loggers": {
            # Named, so Django's defaults (a console handler only under DEBUG, mail for every
            # 5xx) are replaced; its records go on to the root's stderr.
            "django": {"handlers": ["mail_admins"], "level": log_level, "propagate": True},
            "channels_redis.pubsub": {
                "filters": ["lost_redis_connection", "cancelled_channel_cleanup"]
            },
            # A failing check is in the answer the load balancer reads, every few seconds;
            # a traceback beside each would bury the log. Its unexpected errors still show.
            "health_check": {"level": "ERROR"},
            # Wrong passwords and lockouts are warnings; its INFO lines are each sign-in's
            # name and address (personal data) and a line at every command's start.
            "axes": {"level": "WARNING"},
        },
    }


def start_error_tracker(dsn: str | None) -> None:
    """Sentry (or a service that speaks its protocol) when SENTRY_DSN is set: each 500 and
    each error logged, with its traceback. The SDK reads SENTRY_ENVIRONMENT and
    SENTRY_RELEASE itself. Imported only then: without a DSN nothing of it runs."""
    if not dsn:
        return
    import sentry_sdk

    # No personal data (addresses, user names, cookies) leaves the site; no performance
    # tracing (traces_sample_rate unset).
    sentry_sdk.init(dsn=dsn, send_default_pii=False)
