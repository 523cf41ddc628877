"""A websocket's Origin must be the page's own site, port included.

Channels' AllowedHostsOriginValidator compares the Origin's host with ALLOWED_HOSTS and
ignores its port: a page at http://127.0.0.1:9999 (another program on the same machine, or
another site on the same host name) could open a table's socket with the visitor's cookies.
Here, in front of it, the Origin's host and port must equal those of the Host
header the socket was opened with; a Host without a port stands for the usual port of the
Origin's scheme (80, 443), as behind a proxy that passes `Host $host`. Channels' own check
still follows (the host must be allowed; no Origin at all is refused there).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier

DEFAULT_PORTS = {"http": 80, "https": 443}


def same_site(origin: str, host: str) -> bool:
    try:
        seen = urlsplit(origin)
        asked = urlsplit(f"//{host}")
        seen_port, asked_port = seen.port, asked.port
    except ValueError:  # a port that is no number, a broken IPv6 address
        return False
    default = DEFAULT_PORTS.get(seen.scheme.lower())
    if default is None or not seen.hostname or not asked.hostname:
        return False
    return seen.hostname == asked.hostname and (seen_port or default) == (asked_port or default)


class SameOriginValidator:
    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        headers = dict(scope.get("headers") or ())
        origin, host = headers.get(b"origin"), headers.get(b"host")
        if origin is not None and host is not None:
            if not same_site(origin.decode("latin1"), host.decode("latin1")):
                return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
