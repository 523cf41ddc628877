"""The table's websocket: one consumer per connection (docs/live_protocol.md).

It parses each frame into a closed set (action, sync, next_round; anything else is answered
with an error frame and changes nothing), calls the table model, and tells the table's
group "version V" (with the table as saved, for the other server processes: snapshots.adopt).
On that message every socket takes the table at V (kept by its process, or read) and sends
its own seat's view only, so no client is sent another seat's hidden cards. A socket sends
versions in increasing order only, skipping any it has already sent.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any, NamedTuple

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import DEFAULT_DB_ALIAS
from django.utils import translation

from games import catch_up, json_text, live, outage, presence, registry, socket_limits
from games.errors import TableError
from games.loads import Loaded, keep, kept, seats_after_move, seats_now
from games.messages import error_frame, language_of
from games.models import Table
from games.snapshots import adopt, db_call, load, loaded
from leagues.errors import is_busy
from mhing_site.ws_auth import TRY_AGAIN_LATER

log = logging.getLogger(__name__)

# Close codes in the private range (4000-4999) a client can tell apart.
CLOSE_NO_TABLE = 4404
# The database could not be reached on connect: "try again later" (mhing_site/ws_auth.py).
CLOSE_TRY_AGAIN = TRY_AGAIN_LATER

# Seconds an action waits for a database that is down (a fast restart) before it is
# refused `busy`: well within the answer a client waits for (games.outage).
HOLD = 2.0
RETRY = 0.5  # seconds before a change the database could not serve is heard again

# A frame longer than this is refused unread: the protocol's largest is a few hundred bytes.
MAX_FRAME = 16 * 1024

FRAME_KEYS = {
    "action": {"type", "action"},
    "sync": {"type", "version"},
    "next_round": {"type"},
}


class Joined(NamedTuple):
    table_id: int
    game: str
    version: int
    pending: str | None
    hidden: bool  # the league's name and the players' names are not this user's to see
    announce: bool  # the socket connected its person's seat: the others must hear of it


@db_call
def _join(slug: str, user, channel: str) -> Joined | None:
    """The table's id, the version after this socket's presence counts, the bot's next move
    and whether the league's names are hidden from this user; None: no such table."""
    table = Table.objects.select_related("league").filter(slug=slug).first()
    if table is None:
        return None
    changed = None
    if user is not None and user.is_authenticated:
        changed = table.arrive(channel, user, presence.SERVER)
    version, pending = _keep_as_is(table)
    hidden = table.hides_league_from(user)
    return Joined(table.pk, table.game, version, pending, hidden, changed is not None)


@db_call
def _leave(table_id: int, channel: str) -> tuple[int | None, str | None]:
    try:
        table = Table.objects.select_related("league").get(pk=table_id)
        if table.depart(channel) is None:
            return None, None  # nothing anyone sees changed
    except Table.DoesNotExist:  # deleted while this player was at it
        return None, None
    return _keep_as_is(table)


def _keep_as_is(table: Table) -> tuple[int, str | None]:
    """After a seat came or went: the table's load kept for this process's sockets (the
    whole table hears of the change, and would otherwise each read it), its version, and
    the bot's next move."""
    seats = table.seat_list()
    keep(loaded(table, seats))
    return table.version, table.pending_bot(seats)


def _known(table: tuple[int, str, str]) -> Table:
    # Only the id, slug and game: every change locks and reads the row itself (Table.act
    # and friends) and leaves this instance as saved, so reading the row first would be
    # wasted. The game too, which a move asks first (`table.live`): deferred, it cost a
    # query a move. Built as the ORM builds a row it read (the other fields deferred, then
    # set by the change): `Table(pk=...)` would make a new random slug only to throw it away.
    return Table.from_db(DEFAULT_DB_ALIAS, ("id", "slug", "game"), table)


def _after(table: Table, version: int) -> tuple[int, str | None]:
    """The new version and the bot's next move; the table as changed is kept for the
    sockets of this process, which need not load it again."""
    seats = seats_after_move(table)
    keep(loaded(table, seats))
    return version, table.pending_bot(seats)


