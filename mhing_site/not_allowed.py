"""405 as a page: an address that takes a form's submission, visited instead (a bookmark, a
reloaded result, a link shared from the address bar). Django's `require_POST` answers with
an empty body, which a browser shows as a blank page; this says what happened and where to go.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import render


class NotAllowedPageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not isinstance(response, HttpResponseNotAllowed) or response.content:
            return response
        if request.method not in ("GET", "HEAD") or request.htmx:
            return response  # a program or a script: the status and Allow say it all
        page = render(request, "405.html", status=405)
        page["Allow"] = response["Allow"]
        return page
