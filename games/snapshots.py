"""The frames a socket sends, from one load of the table per version in each server process.

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

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import wraps
from typing import Any

from asgiref.sync import sync_to_async
from django.db import DEFAULT_DB_ALIAS, connections, models

from games import table_rows
from games.mahjongg.slot import state_from_dict, view_for
from games.models import Table, TableSeat
from games.play.state import RoundState
from games.table_play import seats_kept_between, seats_kept_since, table_summary

KEEP = 4096  # tables whose latest load a process keeps

_latest: OrderedDict[str, Loaded] = OrderedDict()
_lock = threading.Lock()
_running = 0  # database calls under way, so a test can wait for them to end
_running_lock = threading.Lock()


def db_call(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` run off the event loop, as an awaitable (see the module's docstring)."""
    sqlite = connections["default"].vendor == "sqlite"

    @wraps(fn)
    def counted(*args: Any, **kwargs: Any) -> Any:
        global _running
        with _running_lock:
            _running += 1
        try:
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
    return sync_to_async(counted, thread_sensitive=sqlite)


def running() -> int:
    return _running


@dataclass(frozen=True)
class Loaded:
    slug: str
    version: int
    summary: dict[str, Any]
    state: RoundState | None
    recent_events: list[dict[str, Any]]
    deadline: float | None
    seats: list[TableSeat]
    round_state: dict[str, Any] | None = None  # `state` as stored
    # The table's row at `version`, field by field (attname: value, and LEAGUE when read
    # with it), exactly as stored; None when not known whole (see `kept_row`).
    row: dict[str, Any] | None = None
    # What the change to `version` wrote (attname: value), when this process made it.
    written: dict[str, Any] | None = None

    def carried(self) -> dict[str, Any]:
        """What another process needs to keep this load without reading the table, as
        plain data for the channel layer (see `adopt`)."""
        return {
            "summary": self.summary,
            "round_state": self.round_state,
            "recent_events": self.recent_events,
            "deadline": self.deadline,
            "written": _plain(self.written),
        }

    def position_of(self, user_id: int | None) -> int | None:
        """The seat of the person with that account in this load, or None (watching)."""
        if user_id is None:
            return None
        return next((s.position for s in self.seats if s.user_id == user_id), None)

    def snapshot(self, position: int | None, hidden: bool = False) -> dict[str, Any]:
        view = view_for(self.state, position) if self.state is not None else None
        if view is not None and self.summary["status"] == "closed":
            view = {**view, "actions": []}  # a closed table takes no more moves
        return {
            "type": "snapshot",
            "version": self.version,
            "table": hide_names(self.summary, position) if hidden else self.summary,
            "view": view,
        }

    def frames_since(
        self, sent: int, position: int | None, hidden: bool = False
    ) -> list[dict[str, Any]]:
        """The events of each version after `sent` (when all are still kept), then the
        snapshot; nothing when `sent` is already this version. `hidden`: the reader may not
        see the league, so its name and the other players' names are left out."""
        if self.version <= sent:
            return []
        return [
            *events_since(self.recent_events, sent, position),
            self.snapshot(position, hidden),
        ]


def hide_names(summary: dict[str, Any], position: int | None) -> dict[str, Any]:
    """The table's public facts without what a members-only league keeps to its members:
    its name and who plays (the reader's own seat keeps its name; clients show "Seat N")."""
    seats = [
        s if s["position"] == position or s["is_bot"] else {**s, "name": ""}
        for s in summary["seats"]
    ]
    return {**summary, "league": None, "seats": seats, "recorded_match_url": None}


def events_since(
    recent: list[dict[str, Any]], sent: int, position: int | None
) -> list[dict[str, Any]]:
    """The `events` frames of the versions after `sent`, as seat `position` sees them; none
    when some of those versions are no longer kept (the snapshot alone then)."""
    changes = [c for c in recent if c["version"] > sent]
    if not changes or changes[0]["version"] != sent + 1:
        return []
    key = str(position)
    return [
        {
            "type": "events",
            "version": change["version"],
            "events": [e.get("seats", {}).get(key, e["all"]) for e in change["events"]],
        }
        for change in changes
        if change["events"]
    ]


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


# -- the kept row ---------------------------------------------------------------------------
#
# A move within a round is played on the row the process keeps (TablePlay._act_on_kept)
# rather than on a locked read. The row is kept only whole and exactly as stored: from an
# instance that was read or just saved (`loaded`), or from the row of the version before
# and what the other process's change wrote, sent along with its "version" message
# (`adopt`). Every change of a table's row goes through save_change, which writes the next
# version; of the writes that do not, a whole-row save (the Django admin's) moves
# `updated_at` (auto_now), which the move's UPDATE checks too, and the league's match,
# recorded after the match ended, concerns no move.

