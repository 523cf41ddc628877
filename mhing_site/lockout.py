"""The page a locked-out sign-in gets (django-axes' AXES_LOCKOUT_CALLABLE): the sign-in page's
frame, saying why, how long to wait, and the other ways back in. The same for the site's
sign-in and the admin's, so a club's staff read what their members read."""

from __future__ import annotations

import math

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

# Too Many Requests, as axes answers by default; Retry-After tells scripts when to come back.
STATUS = 429


def lockout_minutes() -> int:
    return math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)


def locked_out(request: HttpRequest, *args: object) -> HttpResponse:
    """Axes calls this with (request, response, credentials) on the sync path and
    (request, credentials) under ASGI: neither extra is needed."""
    minutes = lockout_minutes()
    response = render(request, "registration/locked_out.html", {"minutes": minutes}, status=STATUS)
    response["Retry-After"] = str(minutes * 60)
    return response


def forwarded_for(request: HttpRequest) -> str | None:
    """The visitor's address behind a trusted proxy (TRUST_X_FORWARDED_FOR): the last entry
    of X-Forwarded-For, the one the proxy itself added; else the connection's."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").rsplit(",", 1)[-1].strip()
    return forwarded or request.META.get("REMOTE_ADDR")
