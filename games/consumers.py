"""The table's websocket: one consumer per connection (docs/live_protocol.md).

It parses each frame into a closed set (action, sync, next_round; anything else is answered
with an error frame and changes nothing), calls the table model, and tells the table's
group "version V". On that message every socket loads the table and sends its own seat's
view, so hidden hands never cross the channel layer. A socket sends versions in increasing
order only, skipping any it has already sent.
"""

from __future__ import annotations

import json
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils import translation

from games import live
from games.errors import TableError
from games.messages import error_frame, language_of
from games.models import Table
from games.play.errors import PlayError
from games.snapshots import db_call, keep, kept, load, loaded, seats_after_move

# Close codes in the private range (4000-4999) a client can tell apart.
CLOSE_NO_TABLE = 4404

FRAME_KEYS = {
    "action": {"type", "action"},
    "sync": {"type", "version"},
    "next_round": {"type"},
}


@db_call
def _join(slug: str, user) -> tuple[int, int | None, int, str | None] | None:
    """The table's id, the user's seat (None: watching), the version after marking the
    seat connected, and the bot's next move; None when there is no such table."""
    table = Table.objects.select_related("league").filter(slug=slug).first()
    if table is None:
        return None
    seat = table.seat_of(user)
    if seat is not None:
        table.connect(seat.position)
    version, pending = _keep_as_is(table)
    return table.pk, seat.position if seat is not None else None, version, pending


@db_call
def _leave(table_id: int, position: int) -> tuple[int | None, str | None]:
    try:
        table = Table.objects.select_related("league").get(pk=table_id)
        table.disconnect(position)
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


def _known(table_id: int) -> Table:
    # Only the id: every change locks and reads the row itself (Table.act and friends),
    # and leaves this instance as saved, so reading the row first would be wasted.
    return Table(pk=table_id)


def _after(table: Table, version: int) -> tuple[int, str | None]:
    """The new version and the bot's next move; the table as changed is kept for the
    sockets of this process, which need not load it again."""
    seats = seats_after_move(table)
    keep(loaded(table, seats))
    return version, table.pending_bot(seats)


@db_call
def _act(table_id: int, position: int, action: Any) -> tuple[int, str | None]:
    table = _known(table_id)
    return _after(table, table.act(position, action)[0])


@db_call
def _next_round(table_id: int, position: int) -> tuple[int, str | None]:
    table = _known(table_id)
    return _after(table, table.ready_for_next_round(position))


_load = db_call(load)


@db_call
def _current_version(slug: str) -> int:
    return Table.objects.values_list("version", flat=True).get(slug=slug)


class TableConsumer(AsyncJsonWebsocketConsumer):
    slug: str
    position: int | None = None
    sent: int = 0  # the last version this socket sent
    reply_to: str | int | None = None

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels' own dispatch first closes old database connections, as Django does per
        # request: a hop to a worker thread for every frame and every group message, and on
        # SQLite it closes the connection db_call keeps open. This consumer touches the
        # database only through db_call, which hands its connection back itself.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.slug = self.scope["url_route"]["kwargs"]["slug"]
        self.group = live.group_name(self.slug)
        self.joined = False
        self.language = language_of(self.scope)
        # In the table's group before the table is read: every change after the read below
        # is then announced to this socket, so the snapshot it sends first may be that read.
        await self.channel_layer.group_add(self.group, self.channel_name)
        joined = None
        try:
            joined = await _join(self.slug, self.scope.get("user"))
        finally:
            if joined is None:  # no such table, or the database failed
                await self.channel_layer.group_discard(self.group, self.channel_name)
        if joined is None:
            await self.close(code=CLOSE_NO_TABLE)
            return
        self.table_id, self.position, version, pending = joined
        self.joined = True
        await self.accept()
        live.kick(self.slug, pending)  # a table waiting for its players may go on
        if self.position is not None:
            await live.changed(self.slug, version)  # the others see the seat connected
        await self._send_update(at_least=version)

    async def disconnect(self, code: int) -> None:
        if not getattr(self, "joined", False):
            return
        await self.channel_layer.group_discard(self.group, self.channel_name)
        if self.position is not None:
            version, pending = await _leave(self.table_id, self.position)
            await live.changed(self.slug, version)
            live.kick(self.slug, pending)  # the bot plays this seat's turns now

    # -- client frames ------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        self.reply_to = None
        if text_data is None:
            await self._error("malformed", "frames_are_text")
            return
        try:
            content = json.loads(text_data)
        except ValueError:
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
        if kind not in FRAME_KEYS:
            await self._error("malformed", "unknown_frame")
            return
        if set(content) - {"id"} != FRAME_KEYS[kind]:
            await self._error("malformed", "frame_fields", kind=kind)
            return
        if kind == "sync":
            await self._answer_sync(content["version"])
            return
        if self.position is None:
            await self._error("not_seated", "not_seated")
            return
        try:
            if kind == "action":
                version, pending = await _act(self.table_id, self.position, content["action"])
            else:
                version, pending = await _next_round(self.table_id, self.position)
        except (PlayError, TableError, Table.DoesNotExist) as error:
            await self._refused(error)
            return
        # The bots are set going before the actor hears back, so once a client holds its
        # answer, whatever the change set in motion is already under way.
        live.kick(self.slug, pending)
        await live.changed(self.slug, version)
        await self._send_update(at_least=version, answer=True)

    async def _answer_sync(self, version: Any) -> None:
        if not isinstance(version, int) or isinstance(version, bool) or version < 0:
            await self._error("malformed", "sync_version")
            return
        current = await _current_version(self.slug)
        if version == current:
            self.sent = max(self.sent, current)
            await self.send_json(self._answer({"type": "up_to_date", "version": current}))
            return
        # Behind (or ahead of a server that lost data): the whole picture again.
        await self._send_update(force=True, answer=True)

    # -- group messages -----------------------------------------------------------------

    async def table_changed(self, message: dict[str, Any]) -> None:
        if message["version"] > self.sent:
            await self._send_update(at_least=message["version"])

    async def _send_update(
        self, at_least: int | None = None, force: bool = False, answer: bool = False
    ) -> None:
        """Send what the socket has not seen, up to version `at_least` or newer (None: the
        table as it is now); `force`: the snapshot even when the socket has seen it."""
        sent = -1 if force else self.sent
        table = kept(self.slug, at_least)  # another socket of this process loaded it
        if table is None:
            table = await _load(self.slug, at_least)
        frames, deadline = table.frames_since(sent, self.position), table.deadline
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
        version = await _current_version(self.slug)
        with translation.override(self.language):
            await self.send_json(self._answer(error_frame(code, problem, version, **fields)))

    async def _refused(self, error: Exception) -> None:
        try:
            version = await _current_version(self.slug)
        except Table.DoesNotExist:
            version = 0
        with translation.override(self.language):
            await self.send_json(self._answer(error_frame(None, error, version)))


def _valid_id(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, str):
        return len(value) <= 64
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53
