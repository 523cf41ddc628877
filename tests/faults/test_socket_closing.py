"""A move reaches a socket whose browser is closing it: the frame is dropped, not the socket's
clean-up (seen in CI: daphne raised autobahn's "Attempt to send on a closed protocol" into
the consumer, which then ended without its disconnect, so the seat stayed "connected" and in
the table's group until the presence sweep)."""

from __future__ import annotations

import pytest
from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.routing import URLRouter

from games.models import TablePresence
from games.routing import websocket_urlpatterns
from tests.games.conftest import Client, current, quiet, started_table

pytestmark = pytest.mark.django_db(transaction=True)


class ClosingServer:
    """The ASGI server as daphne behaves once the browser began to close the socket: every
    frame the application sends raises, until the disconnect is delivered."""

    def __init__(self, error: type[BaseException]) -> None:
        self.inner = URLRouter(websocket_urlpatterns)
        self.error = error
        self.closing = False
        self.refused = 0

    async def __call__(self, scope, receive, send):
        async def server_send(message):
            if self.closing and message["type"] == "websocket.send":
                self.refused += 1
                raise self.error("Attempt to send on a closed protocol")
            await send(message)

        return await self.inner(scope, receive, server_send)


@database_sync_to_async
def present(table_id: int) -> int:
    return TablePresence.objects.filter(table_id=table_id).count()


@pytest.mark.parametrize("error", [Disconnected, ConnectionResetError], ids=["daphne", "asgi"])
async def test_a_move_reaching_a_closing_socket_leaves_its_disconnect_to_clean_up(
    alice, bob, error
):
    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    server = ClosingServer(error)
    closing = await Client(table.slug, alice, app=server).connect()
    other = await Client(table.slug, bob).connect()
    version = await quiet([closing, other])
    assert await present(table.id) == 2

    server.closing = True  # Alice's browser is closing her socket
    view = other.view
    while not view["actions"]:  # Alice's turn first: the table's own timers are long
        server.closing = False
        await closing.act(closing.view["actions"][0])
        version = await quiet([closing, other])
        view = other.view
        server.closing = True
    answer = await other.act(view["actions"][0])  # Bob moves: "version V" reaches Alice's
    assert answer["type"] == "snapshot"
    await quiet([other])
    assert server.refused >= 1  # her socket was sent the move, and the server refused it

    await closing.disconnect()  # the server tells the application the socket is gone
    assert await present(table.id) == 1  # her seat is no longer shown as connected
    assert (await current(table.slug)).version > version
    await other.disconnect()
