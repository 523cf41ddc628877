"""The table in play: every move runs the pure engine on the table's row and saves state and
the next version, where the row is still at the version the move was played on.

Mixed into `games.models.Table`. The table's game (`table.live`, its games.engine.LiveGame
from the registry) decides what is legal and what happens, for every game alike; this
module only adds what a table needs around it: who is played by the bot, the
deadlines (claim window, idle turn, pause between rounds), the events stored per viewer, and
one transaction per change so two server processes can never interleave on a table. A
player's move within a round is played on the row the process keeps, when it keeps the
latest, and written by one version-checked statement (TablePlay._act_on_kept).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import datetime
from functools import wraps
from typing import Any, TypeAlias, TypeVar

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games import table_rows
from games.engine import CLAIMS, DISCARD, OVER, Action, State, ViewedEvent
from games.errors import TableError
from games.loads import SEATS_KEPT, kept, kept_row, seats_now

# The model this is mixed into (games.models.Table) stands above this module and imports it:
# a table is named here by this mixin, a seat (games.models.TableSeat) as a row.
Table: TypeAlias = "TablePlay"
TableSeat: TypeAlias = Model

log = logging.getLogger(__name__)
T = TypeVar("T")

TURN = "turn"  # a bot's move on its turn (a discard, a call): paced by MHING_BOT_DELAY
ANSWER = "answer"  # a bot's answer to a discard: given at once (docs/live_protocol.md)


# -- one change = one transaction -------------------------------------------------------------


def change(method: Callable[..., T]) -> Callable[..., T]:
    """A Table method that changes the table: in its own transaction, then `self` brought up
    to date, and a match that has just ended recorded in the league. On SQLite the
    transaction waits for the write lock itself (IMMEDIATE, SQLITE_TIMEOUT in settings);
    PostgreSQL waits on the row lock. A wait that runs out raises OperationalError, which
    the callers report as busy (leagues.errors.is_busy)."""

    @wraps(method)
    def wrapper(self: Table, *args: Any, **kwargs: Any) -> T:
        self._row = None
        with transaction.atomic():
            result = method(self, *args, **kwargs)
        if self._row is not None:
            take_row(self, self._row)  # the locked row as saved: no need to read it back
            self._row = None
        else:
            self.refresh_from_db()
        if self.is_finished and self.league_id and not self.recorded_match_id:
            from games.recording import record_match

            try:
                record_match(self)
            except ValidationError:
                pass  # logged; the move stands, and the admin can record the match later
        return result

    return wrapper


def take_row(table: Table, row: Table) -> None:
    """`table` made the same as `row`, an instance of the same table as just saved: its
    fields, the round parsed from its dict, what the change wrote, and its league when read
    with it."""
    for field in table._meta.concrete_fields:
        setattr(table, field.attname, getattr(row, field.attname))
    for made in ("_round", "_written"):
        if hasattr(row, made):
            setattr(table, made, getattr(row, made))
    league = type(row).league
    if league.is_cached(row):
        league.field.set_cached_value(table, row.league)


# Fields a change writes only when it set them (save_change): most moves leave them as read,
# and the match and its results grow with every round. Writing them anyway on every move was
# a sixth of the row's update in the 150-table load test, quoting and parsing JSON that had
# not changed (docs/benchmarks.md).
WRITTEN_WHEN_SET = ("status", "match_state", "results", "ready")


def locked(table: Table) -> Table:
    """The table's row, locked until the transaction ends (PostgreSQL: others wait)."""
    row = table_rows.read(model=type(table), pk=table.pk, lock=True)
    _parsed_as_kept(row)
    _note_as_read(row)
    table._row = row
    return row


def _note_as_read(row: Table) -> None:
    """Remember the row's WRITTEN_WHEN_SET values as read, so save_change writes only those
    the change assigns anew."""
    row._as_read = tuple(getattr(row, name) for name in WRITTEN_WHEN_SET)


def _parsed_as_kept(row: Table) -> None:
    """Give the row the round this process already parsed when it keeps the same version
    (games.loads; states are frozen, so one object can serve both): the process making
    a move usually made or received the one before, and parsing the round is a move's
    largest own cost. Compared as stored, not trusted by the version alone."""
    cached = kept(row.slug, row.version)
    if (
        cached is not None
        and cached.state is not None
        and cached.version == row.version
        and cached.round_state == row.round_state
    ):
        row._round = (row.round_state, cached.state)


RECENT_CHANGES = 8  # versions whose events a socket that fell behind can still be sent


