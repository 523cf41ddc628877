"""405 as a page: an address that takes a form's submission, visited instead (a bookmark, a
reloaded result, a link shared from the address bar). Django's `require_POST` answers with
an empty body, which a browser shows as a blank page; this says what happened and where to go.
"""

from __future__ import annotations

from collections.abc import Callable

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import render


class NotAllowedPageMiddleware:
    # Both modes: WSGI (gunicorn, the pages as deployed) and ASGI (`make run`'s daphne), with
    # no adapter of Django's around it in either; the page, which shows who is signed in, is
    # drawn in the request's thread.
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.async_mode = iscoroutinefunction(get_response)
        if self.async_mode:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self.async_mode:
            return self._acall(request)
        response = self.get_response(request)
        if not _wants_page(request, response):
            return response
        return _page(request, response)

    async def _acall(self, request: HttpRequest) -> HttpResponse:
        response = await self.get_response(request)
        if not _wants_page(request, response):
            return response
        return await sync_to_async(_page)(request, response)


def _wants_page(request: HttpRequest, response: HttpResponse) -> bool:
    if not isinstance(response, HttpResponseNotAllowed) or response.content:
        return False
    # A program or a script: the status and Allow say it all.
    return request.method in ("GET", "HEAD") and not request.htmx


def _page(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    page = render(request, "405.html", status=405)
    page["Allow"] = response["Allow"]
    return page
