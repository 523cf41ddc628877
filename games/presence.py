"""Presence that a crash cannot strand: which sockets this server process holds, kept alive
by a heartbeat, and the sweep of those whose process is gone.

Each socket of a signed-in person adds a row (games.models.TablePresence) naming this process;
a seat is connected while its player has a row. Every MHING_PRESENCE_HEARTBEAT seconds the
process renews the `seen_at` of all its rows in one update, puts back any that another
process swept while this one was stalled, and deletes every row, of any process, not renewed
for MHING_PRESENCE_TTL seconds, telling each table that lost a player. A killed server's
sockets therefore count as gone within the TTL (plus a heartbeat) of any process running,
a restarted one included, and nothing counts connections up and down.

    serve()                                  this process has a socket (anyone's): it sweeps
    hold(channel, slug, table_id, user_id)   a socket's row was added (Table.arrive)
    release(channel)                         the socket closed (Table.depart removes the row)

The sweep runs in every process that has had a socket, a watcher's included: after a kill -9
the people who come back first may only be watching (nobody signed in, so no row to hold),
and a dead player would otherwise show "connected" for good, each turn of theirs waiting the
full turn timeout.
"""

from __future__ import annotations

import asyncio
import logging
import os
import uuid
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from games import live, outage
from games.models import Table, TablePresence
from games.snapshots import db_call
from games.timing import presence_heartbeat, presence_ttl
from leagues.errors import is_busy

log = logging.getLogger(__name__)

# This process, as its rows name it: unique per start, so a restarted server never takes
# over the rows its dead predecessor left (they expire instead).
SERVER = f"{os.getpid()}-{uuid.uuid4().hex[:12]}"

# channel name -> (table slug, table id, user id) of every socket this process holds.
_held: dict[str, tuple[str, int, int]] = {}
_beat: asyncio.Task | None = None


def serve() -> None:
    """This process serves a socket, whoever's: it sweeps dead processes' rows from now on."""
    _start_heartbeat()


def hold(channel: str, slug: str, table_id: int, user_id: int) -> None:
    """This process holds the socket (its row was added with Table.arrive): keep it alive."""
    _held[channel] = (slug, table_id, user_id)
    _start_heartbeat()


def release(channel: str) -> None:
    """The socket closed (its row goes with Table.depart)."""
    _held.pop(channel, None)


def _start_heartbeat() -> None:
    global _beat
    if _beat is None or _beat.done():
        _beat = asyncio.get_running_loop().create_task(_heartbeat())


async def _heartbeat() -> None:
    while True:
        try:
            for slug, version in await beat():
                await live.changed(slug, version)
                live.kick(slug)  # the bot plays the seats whose players are gone
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the next beat tries again; it must not stop for good
            _heartbeat_failed(error)
        # While the database is down: until it is back, then at once, so that this
        # process's sockets are renewed before another process sweeps them.
        await outage.pause(presence_heartbeat())


def _heartbeat_failed(error: Exception) -> None:
    # The database out of reach (restarting) is an outage the next beat rides out, not a
    # bug: a line, not a traceback every beat.
    if is_busy(error):
        log.warning("presence heartbeat: database busy or unreachable: %s", error)
    else:
        log.error("presence heartbeat failed", exc_info=error)


def renew_and_sweep() -> list[tuple[str, int]]:
    """Renew this process's rows, restore any swept while it stalled, and sweep the rows of
    dead processes; the (slug, new version) of every table whose seats changed."""
    now = timezone.now()
    held = dict(_held)
    changed: list[tuple[str, int]] = []
    mine = TablePresence.objects.filter(server=SERVER)
    if mine.update(seen_at=now) < len(held):
        kept = set(mine.values_list("channel_name", flat=True))
        for channel, (slug, table_id, user_id) in held.items():
            if channel not in kept and _held.get(channel) is not None:
                user = get_user_model()(pk=user_id)
                try:
                    version = Table(pk=table_id).arrive(channel, user, SERVER)
                except Table.DoesNotExist:
                    continue
                if version is not None:
                    changed.append((slug, version))
    # A database outage is no sign of a dead process: nobody could renew meanwhile. Rows
    # count as stale after TTL seconds of the database being up (else one process's first
    # beat after an outage would sweep the other's players as gone).
    ttl = presence_ttl()
    cutoff = now - timedelta(seconds=ttl + outage.downtime(now.timestamp(), ttl))
    stale = TablePresence.objects.filter(seen_at__lt=cutoff)
    for table_id, slug in set(stale.values_list("table_id", "table__slug")):
        version = Table(pk=table_id).sweep_presence(cutoff)
        if version is not None:
            changed.append((slug, version))
    return changed


beat = db_call(renew_and_sweep)


async def stop() -> None:
    """Stop the heartbeat and forget the held sockets (tests: the end of a server's life)."""
    global _beat
    task, _beat = _beat, None
    if task is not None:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    _held.clear()


async def stop_all() -> None:
    """Stop all the live work of this process: the heartbeat, then the bot drivers, the
    deadline timers and the catch-up (live.stop_all). Tests: the end of a server's life."""
    await stop()
    await live.stop_all()
