"""daphne as an installed app, for its `runserver` (ASGI: HTTP and websockets in development),
without loading its server in every process.

daphne's own app config (`daphne.apps`) imports `daphne.server` at start-up to install
Twisted's reactor early: Twisted and the reactor, a large part of every `manage.py`
command's start (`python -X importtime` shows it), a third of `score_hand`'s. The processes
that serve do not need it there: `runserver` imports `daphne.server` itself as its module
loads, before the site's ASGI application, and the `daphne` command is its own program.

daphne's check that it comes before staticfiles (daphne.E001) lives in `daphne.apps` too;
the order is kept here by hand: first in INSTALLED_APPS, so its `runserver` is the one used.
"""

from django.apps import AppConfig


class DaphneRunserverConfig(AppConfig):
    name = "daphne"
    verbose_name = "Daphne"