def _holds_seat(user_id: int, position: int) -> Callable[[Table], bool]:
    """Whether the seat is still the user's, asked of the locked table before a move: a
    socket's idea of its seat may be older than a change in the waiting room (the player
    left, or was removed, and someone else sat down)."""

    def check(table: Table) -> bool:
        seats = seats_now(table)
        return 0 <= position < len(seats) and seats[position].user_id == user_id

    return check


@db_call
def _act(
    known: tuple[int, str, str], position: int, user_id: int, action: Any
) -> tuple[int, str | None]:
    table = _known(known)
    return _after(table, table.act(position, action, holds=_holds_seat(user_id, position))[0])


@db_call
def _next_round(known: tuple[int, str, str], position: int, user_id: int) -> tuple[int, str | None]:
    table = _known(known)
    return _after(table, table.ready_for_next_round(position, holds=_holds_seat(user_id, position)))


_load = db_call(load)
_loading: dict[str, asyncio.Task] = {}


async def _shared_load(slug: str, at_least: int | None) -> Loaded:
    """The table at version `at_least` or newer, one database read for all the sockets of
    this process that ask at once: a move reaches every socket of its table together, and
    in a process that did not make the move none of them finds it kept yet."""
    if at_least is None:  # "as it is now": a read under way may predate the question
        return await _load(slug, at_least)
    pending = _loading.get(slug)
    if pending is not None:
        table = await asyncio.shield(pending)
        if table.version >= at_least:
            return table
    task = asyncio.ensure_future(_load(slug, at_least))
    _loading[slug] = task
    try:
        return await asyncio.shield(task)
    finally:
        if _loading.get(slug) is task:
            del _loading[slug]


@db_call
def _current_version(slug: str) -> int:
    return Table.objects.values_list("version", flat=True).get(slug=slug)


def _socket_gone_errors() -> tuple[type[BaseException], ...]:
    # What an ASGI server raises on a send to a websocket that has closed. The ASGI spec
    # asks for a subclass of OSError (uvicorn's ClientDisconnected); daphne lets autobahn's
    # Disconnected (a RuntimeError) through from the moment the closing handshake begins,
    # before it tells the application the socket is gone.
    try:
        from autobahn.exception import Disconnected
    except ImportError:  # pragma: no cover - daphne brings autobahn
        return (OSError,)
    return (OSError, Disconnected)


SOCKET_GONE = _socket_gone_errors()


