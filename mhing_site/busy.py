"""A save that found the database busy: a page saying "try again", never a server error.

SQLite lets one transaction write at a time; the others wait for it (settings: IMMEDIATE
transactions and a timeout, SQLITE_TIMEOUT). When the wait runs out, or PostgreSQL breaks a
deadlock, or every connection of PostgreSQL's pool stays taken past its timeout, the
league's forms say so next to the user's entry (leagues.errors.refused_when_busy). This
middleware is the net under every other page that writes (signing in, the lobby, the
admin): 503 with Retry-After, and what to do next. The same when PostgreSQL cannot be reached
for a moment (stopped, restarting: leagues.errors.is_unreachable).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string

from leagues.errors import busy_or_unreachable_message, is_busy

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5


class BusyDatabaseMiddleware:
    # Both modes (WSGI as deployed, ASGI under `make run`), with no adapter of Django's around
    # it in either; Django calls process_exception in a thread either way.
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)  # a coroutine, in async mode

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_busy(exception):
            return None
        log.warning("%s %s: the database was busy: %s", request.method, request.path, exception)
        context = {"message": busy_or_unreachable_message(exception)}
        try:
            response = render(request, "busy.html", context, status=503)
        except Exception as again:
            if not is_busy(again):
                raise
            # The page itself needs the database (the signed-in user, the messages): with
            # every pooled connection taken, it is drawn without the request instead.
            response = HttpResponse(render_to_string("busy.html", context), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
