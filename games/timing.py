"""How long a live table waits, from Django settings or else the environment (seconds, or
hours where the name says so).

    MHING_BOT_DELAY          0.4  before each bot discard, so people can follow (0 in tests)
    MHING_NEXT_ROUND_PAUSE   20   a finished round's result stays up, unless every
                                  connected player asks for the next round sooner
    MHING_TURN_TIMEOUT       60   a connected player's discard before the bot plays it
    MHING_WAITING_TABLE_HOURS 2   a waiting table nobody is at closes after this long idle
    MHING_PLAYING_TABLE_HOURS 24  a playing table nobody is at closes after this long idle
    MHING_PRESENCE_HEARTBEAT 5    how often a server process renews its sockets' presence
    MHING_PRESENCE_TTL       20   a socket not renewed for this long is gone (its server
                                  died): the seat counts as disconnected (games.presence)

A setting wins over the variable, so tests override them with pytest-django's `settings`.
The claim window's timeout is the table's own (Table.claim_timeout).
"""

from __future__ import annotations

import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

DEFAULTS = {
    "MHING_BOT_DELAY": 0.4,
    "MHING_NEXT_ROUND_PAUSE": 20.0,
    "MHING_TURN_TIMEOUT": 60.0,
    "MHING_WAITING_TABLE_HOURS": 2.0,
    "MHING_PLAYING_TABLE_HOURS": 24.0,
    "MHING_PRESENCE_HEARTBEAT": 5.0,
    "MHING_PRESENCE_TTL": 20.0,
}


def seconds(name: str) -> float:
    value = getattr(settings, name, None)
    if value is None:
        value = os.environ.get(name, "").strip() or DEFAULTS[name]
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ImproperlyConfigured(f"{name}={value!r} is not a number of seconds.") from None
    if number < 0:
        raise ImproperlyConfigured(f"{name}={value!r}: seconds cannot be negative.")
    return number


def bot_delay() -> float:
    return seconds("MHING_BOT_DELAY")


def next_round_pause() -> float:
    return seconds("MHING_NEXT_ROUND_PAUSE")


def turn_timeout() -> float:
    return seconds("MHING_TURN_TIMEOUT")


def presence_heartbeat() -> float:
    # At least a tenth of a second: a zero would make the heartbeat spin.
    return max(0.1, seconds("MHING_PRESENCE_HEARTBEAT"))


def presence_ttl() -> float:
    # Several heartbeats, so a busy process is not taken for a dead one.
    return max(seconds("MHING_PRESENCE_TTL"), 3 * presence_heartbeat())
