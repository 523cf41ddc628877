"""The Content-Security-Policy is django-csp's (settings.CONTENT_SECURITY_POLICY); this adds
one thing per request: the page's own websocket origin in connect-src.

CSP 3 lets `'self'` match `ws:` and `wss:` on the same host (Chromium does); browsers from
before that rule need the host's websocket origin named, which a fixed setting cannot do.
django-csp documents `get_policy_parts` as the place to extend (its `update` adds sources).
What the pages need of the policy, and why it has no exceptions: docs/architecture.md.
"""

from __future__ import annotations

from csp.middleware import CSPMiddleware, PolicyParts
from django.core.exceptions import DisallowedHost


class WebsocketOriginCSPMiddleware(CSPMiddleware):
    def get_policy_parts(self, request, response, report_only: bool = False) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        try:
            host = request.get_host()
        except DisallowedHost:  # the response already says the host is refused
            return parts
        scheme = "wss" if request.is_secure() else "ws"
        parts.update = {**(parts.update or {}), "connect-src": [f"{scheme}://{host}"]}
        return parts