def save_change(
    table: Table,
    events: Iterable[ViewedEvent] = (),
    seats_kept: bool = False,
    kept_since: datetime | None = None,
) -> int:
    """Save a locked table's new state as the next version, with the events that made it.
    `seats_kept`: the change left the seats and who is connected as they were (a move, a
    deadline, a new round), so a process holding the seats of the version before may go on
    using them (games.loads); any other change, and any change saved without the mark,
    makes every process read the seats again. `kept_since`: the table was not read but kept
    (TablePlay._act_on_kept), and is only written if its last change was made then too.
    What was written is left on the table as `_written` (games.snapshots carries it)."""
    old = table.version
    stored = events_by_viewer(events, table.players)
    change = {"version": old + 1, "events": stored}
    if seats_kept:
        change[SEATS_KEPT] = True
    recent = [*table.recent_events, change][-RECENT_CHANGES:]
    table.updated_at = timezone.now()
    fields = {
        "version": old + 1,
        "recent_events": recent,
        "round_state": table.round_state,
        "deadline": table.deadline,
        "updated_at": table.updated_at,
    }
    as_read = getattr(table, "_as_read", None)  # set by `locked`; none: write them all
    for at, name in enumerate(WRITTEN_WHEN_SET):
        value = getattr(table, name)
        if as_read is None or value is not as_read[at]:  # assigned, not changed in place
            fields[name] = value
    saved = table_rows.update_if_version(table, old, fields, updated_at=kept_since)
    if not saved:  # SQLite has no row lock: a version check catches the other process
        raise TableError(_("The table changed meanwhile; try again."), code="stale")
    table.version, table.recent_events = old + 1, recent
    table._written = fields
    return table.version


def events_by_viewer(events: Iterable[ViewedEvent], players: int) -> list[dict[str, Any]]:
    """Each event as everyone sees it, plus the forms only one seat may see (a drawn card,
    the seat's own answer), so a socket can send its seat's events without the engine."""
    stored = []
    for event in events:
        public = event.to_dict(None)
        own = {}
        for seat in range(players):
            seen = event.to_dict(seat)
            if seen != public:
                own[str(seat)] = seen
        stored.append({"all": public, "seats": own} if own else {"all": public})
    return stored


def current_seats(table: Table) -> list[TableSeat]:
    """The table's seats as read (`seat_list`), or the ones this process keeps when no
    change since has touched them (games.loads.seats_now)."""
    return seats_now(table)


def everyone_away(seats: list[TableSeat]) -> bool:
    """A table with people at it, none of them connected: it waits for them rather than let
    bots finish a (league) match for absent players."""
    people = [s for s in seats if not s.is_bot]
    return bool(people) and not any(s.connected for s in people)


def bot_played(seats: list[TableSeat]) -> set[int]:
    """Seats the bot moves for: bots, and people who are not connected; nobody while
    everyone is away."""
    if everyone_away(seats):
        return set()
    return {s.position for s in seats if s.played_by_bot}


def due(self: Table, now: datetime | None) -> tuple[Table, datetime] | None:
    """The locked table and the time, when its deadline has passed and a player is there;
    None when nothing is due. For both games' run_due, inside their @change."""
    now = now or timezone.now()
    table = locked(self)
    if not table.is_playing or table.deadline is None or now < table.deadline:
        return None
    if everyone_away(current_seats(table)):
        return None  # the table waits for its players
    return table, now


def mark_ready(
    self: Table,
    position: int,
    holds: Callable[[Table], bool] | None,
    still_playing: str,
    deal_next: Callable[[Table, datetime], int],
) -> int:
    """The seat's player has read the result (of a Mhing round or a Mah-Jongg game): once
    every connected person has, `deal_next` deals without waiting for the pause to run out.
    Shared by both games' tables; call it inside a @change method."""
    table = locked(self)
    table._require_playing()
    table._require_seat(holds)
    if table.round_state["phase"] != OVER:  # every engine stores its phase (games.engine)
        raise TableError(still_playing, code="round_not_over")
    if position not in table.ready:
        table.ready = sorted([*table.ready, position])
    people = [s.position for s in current_seats(table) if not s.is_bot and s.connected]
    if set(people) <= set(table.ready):
        return deal_next(table, timezone.now())
    return save_change(table, seats_kept=True)


