"""Django's SecurityMiddleware, without two thread switches a request under ASGI.

Under daphne the outermost middleware runs on the event loop: servestatic's is async only,
and SecurityMiddleware sits above it so that static files get the same headers. For a sync
`process_request` and `process_response` there, Django's `MiddlewareMixin` goes through
`sync_to_async`, to be safe for any code: two trips to a worker thread and back on every
request. On the 2-core development machine, loaded, that was about 1 ms of a calculator
tap's 7–8 ms (docs/benchmarks.md, "What a tap on the card picker costs").
SecurityMiddleware's two methods only read the request and the settings and set headers: no
database, no I/O, nothing tied to a thread. So under ASGI they run on the loop directly.

Why a patch at start-up (`SiteConfig.ready`) and not a subclass in MIDDLEWARE: Django's
deployment checks (`check --deploy`: HSTS, SSL redirect, …) look for the dotted path
"django.middleware.security.SecurityMiddleware" in MIDDLEWARE and skip themselves without it.
The sync path (WSGI, the test client) is Django's own, untouched.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.middleware.security import SecurityMiddleware


async def _acall_on_the_loop(self: SecurityMiddleware, request: HttpRequest) -> HttpResponseBase:
    """MiddlewareMixin.__acall__ without the `sync_to_async` around the two methods."""
    response = self.process_request(request)
    response = response or await self.get_response(request)
    return self.process_response(request, response)


def security_headers_on_the_loop() -> None:
    """Let SecurityMiddleware run on the event loop under ASGI (see the module's docstring)."""
    SecurityMiddleware.__acall__ = _acall_on_the_loop
