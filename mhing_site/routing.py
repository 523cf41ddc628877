"""Websocket routes, served by Channels (see asgi.py)."""

from django.urls import URLPattern

from games.routing import websocket_urlpatterns as games_websockets

websocket_urlpatterns: list[URLPattern] = [*games_websockets]
