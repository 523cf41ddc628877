import copy

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import Resolver404, resolve
from django.views.decorators.http import require_GET

from leagues.access import SignInRequired


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """The site's icon for browsers that ask /favicon.ico (base.html links the SVG)."""
    return redirect(static("favicon.svg"), permanent=False)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """403 page saying why; visitors who only need to sign in are sent to do so."""
    if isinstance(exception, SignInRequired):
        return redirect_to_login(request.get_full_path())
    message = str(exception) if exception and str(exception) else ""
    return render(request, "403.html", {"message": message}, status=403)


def uri_too_long(request: HttpRequest, *, length: int, limit: int) -> HttpResponse:
    """414 page for an address longer than the site reads (mhing_site/long_urls.py), with a
    link to the same page without its query, when that page exists."""
    try:
        match = resolve(request.path_info) if len(request.path) <= limit else None
    except Resolver404:
        match = None
    # base.html repeats the address in its "Sign in" link and language form: on this page
    # they get it without the query, or they would be too long in turn.
    shown = copy.copy(request)
    shown.META = {**request.META, "QUERY_STRING": ""}
    if not match:
        shown.path = "/"
    context = {
        "request": shown,
        "length": length,
        "limit": limit,
        "back_url": request.path if match else None,
        "to_calculator": bool(match) and match.view_name == "scoring:calculator",
    }
    return render(request, "414.html", context, status=414)