def table_summary(table: Table, seats: list[TableSeat] | None = None) -> dict[str, Any]:
    """The public facts of the table for the snapshot frame (docs/live_protocol.md)."""
    seats = [
        {
            "position": s.position,
            "name": s.name,
            "is_bot": s.is_bot,
            "is_empty": s.is_empty,
            "connected": s.connected,
        }
        for s in (seats if seats is not None else table.seat_list())
    ]
    phase = (table.round_state or {}).get("phase")
    # Each game says its own match and rules (games.engine.LiveGame).
    live = table.live
    match = live.match_summary(table) if table.match_state else None
    deadline = table.deadline_epoch()
    return {
        "slug": table.slug,
        "game": table.game,
        **live.rules_summary(table),
        "status": table.status,
        "players": table.players,
        "claim_timeout": table.claim_timeout,
        "league": table.league.name if table.league_id else None,
        "seats": seats,
        "match": match,
        "claim_deadline": deadline if phase == CLAIMS else None,
        "turn_deadline": deadline if phase == DISCARD else None,
        "next_round_at": deadline if phase == OVER and table.is_playing else None,
        "ready": list(table.ready),
        "recorded_match": table.recorded_match_id,
        "recorded_match_url": _match_url(table),
    }


def _match_url(table: Table) -> str | None:
    """Where the recorded match is in its league (the league's slug and the match's id)."""
    if not (table.recorded_match_id and table.league_id):
        return None
    return reverse("leagues:match", args=[table.league.slug, table.recorded_match_id])


# -- the mixin ------------------------------------------------------------------------------


