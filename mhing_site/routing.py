"""Websocket routes, served by Channels (see asgi.py).

The games app adds its table consumer here when live play arrives.
"""

from django.urls import URLPattern

websocket_urlpatterns: list[URLPattern] = []
