"""GET /health/: whether this process reaches its database, and Redis when the site uses it,
for a load balancer or a monitor (docs/operations.md). django-health-check runs the checks
and answers as HTML, JSON (`Accept: application/json` or `?format=json`) or plain text.

200 while the database answers; 503 when it does not, so a load balancer stops sending this
process pages it could only refuse. Redis failing is shown in the answer but keeps the 200:
every process shares the one Redis, so a 503 would take the whole site out of rotation,
while its pages work without Redis and live tables catch up from the database
(games/catch_up.py).

The middleware answers before every other, so the probe needs neither HTTPS (the redirect,
SECURE_SSL_REDIRECT) nor the site's host name (ALLOWED_HOSTS): a load balancer or `curl
http://127.0.0.1:8000/health/` on the machine itself asks by address. The answer holds no
address and nothing from the request.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Iterator

from asgiref.sync import async_to_sync
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from health_check.base import HealthCheck
from health_check.checks import Database
from health_check.contrib.redis import Redis
from health_check.views import HealthCheckView
from redis.asyncio import Redis as RedisClient

PATH = "/health/"
# Within a load balancer's usual probe timeout (5 s); django-health-check's own is 5 s.
WAIT_SECONDS = 2


@dataclasses.dataclass(repr=False)
class DatabaseCheck(Database):
    # A PostgreSQL pool that cannot connect waits its own timeout (10 s) before it fails.
    timeout = datetime.timedelta(seconds=WAIT_SECONDS)

    def __repr__(self) -> str:  # the name in the answer (the library shows its repr)
        return "database"


@dataclasses.dataclass(repr=False)
class RedisCheck(Redis):
    timeout = datetime.timedelta(seconds=WAIT_SECONDS)

    def __repr__(self) -> str:  # not the library's, which names Redis's host and port
        return "redis"

    @property
    def labels(self) -> dict[str, str]:
        return {"check": "redis"}


def redis_url() -> str | None:
    """The Redis the channel layer uses (REDIS_URL), or None with the in-memory layer."""
    layer = settings.CHANNEL_LAYERS.get("default", {})
    hosts = layer.get("CONFIG", {}).get("hosts") or []
    return hosts[0] if hosts and isinstance(hosts[0], str) else None


class HealthView(HealthCheckView):
    def get_checks(self) -> Iterator[HealthCheck]:
        yield DatabaseCheck()
        url = redis_url()
        if url:
            yield RedisCheck(
                client_factory=lambda: RedisClient.from_url(
                    url, socket_timeout=WAIT_SECONDS, socket_connect_timeout=WAIT_SECONDS
                )
            )

    async def get(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = await super().get(request, *args, **kwargs)
        if response.status_code == 500:  # the library's answer when any check failed
            database_down = any(
                result.error for result in self.results if isinstance(result.check, Database)
            )
            response.status_code = 503 if database_down else 200
        return response


class HealthCheckMiddleware:
    """First in MIDDLEWARE: answers /health/ itself, before the HTTPS redirect and the host
    check of the middleware below it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.view = HealthView.as_view()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == PATH:
            # The view is asynchronous (the library's); Django runs this middleware in a
            # thread under ASGI, so this works under gunicorn and daphne alike.
            response = async_to_sync(self.view)(request)
            # Its HTML answer is a TemplateResponse, which the handler would render after
            # the view: this middleware is where the view's answer leaves.
            return response.render() if hasattr(response, "render") else response
        return self.get_response(request)
