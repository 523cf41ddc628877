"""ASGI entry point: Django for HTTP, Channels for websockets."""

import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mhing_site.settings")

# Set up Django (apps, settings) before importing anything that may touch models.
django_asgi_app = get_asgi_application()

from mhing_site.checks import ensure_static_files_collected  # noqa: E402
from mhing_site.long_urls import let_daphne_read_long_lines  # noqa: E402

# Daphne runs no system checks: with DEBUG off and no `collectstatic`, refuse to start here
# rather than fail on every page (mhing_site/checks.py).
ensure_static_files_collected()
if "daphne.server" in sys.modules:
    # Served by daphne (`daphne ...` or `manage.py runserver`): let an over-long address
    # reach Django's 414 page instead of Twisted dropping the connection (long_urls.py).
    let_daphne_read_long_lines()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from mhing_site.origin import SameOriginValidator  # noqa: E402
from mhing_site.routing import websocket_urlpatterns  # noqa: E402
from mhing_site.ws_auth import AuthMiddlewareStack  # noqa: E402  (sign-in on the thread pool)

application = ProtocolTypeRouter(
    {
        # Pages: Django's ASGI handler as shipped (deployed, pages go to gunicorn instead:
        # mhing_site/wsgi.py, docs/deployment.md).
        "http": django_asgi_app,
        # The Origin's port too (mhing_site/origin.py), then Channels' check of its host.
        "websocket": SameOriginValidator(
            AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
        ),
    }
)

if "daphne.server" in sys.modules or "uvicorn" in sys.modules:
    # A server process: the collector tuned for it, now that the application is loaded.
    from mhing_site.gc_tuning import tune_server  # noqa: E402

    tune_server()
