"""The 500 page: the site's look in the visitor's language, drawn from nothing that may be
what failed.

Django's own handler draws 500.html without the request, which keeps the session and the
database out of it; this one does the same and, should the template itself fail (a static
file missing from the manifest), answers a bare page rather than fail in turn. The language
is the one LocaleMiddleware chose for the request, still active while the error is handled.
"""

from __future__ import annotations

import logging

from django.http import HttpRequest, HttpResponseServerError
from django.template import loader
from django.utils.html import escape
from django.utils.translation import gettext

log = logging.getLogger(__name__)


def server_error(request: HttpRequest) -> HttpResponseServerError:
    try:
        html = loader.render_to_string("500.html")
    except Exception:
        log.exception("the 500 page could not be drawn; a bare one was sent")
        html = f"<!doctype html><h1>{escape(gettext('Something went wrong'))}</h1>"
    return HttpResponseServerError(html)