class TablePlay:
    def _require_playing(self: Table) -> None:
        if self.is_closed:
            raise TableError(_("This table has been closed."), code="closed")
        if self.is_waiting:
            raise TableError(_("The game has not started yet."), code="not_started")
        if self.is_finished:
            raise TableError(_("The match is over."), code="finished")

    def _advance(
        self: Table, before: State, action: Action, position: int | None
    ) -> tuple[int, tuple]:
        """Apply the action to the locked table and save it; the engine raises before any
        change when the action is refused. A round that ends is entered in the match."""
        live = self.live
        after, events = live.apply(before, position, action)
        now = timezone.now()
        if live.phase(after) == OVER:
            match, result, finished = live.finish_round(self.match_state, after)
            self.match_state = match
            self.results = [*self.results, result]
            self.ready = []
            if finished:
                self.status = self.Status.FINISHED
        return self._save_round(before, after, events, now), events

    def _save_round(
        self: Table,
        before: State,
        after: State,
        events: tuple,
        now: datetime,
        kept_since: datetime | None = None,
    ) -> int:
        live = self.live
        if not (live.phase(after) == CLAIMS and live.phase(before) == CLAIMS):
            # A new turn, window or result: its own deadline. Answers keep the window's.
            self.deadline = live.deadline_after(self, after, now)
        self.set_round(after)
        stored = live.viewed_events(events, before)
        return save_change(self, stored, seats_kept=True, kept_since=kept_since)

    def act(
        self: Table,
        position: int | None,
        action: Any,
        holds: Callable[[Table], bool] | None = None,
    ) -> tuple[int, tuple]:
        """A player's action (an engine action or its dict) for seat `position`; returns
        the new version and what happened. Raises TableError or one of the engine's
        refusals (games.engine.LiveGame.refusals: MalformedAction, IllegalAction); either
        way nothing changed. `holds`: asked of the table whether the seat is still the
        acting person's.

        Played on the row this process keeps when it can (_act_on_kept), else on the row
        read and locked: what is saved is the same either way."""
        action = self.live.action(action)
        done = self._act_on_kept(position, action, holds)
        if done is not None:
            return done
        return self._act_locked(position, action, holds)

    @change
    def _act_locked(
        self: Table, position: int | None, action: Action, holds: Callable[[Table], bool] | None
    ) -> tuple[int, tuple]:
        table = locked(self)
        table._require_playing()
        table._require_seat(holds)
        return table._advance(table.round(), action, position)

    def _act_on_kept(
        self: Table, position: int | None, action: Action, holds: Callable[[Table], bool] | None
    ) -> tuple[int, tuple] | None:
        """The move played on the table's row as this process keeps it (games.loads:
        the row as of the version the process made or was sent), written by one UPDATE
        where the row is still at that version and was last changed at the same moment
        (a database put back to an older copy may hold the same version, never the same
        moment): no transaction, no locked read. None when the process keeps no such row,
        when the move is refused on it (the locked path then refuses it, or plays it, on
        the row as it is now), when it ends the round (the match, its results and the
        league's record are written under the lock), or when the row has moved on.

        Why: the locked read and the transaction around it were four statements and two
        fifths of the database's work per move in the 150-table load test, though every
        process keeps the latest version of its tables anyway (docs/benchmarks.md)."""
        row = kept_row(self.slug, type(self))
        if row is None or row.pk != self.pk or row.updated_at is None or not row.is_playing:
            return None
        if holds is not None and not holds(row):
            return None
        before = row.round()
        if before is None:
            return None
        played = row._within_round(before, position, action)
        if played is None:
            return None
        after, events = played
        _note_as_read(row)  # a move within a round assigns none of them
        try:
            version = row._save_round(
                before, after, events, timezone.now(), kept_since=row.updated_at
            )
        except TableError:  # "stale": another change came first
            return None
        take_row(self, row)
        return version, events

    def _within_round(
        self: Table, before: State, position: int | None, action: Action
    ) -> tuple[State, tuple] | None:
        """The engine's new state and events for a move that neither is refused nor ends
        the round (None otherwise): what _act_on_kept may write without the lock."""
        live = self.live
        try:
            after, events = live.apply(before, position, action)
        except live.refusals:
            return None
        return None if live.phase(after) == OVER else (after, events)

    def _require_seat(self: Table, holds: Callable[[Table], bool] | None) -> None:
        if holds is not None and not holds(self):
            raise TableError(_("You have no seat at this table."), code="not_seated")

    @change
    def run_due(self: Table, now: datetime | None = None, only_claims: bool = False) -> int | None:
        """The deadline has passed: close the claim window (who has not answered passes),
        let the bot play an idle player's discard, or deal the next round. Several processes
        may call this for the same deadline: the first does it, the others find nothing due.
        Returns the new version, or None when nothing was due."""
        if (found := due(self, now)) is None:
            return None
        table, now = found
        state, live = table.round(), table.live
        if live.phase(state) == CLAIMS:
            return table._advance(state, live.close_claims(), None)[0]
        if only_claims:
            return None
        if live.phase(state) == DISCARD:
            position = live.on_turn(state)
            return table._advance(state, table._bot_choice(state, position), position)[0]
        return table._deal_next(now)

    def close_claims_if_due(self: Table, now: datetime | None = None) -> int | None:
        return self.run_due(now, only_claims=True)

    @change
    def ready_for_next_round(
        self: Table, position: int, holds: Callable[[Table], bool] | None = None
    ) -> int:
        """The seat's player has read the round's result. Once every connected person has,
        the next round is dealt without waiting for the pause to run out."""
        return mark_ready(
            self,
            position,
            holds,
            str(self.live.still_playing),
            lambda table, now: table._deal_next(now),
        )

    def _deal_next(self: Table, now: datetime) -> int:
        live = self.live
        state, events = live.deal_next(self.match_state)
        self.set_round(state)
        self.ready = []
        self.deadline = live.deadline_after(self, state, now)
        return save_change(self, live.viewed_events(events, state), seats_kept=True)

    def _bot_choice(self: Table, state: State, position: int) -> Action:
        return self.live.bot_action(state, position, self.pk)

    def _bot_seat(
        self: Table, state: State | None, seats: list[TableSeat] | None = None
    ) -> tuple[int, str] | None:
        live = self.live
        if not self.is_playing or state is None or live.phase(state) == OVER:
            return None
        automatic = bot_played(seats if seats is not None else current_seats(self))
        for position in live.awaiting(state):
            if position in automatic:
                return position, TURN if live.phase(state) == DISCARD else ANSWER
        return None

    def pending_bot(self: Table, seats: list[TableSeat] | None = None) -> str | None:
        """Whether the bot has a move to make now (as this instance was loaded or last
        changed, with its `seats` when the caller has them): TURN, ANSWER, or None."""
        found = self._bot_seat(self.round(), seats)
        return found[1] if found else None

    @change
    def bot_step(self: Table) -> tuple[int | None, str | None]:
        """Play one move for a bot or a disconnected player, if one is awaited. Returns the
        new version (None: nothing to play) and the kind of the next bot move (or None)."""
        table = locked(self)
        state = table.round()
        seats = current_seats(table)  # once: a move leaves the seats as they were
        found = table._bot_seat(state, seats)
        if found is None:
            return None, None
        position, _kind = found
        version, _events = table._advance(state, table._bot_choice(state, position), position)
        after = table._bot_seat(table.round(), seats)
        return version, after[1] if after else None

    def bot_turns(self: Table, limit: int = 10_000) -> int:
        """Every move of bots and disconnected seats until a connected person must act or
        the round ends, without pauses (tests, scripts); the number of moves played."""
        played = 0
        kind = self.pending_bot()
        while kind and played < limit:
            version, kind = self.bot_step()
            played += version is not None
        return played
