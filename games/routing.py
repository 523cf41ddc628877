"""The table's websocket route, included in mhing_site.routing."""

from django.urls import re_path

from games.consumers import TableConsumer
from games.models import SLUG_ALPHABET

# Only what a table's slug can be (games.models.new_slug): a longer or stranger path is
# turned away by the router's catch-all instead of reaching the channel layer, whose group
# names are limited to 100 characters.
websocket_urlpatterns = [
    re_path(rf"^ws/tables/(?P<slug>[{SLUG_ALPHABET}]{{1,12}})/$", TableConsumer.as_asgi()),
]
