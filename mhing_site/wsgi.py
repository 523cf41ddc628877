"""WSGI entry point: the pages, deployed on gunicorn beside daphne for the websockets
(docs/deployment.md). Django's sync path: each middleware and view runs in the request's
own thread, with no hop between an event loop and a worker thread."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mhing_site.settings")

application = get_wsgi_application()

from mhing_site.checks import ensure_static_files_collected  # noqa: E402

# gunicorn runs no system checks: with DEBUG off and no `collectstatic`, refuse to start here
# rather than fail on every page (mhing_site/checks.py).
ensure_static_files_collected()
