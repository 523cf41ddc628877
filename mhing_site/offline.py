"""The service worker, served from the site's root so its scope covers the entry pages
(docs/club_nights.md, "Entry without network"). A template, so it names the static files
as this deployment serves them (hashed in production)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    response = render(request, "offline/sw.js", content_type="text/javascript; charset=utf-8")
    # Browsers look for a new worker at most daily anyway; this makes each check see it.
    response["Cache-Control"] = "no-cache"
    return response