ROW_FIELDS = tuple(field.attname for field in Table._meta.concrete_fields)
_DATETIMES = frozenset(
    field.attname
    for field in Table._meta.concrete_fields
    if isinstance(field, models.DateTimeField)
)
LEAGUE = "league"  # in a kept row: the league read with the table, or None


def _row_of(table: Table) -> dict[str, Any] | None:
    values = table.__dict__
    if any(name not in values for name in ROW_FIELDS):  # some field was never read
        return None
    row = {name: values[name] for name in ROW_FIELDS}
    if Table.league.is_cached(table):
        row[LEAGUE] = table.league
    return row


def _plain(written: dict[str, Any] | None) -> dict[str, Any] | None:
    """What a change wrote, as the channel layer can carry it (datetimes as ISO text),
    less the round and the recent events, which travel anyway."""
    if written is None:
        return None
    return {
        name: value.isoformat() if name in _DATETIMES and value is not None else value
        for name, value in written.items()
        if name not in ("round_state", "recent_events")
    }


def _unplain(written: dict[str, Any]) -> dict[str, Any]:
    return {
        name: datetime.fromisoformat(value) if name in _DATETIMES and value is not None else value
        for name, value in written.items()
    }


def kept_row(slug: str) -> Table | None:
    """A new instance of the table as this process keeps its latest version, with its
    parsed round and league; None when the process keeps none whole. Its version may be
    behind the database's: whoever writes from it must check that (update_if_version)."""
    with _lock:
        cached = _latest.get(slug)
    if cached is None or cached.row is None:
        return None
    row = cached.row
    table = Table.from_db(DEFAULT_DB_ALIAS, ROW_FIELDS, [row[name] for name in ROW_FIELDS])
    if LEAGUE in row:
        Table.league.field.set_cached_value(table, row[LEAGUE])
    if cached.state is not None and row["round_state"] is cached.round_state:
        table._round = (cached.round_state, cached.state)
    return table


def seats_now(table: Table) -> list[TableSeat]:
    """The seats of the table as read (locked, loaded, or just changed): those of the load
    kept here when every change since that load left the seats alone (each change says so
    in `recent_events`, games.table_play.save_change), otherwise read. A move used to read
    them in every process (a fifth of a loaded server's CPU in the 150-table load test,
    docs/benchmarks.md), though only a seat taken, left or (dis)connected changes them."""
    with _lock:
        cached = _latest.get(table.slug)
    if cached is not None and seats_kept_since(table, cached.version):
        return cached.seats
    return table.seat_list()


# After a move, a deadline or a new round: the same question.
seats_after_move = seats_now


def kept(slug: str, at_least: int | None) -> Loaded | None:
    """The kept load of the table if it is at version `at_least` or newer (no database:
    safe to call on the event loop)."""
    if at_least is None:
        return None
    with _lock:
        cached = _latest.get(slug)
    return cached if cached is not None and cached.version >= at_least else None


def load(slug: str, at_least: int | None = None) -> Loaded:
    """The table at version `at_least` or newer; None: as it is in the database now."""
    cached = kept(slug, at_least)
    if cached is not None:
        return cached
    table = table_rows.read(slug=slug)
    return keep(loaded(table, seats_now(table)))


def adopt(slug: str, version: int, carried: dict[str, Any]) -> None:
    """Keep the table at `version` from what the process that changed it sent along with
    its "version" message (`Loaded.carried`), instead of every process reading the row
    again (at 150 tables that read was most of a receiving process's database work,
    docs/benchmarks.md). Only when this process keeps an older load whose seats are still
    the table's (the seats do not travel): otherwise the sockets read the table as before.
    The round crosses the channel layer between server processes, as it crosses the
    database's connection; what a socket sends is still only its own seat's view."""
    with _lock:
        cached = _latest.get(slug)
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
            state=state_from_dict(stored) if stored else None,
            recent_events=recent,
            deadline=carried["deadline"],
            seats=cached.seats,
            round_state=stored,
            row=row,
        )
    )


def keep(fresh: Loaded) -> Loaded:
    """Keep a load for the other sockets of this process, unless a newer one is kept."""
    slug = fresh.slug
    with _lock:
        cached = _latest.get(slug)
        if cached is None or fresh.version >= cached.version:
            _latest[slug] = fresh
            _latest.move_to_end(slug)
            while len(_latest) > KEEP:
                _latest.popitem(last=False)
    return fresh


def forget_all() -> None:
    """Drop every kept load (tests: a new server process knows nothing)."""
    with _lock:
        _latest.clear()
