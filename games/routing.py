"""The table's websocket route, included in mhing_site.routing."""

from django.urls import path

from games.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<str:slug>/", TableConsumer.as_asgi()),
]
