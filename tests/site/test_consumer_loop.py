"""The consumers' message loop (mhing_site/consumer_loop.py): frames and group messages
handled one at a time in the order they came, as Channels' own loop did, with a task per
source instead of one per message."""

from __future__ import annotations

import asyncio

import pytest
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from mhing_site.consumer_loop import QueuedDispatchMixin

# Channels' websocket_disconnect closes old database connections itself: after another test
# has opened one in this process, that touches the database.
pytestmark = pytest.mark.django_db


class Recorder(QueuedDispatchMixin, AsyncWebsocketConsumer):
    """Echoes each frame and group message, after a pause in which nothing else may run."""

    busy = False
    seen: list[str]

    async def dispatch(self, message) -> None:  # as the table's consumer: no database
        await getattr(self, get_handler_name(message))(message)

    async def connect(self) -> None:
        self.seen = []
        await self.channel_layer.group_add("loop-test", self.channel_name)
        await self.accept()

    async def _handle(self, what: str) -> None:
        assert not self.busy, "two messages handled at once"
        self.busy = True
        await asyncio.sleep(0.01)
        self.seen.append(what)
        self.busy = False
        await self.send(text_data=what)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        await self._handle(f"frame {text_data}")

    async def note(self, message) -> None:
        await self._handle(f"group {message['n']}")

    async def disconnect(self, code) -> None:
        await self.channel_layer.group_discard("loop-test", self.channel_name)


async def test_frames_and_group_messages_are_handled_one_at_a_time_in_order():
    socket = WebsocketCommunicator(Recorder.as_asgi(), "/loop/")
    connected, _ = await socket.connect()
    assert connected
    layer = get_channel_layer()
    for n in range(3):
        await socket.send_to(text_data=str(n))
        await layer.group_send("loop-test", {"type": "note", "n": n})
    answers = [await socket.receive_from() for _ in range(6)]
    assert sorted(answers) == sorted(
        [f"frame {n}" for n in range(3)] + [f"group {n}" for n in range(3)]
    )
    assert [a for a in answers if a.startswith("frame")] == ["frame 0", "frame 1", "frame 2"]
    assert [a for a in answers if a.startswith("group")] == ["group 0", "group 1", "group 2"]
    await socket.disconnect()


async def test_a_failing_channel_layer_ends_the_socket_with_its_error(monkeypatch):
    layer = get_channel_layer()

    async def broken(channel):
        raise ConnectionError("the layer is gone")

    monkeypatch.setattr(layer, "receive", broken)
    socket = WebsocketCommunicator(Recorder.as_asgi(), "/loop/")
    with pytest.raises(ConnectionError, match="the layer is gone"):
        await socket.connect()  # the error may come before the socket is accepted, or after
        await socket.wait(1)


async def test_after_the_socket_closed_nothing_is_left_waiting():
    before = len(asyncio.all_tasks())
    socket = WebsocketCommunicator(Recorder.as_asgi(), "/loop/")
    await socket.connect()
    await socket.disconnect()
    await asyncio.sleep(0.01)
    assert len(asyncio.all_tasks()) == before
