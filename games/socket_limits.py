"""How much one websocket of a live table may ask, and how many may be open
(docs/live_protocol.md#limits; the numbers are settings: docs/configuration.md).

* Frames per socket, a token bucket: MHING_WS_FRAMES_PER_SECOND sustained, bursts of
  MHING_WS_FRAME_BURST. A frame over it is refused with the error `too_fast`, read only for its id.
* `sync` frames, a tighter bucket of their own (each answers with a whole snapshot, the
  dearest frame, which one socket could ask for thousands of times a second):
  MHING_WS_SYNCS_PER_MINUTE, bursts
  of MHING_WS_SYNC_BURST.
* Refusals, a bucket too: MHING_WS_REFUSAL_BURST refusals, one more each second. A socket that
  keeps flooding past it is closed with CLOSE_FLOODING: answering every refused frame would be
  the flood's work all over again.
* Sockets of one account at one table, counted in the database (TablePresence: every process
  sees them): MHING_WS_SOCKETS_PER_ACCOUNT; the next is closed with CLOSE_TOO_MANY_SOCKETS.
* Anonymous watchers of one table in one server process: MHING_WS_WATCHERS_PER_TABLE; the
  next is closed with CLOSE_TOO_MANY_WATCHERS. (They leave no row anywhere, so the count is
  the process's own: with N processes a table may have N times as many.)

A refused socket is accepted and then closed with its code, so a browser sees the code (a
socket refused before the handshake is only "1006, something failed") and table.js, which
stops retrying on any 4xxx code, does not knock again and again.
"""

from __future__ import annotations

import time
import weakref
from collections import defaultdict
from dataclasses import dataclass, field

from django.conf import settings

from games.models import TablePresence
from games.snapshots import db_call

CLOSE_FLOODING = 4429  # kept sending frames after being told `too_fast`
CLOSE_TOO_MANY_SOCKETS = 4430  # this account has MHING_WS_SOCKETS_PER_ACCOUNT open here
CLOSE_TOO_MANY_WATCHERS = 4431  # the table has MHING_WS_WATCHERS_PER_TABLE anonymous watchers


def limit(name: str) -> int:
    """The setting (mhing_site/settings.py reads it from the environment)."""
    return getattr(settings, name)


@dataclass
class Bucket:
    """A token bucket: `burst` tokens at most, `rate` more each second."""

    rate: float
    burst: int
    tokens: float = field(init=False)
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class SocketLimits:
    """One socket's three buckets."""

    def __init__(self) -> None:
        self.frames_per_second = limit("MHING_WS_FRAMES_PER_SECOND")
        self.frames = Bucket(self.frames_per_second, limit("MHING_WS_FRAME_BURST"))
        self.syncs_per_minute = limit("MHING_WS_SYNCS_PER_MINUTE")
        self.syncs = Bucket(self.syncs_per_minute / 60, limit("MHING_WS_SYNC_BURST"))
        self.refusals = Bucket(1.0, limit("MHING_WS_REFUSAL_BURST"))

    def frame(self) -> bool:
        return self.frames.take()

    def sync(self) -> bool:
        return self.syncs.take()

    def may_refuse(self) -> bool:
        """Whether the socket may still be told `too_fast`; False: close it."""
        return self.refusals.take()


# Anonymous watchers of each table (its slug): their sockets (consumers) in this process.
# Weakly held: a socket whose consumer failed before its clean-up ran (a database error in
# its connect, say) leaves the count when it is collected, instead of holding a place for good.
_watchers: dict[str, weakref.WeakSet] = defaultdict(weakref.WeakSet)


@db_call
def _sockets_of(slug: str, user_id: int) -> int:
    """The account's sockets open at the table, in every server process."""
    return TablePresence.objects.filter(table__slug=slug, user_id=user_id).count()


async def crowded(slug: str, user_id: int | None, socket: object) -> int | None:
    """The close code when the table has no room for one more socket of this account (None:
    anonymous); None when it has, an anonymous `socket` then being counted in (`unwatch`
    when it closes). Asked before the socket's own presence row is added, so two sockets of
    one account opening at the same instant may both get the last place."""
    if user_id is not None:
        if await _sockets_of(slug, user_id) >= limit("MHING_WS_SOCKETS_PER_ACCOUNT"):
            return CLOSE_TOO_MANY_SOCKETS
        return None
    if len(_watchers[slug]) >= limit("MHING_WS_WATCHERS_PER_TABLE"):
        return CLOSE_TOO_MANY_WATCHERS
    _watchers[slug].add(socket)
    return None


def unwatch(slug: str, socket: object) -> None:
    watching = _watchers.get(slug)
    if watching is not None:
        watching.discard(socket)
        if not watching:
            del _watchers[slug]
