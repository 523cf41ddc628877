"""Websocket routes, served by Channels (see asgi.py)."""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import URLPattern, re_path

from games.routing import websocket_urlpatterns as games_websockets

# The close code for a path that is no websocket of ours (as the table's 4404).
CLOSE_NO_ROUTE = 4404


class NoRoute(AsyncWebsocketConsumer):
    """Any other path: the handshake is refused cleanly (HTTP 403 before acceptance), where
    Channels' router would raise and the server answer 500."""

    async def connect(self) -> None:
        await self.close(code=CLOSE_NO_ROUTE)


websocket_urlpatterns: list[URLPattern] = [*games_websockets, re_path(r"", NoRoute.as_asgi())]
