"""A Channels consumer's message loop without a task and a wait per message.

Channels' `await_many_dispatch` starts a new task for each message it receives (from the
websocket and from the channel layer) and waits on both sources with `asyncio.wait`, which
hooks and unhooks callbacks on every pass. Each move of live play reaches every socket of
its table, so at 150 tables (docs/benchmarks.md) that loop was about 6% of a server's CPU.
Here each source has one task for the socket's life, which hands what it receives to one
queue; the consumer takes from the queue and dispatches one message at a time, in the order
they arrived, as before.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from channels.exceptions import StopConsumer
from channels.layers import get_channel_layer


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


class _Failed:
    """A source that raised: its error is raised again where the messages are dispatched,
    as Channels' loop would (the socket is then closed by the server)."""

    def __init__(self, error: BaseException):
        self.error = error


async def _pump(source: Callable[[], Awaitable[Any]], inbox: asyncio.Queue, last: str) -> None:
    try:
        while True:
            message = await source()
            inbox.put_nowait(message)
            if message.get("type") == last:  # the server sends nothing after it
                return
    except asyncio.CancelledError:
        raise
    except Exception as error:
        inbox.put_nowait(_Failed(error))


class QueuedDispatchMixin:
    """For an async consumer (before AsyncConsumer in its bases): the same `__call__`, with
    the message loop above."""

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.scope = scope
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.base_send = send
        # Kept on the consumer, so that a message may be handed to it in this process
        # without the channel layer (games.catch_up, while the layer fails).
        self.inbox = inbox = asyncio.Queue()
        sources = [(receive, "websocket.disconnect")]
        if self.channel_layer is not None:
            self.channel_name = name = await self.channel_layer.new_channel()
            layer = self.channel_layer
            sources.append((lambda: layer.receive(name), ""))
        pumps = [asyncio.ensure_future(_pump(source, inbox, last)) for source, last in sources]
        try:
            while True:
                message = await inbox.get()
                if isinstance(message, _Failed):
                    raise message.error
                await self.dispatch(message)
        except StopConsumer:
            pass
        finally:
            for pump in pumps:
                pump.cancel()
            await asyncio.gather(*pumps, return_exceptions=True)
