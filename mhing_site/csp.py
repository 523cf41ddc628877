"""Content-Security-Policy: the browser runs and loads only what this site serves itself.

Django 5.2 has no CSP of its own (it arrives in 6.0), so this middleware sets one header on
every response. The pages are written to need nothing more than the policy below:

* no inline `<script>`, event-handler attributes (`onclick=`), `javascript:` URLs or eval:
  the scripts are files under static/js/ and static/vendor/, and htmx is told not to eval
  (`allowEval` in base.html's `htmx-config`). `json_script` blocks are data
  (`type="application/json"`), which CSP does not treat as script;
* no inline `<style>` or `style=` attributes: htmx would add a `<style>` for its request
  indicators, so base.html turns that off (`includeIndicatorStyles`) and site.css carries
  the same rules. Scripts that set `element.style.x` are fine: CSP governs markup, not the
  CSS object model;
* pictures are inline SVG or files: no `data:` images;
* the live table's websocket goes to the page's own host. CSP 3 lets `'self'` match `ws:`
  and `wss:` on the same host (Chromium does: the browser test passes without the origin
  below); browsers from before that rule needed the host's websocket origin named, so it
  is named as well.

Django's admin (5.2) needs no exception: its templates carry no inline script or style
(tests/faults/test_browser_csp.py loads its pages under this policy). Django's debug pages
do carry both; they exist only with DEBUG on, so that is the one case left without a policy.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

HEADER = "Content-Security-Policy"

# In the order a reader checks them: where anything may come from, then each exception.
POLICY = (
    ("default-src", "'self'"),
    ("script-src", "'self'"),
    ("style-src", "'self'"),
    ("img-src", "'self'"),
    ("font-src", "'self'"),
    ("connect-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
    ("frame-ancestors", "'none'"),
)

# DEBUG's technical 404 and 500 pages style and script themselves inline.
_DEBUG_PAGES = {404, 500}


def policy_for(request: HttpRequest) -> str:
    """The policy for a response to `request`: the fixed one, plus this host's websocket
    origin in connect-src."""
    directives = dict(POLICY)
    try:
        host = request.get_host()
    except DisallowedHost:  # the response already says the host is refused
        host = None
    if host:
        scheme = "wss" if request.is_secure() else "ws"
        directives["connect-src"] += f" {scheme}://{host}"
    return "; ".join(f"{name} {sources}" for name, sources in directives.items())


class ContentSecurityPolicyMiddleware(MiddlewareMixin):
    """Adds the policy to every response that has none yet (sync and async alike)."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if HEADER in response.headers:
            return response
        if settings.DEBUG and response.status_code in _DEBUG_PAGES:
            return response
        response.headers[HEADER] = policy_for(request)
        return response