class TableConsumer(AsyncJsonWebsocketConsumer):
    slug: str
    position: int | None = None  # the seat of the socket's person, as of the last load sent
    sent: int = 0  # the last version this socket sent
    reply_to: str | int | None = None
    user_id: int | None = None
    hidden: bool = False
    watching: bool = False  # counted as an anonymous watcher (socket_limits.crowded)
    # The table's news heard between the join and the end of connect: handed on after it,
    # as Channels' loop held a socket's group messages while it connected. None otherwise.
    early: list[dict[str, Any]] | None = None
    flooded: bool = False  # closed for flooding: frames still on their way are dropped

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # One message handled at a time: Channels' loop awaits each, and a message handed
        # over in this process (`hear`) waits for its turn here.
        self.turn = asyncio.Lock()
        self.heard: set[asyncio.Task] = set()

    async def send_json(self, content: Any, close: bool = False) -> None:
        # Every frame of every move (8 a move): encoded by orjson (its module says why) and
        # straight to the server, where Channels' send_json goes through three more
        # coroutines to build the same message.
        try:
            await self.base_send({"type": "websocket.send", "text": json_text.dumps(content)})
        except SOCKET_GONE:
            # The browser closed the socket while this frame was on its way (a "version"
            # message racing the close): nobody to send it to. The socket's disconnect
            # follows and cleans up; raising here ended the consumer before it could.
            return
        if close:
            await self.close(close)

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels' own dispatch first closes old database connections, as Django does per
        # request: a hop to a worker thread for every frame and every group message, and on
        # SQLite it closes the connection db_call keeps open. This consumer touches the
        # database only through db_call, which hands its connection back itself.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        async with self.turn:
            await handler(message)

    async def connect(self) -> None:
        self.slug = self.scope["url_route"]["kwargs"]["slug"]
        self.group = live.group_name(self.slug)
        self.joined = False
        self.language = language_of(self.scope)
        user = self.scope.get("user")
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        self.limits = socket_limits.SocketLimits()
        if (crowded := await socket_limits.crowded(self.slug, self.user_id, self)) is not None:
            await self.accept()  # then closed with the code, which a browser then sees
            await self.close(code=crowded)
            return
        self.watching = self.user_id is None  # counted in: counted out when it closes
        # In the table's group before the table is read: every change after the read below
        # is then announced to this socket, so the snapshot it sends first may be that read.
        self.early = []
        await catch_up.join(self)
        joined = await self._joined(user)
        if joined is None:
            self.early = None
            return
        self.table_id, self.hidden = joined.table_id, joined.hidden
        self.known = (joined.table_id, self.slug, joined.game)  # what a move needs (_known)
        self.joined = True
        catch_up.watch(self)
        presence.serve()  # a watcher's socket too: dead processes' players are swept
        if self.user_id is not None:
            presence.hold(self.channel_name, self.slug, self.table_id, self.user_id)
        await self.accept()
        live.kick(self.slug, joined.pending)  # a table waiting for its players may go on
        if joined.announce:  # not for a watcher or a second tab: nothing changed
            await live.changed(self.slug, joined.version)  # the others see the seat connected
        await self._send_update(at_least=joined.version)
        early, self.early = self.early, None
        for message in early:
            self.hear(message)

    async def _joined(self, user) -> Joined | None:
        """The table joined; None once the socket is closed instead: no such table (4404),
        or the database out of reach (4503, "try again later": the page reconnects)."""
        try:
            joined = await _join(self.slug, user, self.channel_name)
        except Exception as error:
            await catch_up.leave(self)
            if not is_busy(error):
                raise
            log.warning("table %s: database unavailable on connect: %s", self.slug, error)
            # Accepted first: a close before the handshake is answered is an HTTP 403,
            # which a client cannot tell from a refusal.
            await self.accept()
            await self.close(code=CLOSE_TRY_AGAIN)
            return None
        if joined is None:
            await catch_up.leave(self)
            await self.close(code=CLOSE_NO_TABLE)
        return joined

    def hear(self, message: dict[str, Any]) -> None:
        """A table's news handed over in this process (games.catch_up: from this process's
        moves, from the hub that reads the others', and while the layer fails); dispatched
        in turn with the socket's other messages."""
        if self.early is not None:  # still connecting: after it (connect)
            self.early.append(message)
            return
        task = asyncio.get_running_loop().create_task(self._dispatch_heard(message))
        self.heard.add(task)
        task.add_done_callback(self.heard.discard)

    async def _dispatch_heard(self, message: dict[str, Any]) -> None:
        if getattr(self, "joined", False):  # else closed meanwhile: nobody to tell
            await self.dispatch(message)

    async def disconnect(self, code: int) -> None:
        if self.watching:
            self.watching = False
            socket_limits.unwatch(self.slug, self)
        if not getattr(self, "joined", False):
            return
        self.joined = False
        await catch_up.leave(self)
        if self.user_id is not None:
            presence.release(self.channel_name)
            await self._depart()

    async def _depart(self) -> None:
        try:
            version, pending = await _leave(self.table_id, self.channel_name)
        except Exception as error:
            if not is_busy(error):
                raise
            # The database is out of reach: the seat's presence row expires with its TTL
            # (games.presence), and the bot plays for it from then on.
            log.warning("table %s: database unavailable on leave: %s", self.slug, error)
            return
        await live.changed(self.slug, version)
        live.kick(self.slug, pending)  # the bot plays this seat's turns now

    # -- client frames ------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        self.reply_to = None
        if self.flooded:
            return
        if not self.limits.frame():  # refused, only its id read: a careful client waits for it
            self.reply_to = _frame_id(text_data)
            await self._too_fast("too_many_frames", rate=self.limits.frames_per_second)
            return
        try:
            await self._receive(text_data)
        except Exception as error:
            # Whatever went wrong, the socket stays open and says so: a consumer that raised
            # would be closed with 1011 without its disconnect ever running.
            if is_busy(error):  # the database's write lock or its pool, taken too long
                log.warning("table %s: database busy: %s", self.slug, error)
                await self._error("busy", "busy")
            else:
                log.exception("table %s: frame failed", self.slug)
                await self._error("server_error", "server_error")

    async def _receive(self, text_data: str | None) -> None:
        if text_data is None:
            await self._error("malformed", "frames_are_text")
            return
        if len(text_data) > MAX_FRAME:
            await self._error("malformed", "frame_too_large", limit=MAX_FRAME)
            return
        try:
            content = json.loads(text_data)
        except (ValueError, RecursionError):  # RecursionError: "[[[[…" nested too deep
            await self._error("malformed", "not_json")
            return
        await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        # The client's own label for the frame, repeated in the answer as `reply_to`.
        self.reply_to = content.get("id") if isinstance(content, dict) else None
        if not _valid_id(self.reply_to):
            self.reply_to = None
            await self._error("malformed", "frame_id")
            return
        if not isinstance(kind, str) or kind not in FRAME_KEYS:  # [] and {} are unhashable
            await self._error("malformed", "unknown_frame")
            return
        if set(content) - {"id"} != FRAME_KEYS[kind]:
            await self._error("malformed", "frame_fields", kind=kind)
            return
        if kind == "sync":
            if not self.limits.sync():  # each answer may be a whole snapshot
                await self._too_fast("too_many_syncs", rate=self.limits.syncs_per_minute)
                return
            await self._answer_sync(content["version"])
            return
        if self.position is None or self.user_id is None:
            await self._error("not_seated", "not_seated")
            return
        if outage.is_down():  # a moment's outage (a fast restart) need not refuse the move
            await outage.until_up(HOLD)  # still down: refused at once, `busy`
        try:
            if kind == "action":
                version, pending = await _act(
                    self.known, self.position, self.user_id, content["action"]
                )
            else:
                version, pending = await _next_round(self.known, self.position, self.user_id)
        except (*registry.refusals(), TableError, Table.DoesNotExist) as error:
            await self._refused(error)
            return
        # The bots are set going before the actor hears back, so once a client holds its
        # answer, whatever the change set in motion is already under way.
        live.kick(self.slug, pending)
        await live.changed(self.slug, version, kept(self.slug, version))
        await self._send_update(at_least=version, answer=True)

    async def _answer_sync(self, version: Any) -> None:
        """The versions this socket has not sent yet (their events, then the snapshot);
        `up_to_date` when it has sent the current one, whatever older version the client
        names (a socket's versions only grow: a snapshot sent again broke that); the
        snapshot anew only for a version the table never reached (put back from a backup)."""
        if not isinstance(version, int) or isinstance(version, bool) or version < 0:
            await self._error("malformed", "sync_version")
            return
        current = await _current_version(self.slug)
        if version > current:
            await self._send_update(force=True, answer=True)
            return
        if version == current:  # held from another socket: nothing to send here either
            self.sent = max(self.sent, current)
        if self.sent >= current:
            await self.send_json(self._answer({"type": "up_to_date", "version": self.sent}))
            return
        await self._send_update(at_least=current, answer=True)

    # -- group messages -----------------------------------------------------------------

    async def table_changed(self, message: dict[str, Any]) -> None:
        version = message["version"]
        if version > self.sent:
            carried = message.get("load")
            if carried is not None:  # adopt keeps it only when newer than what is kept
                adopt(self.slug, version, carried)
            try:
                await self._send_update(at_least=version)
            except Exception as error:
                if not is_busy(error):
                    raise
                # The database went away between the change and this socket's read of it:
                # raising here closed the socket (1011) without its disconnect. It hears
                # the change again once the database is back.
                log.warning("table %s: database unavailable for a change: %s", self.slug, error)
                self._again_later(message)

    def _again_later(self, message: dict[str, Any]) -> None:
        async def again() -> None:
            await outage.pause(RETRY)
            self.hear(message)

        task = asyncio.get_running_loop().create_task(again())
        self.heard.add(task)
        task.add_done_callback(self.heard.discard)

    async def _send_update(
        self, at_least: int | None = None, force: bool = False, answer: bool = False
    ) -> None:
        """Send what the socket has not seen, up to version `at_least` or newer (None: the
        table as it is now); `force`: the snapshot even when the socket has seen it."""
        sent = -1 if force else self.sent
        table = kept(self.slug, at_least)  # another socket of this process loaded it
        if table is None:
            table = await _shared_load(self.slug, at_least)
        # The seat is read from every load: in the waiting room a player may leave, or be
        # removed, and the seat go to someone else, whose cards this socket must not get.
        self.position = table.position_of(self.user_id)
        frames = table.frames_since(sent, self.position, hidden=self.hidden)
        deadline = table.deadline
        frames = [f for f in frames if force or f["version"] > self.sent]
        for number, frame in enumerate(frames, start=1):
            if answer and number == len(frames):
                frame = self._answer(frame)
            await self.send_json(frame)
        if frames:
            self.sent = max(self.sent, frames[-1]["version"])
        live.wake_at(self.slug, deadline)

    def _answer(self, frame: dict[str, Any]) -> dict[str, Any]:
        if self.reply_to is not None:
            frame = {**frame, "reply_to": self.reply_to}
        return frame

    async def _error(self, code: str, problem: str, **fields: Any) -> None:
        """A frame refused before it reached the table: its version is the last one this
        socket sent (the table's, read here, could be one whose snapshot was still to come)."""
        with translation.override(self.language):
            await self.send_json(self._answer(error_frame(code, problem, self.sent, **fields)))

    async def _too_fast(self, problem: str, **fields: Any) -> None:
        """Refuse a frame over the socket's limits, without asking the database (the version
        is the last one sent); close the socket once it has been refused too often."""
        if not self.limits.may_refuse():
            self.flooded = True
            log.warning("table %s: socket closed for flooding", self.slug)
            await self.close(code=socket_limits.CLOSE_FLOODING)
            return
        with translation.override(self.language):
            await self.send_json(
                self._answer(error_frame("too_fast", problem, self.sent, **fields))
            )

    async def _refused(self, error: Exception) -> None:
        """The table refused a move: the versions it was judged on that this socket has not
        sent yet go first, so the error's version is the socket's newest snapshot, the one
        to decide on again (an error once named a version whose snapshot came after it)."""
        await self._catch_up()
        with translation.override(self.language):
            await self.send_json(self._answer(error_frame(None, error, self.sent)))

    async def _catch_up(self) -> None:
        try:
            current = await _current_version(self.slug)
            if current > self.sent:
                await self._send_update(at_least=current)
        except Table.DoesNotExist:  # deleted: nothing more to send
            return
        except Exception as error:  # the database out of reach: refuse on what was sent
            if not is_busy(error):
                raise


def _frame_id(text: str | None) -> str | int | None:
    """The frame's own id, when it has a valid one, for the answer's `reply_to`."""
    if text is None or len(text) > MAX_FRAME:
        return None
    try:
        content = json.loads(text)
    except (ValueError, RecursionError):
        return None
    value = content.get("id") if isinstance(content, dict) else None
    return value if _valid_id(value) else None


def _valid_id(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, str):
        return len(value) <= 64
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53
