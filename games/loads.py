"""The loads of the live tables that a server process keeps: one per table, the latest it
made, read or was sent. The sockets of the process render their frames from it
(games.snapshots), and a move is played on the row it holds (TablePlay._act_on_kept) with
the seats it holds (`seats_now`) when no change since has touched them.

Below the table's model and its mixins, which it serves: it knows a table only as the
instance it is given (or, for `kept_row`, the model class it is asked to make), so the
moves (games.table_play) call down into it and it never calls back up.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS
from django.db.models import Model

from games import registry

KEEP = 4096  # tables whose latest load a process keeps

_latest: OrderedDict[str, Loaded] = OrderedDict()
_lock = threading.Lock()


@dataclass(frozen=True)
class Loaded:
    slug: str
    version: int
    summary: dict[str, Any]
    state: Any  # the engine's state of the round (games.engine.State), or None
    recent_events: list[dict[str, Any]]
    deadline: float | None
    seats: list[Any]  # the table's seats (games.models.TableSeat)
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
        live = registry.live_game(self.summary["game"])
        view = live.view(self.state, position) if self.state is not None else None
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


def _plain(written: dict[str, Any] | None) -> dict[str, Any] | None:
    """What a change wrote, as the channel layer can carry it (datetimes as ISO text, read
    back by games.snapshots.adopt), less the round and the recent events, which travel
    anyway."""
    if written is None:
        return None
    return {
        name: value.isoformat() if isinstance(value, datetime) else value
        for name, value in written.items()
        if name not in ("round_state", "recent_events")
    }


# -- seats left alone -----------------------------------------------------------------------

SEATS_KEPT = "seats_kept"  # in a change of `recent_events`: the seats were left alone


def seats_kept_since(table: Model, version: int) -> bool:
    """Whether every change after `version` up to the table's own version (as read) left
    the seats alone: only the last changes are known (table_play.RECENT_CHANGES), so a
    longer gap, a change without the mark or a `version` newer than the table's all answer
    no."""
    return seats_kept_between(version, table.version, table.recent_events)


def seats_kept_between(version: int, newer: int, recent_events: list[dict[str, Any]]) -> bool:
    """seats_kept_since for the version `newer` whose `recent_events` these are."""
    if version > newer:
        return False
    kept = {c["version"] for c in recent_events if c.get(SEATS_KEPT)}
    return all(v in kept for v in range(version + 1, newer + 1))


# -- the kept row ---------------------------------------------------------------------------
#
# A move within a round is played on the row the process keeps (TablePlay._act_on_kept)
# rather than on a locked read. The row is kept only whole and exactly as stored: from an
# instance that was read or just saved (games.snapshots.loaded), or from the row of the
# version before and what the other process's change wrote, sent along with its "version"
# message (games.snapshots.adopt). Every change of a table's row goes through save_change,
# which writes the next version; of the writes that do not, a whole-row save (the Django
# admin's) moves `updated_at` (auto_now), which the move's UPDATE checks too, and the
# league's match, recorded after the match ended, concerns no move.

LEAGUE = "league"  # in a kept row: the league read with the table, or None


@cache
def row_fields(model: type[Model]) -> tuple[str, ...]:
    """The attnames of the table's columns: what a kept row holds, in order."""
    return tuple(field.attname for field in model._meta.concrete_fields)


def kept_row(slug: str, model: type[Model]) -> Model | None:
    """A new instance (of `model`, the table's) as this process keeps its latest version, with its
    parsed round and league; None when the process keeps none whole. Its version may be
    behind the database's: whoever writes from it must check that (update_if_version)."""
    with _lock:
        cached = _latest.get(slug)
    if cached is None or cached.row is None:
        return None
    row = cached.row
    names = row_fields(model)
    table = model.from_db(DEFAULT_DB_ALIAS, names, [row[name] for name in names])
    if LEAGUE in row:
        model.league.field.set_cached_value(table, row[LEAGUE])
    if cached.state is not None and row["round_state"] is cached.round_state:
        table._round = (cached.round_state, cached.state)
    return table


def seats_now(table: Model) -> list[Any]:
    """The seats of the table as read (locked, loaded, or just changed): those of the load
    kept here when every change since that load left the seats alone (each change says so
    in `recent_events`, games.table_play.save_change), otherwise read. Reading them for
    every move in every process is a large share of a loaded server's CPU (the 150-table
    load test, docs/benchmarks.md), though only a seat taken, left or (dis)connected changes
    them."""
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
