"""Requests sent to the site's ASGI application as daphne sends them, for the tap benchmarks
(benchmarks/clicks.py, benchmarks/clicks_mahjongg.py).

`mhing_site.asgi.application` is what daphne calls for every request: Channels' router and
Django's ASGI handler, with its request body, its disconnect listener and its response
messages. Django's AsyncClient skips all of that (it calls the handler's inner
`get_response_async`), a noticeable part of a tap, so the figures are taken here. Only the
HTTP parsing and the socket, daphne's own, are left out. CSRF is
checked as on a server: a POST carries the token of the CSRF cookie, as htmx does on our
pages.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Answer:
    status_code: int
    content: bytes


class SiteApplication:
    """The site's ASGI application (or `application`), driven from this thread on an event
    loop of its own by `get` and `post`, or awaited on the caller's by `ask`, with the
    cookies of a test `Client` (its signed-in session)."""

    def __init__(self, cookies: SimpleCookie | None = None, application=None) -> None:
        if application is None:
            from mhing_site.asgi import application
        self.application = application
        self.cookies = {key: morsel.value for key, morsel in (cookies or {}).items()}
        self._loop: asyncio.AbstractEventLoop | None = None

    def get(self, url: str, headers: dict | None = None) -> Answer:
        return self._run(self.ask("GET", url, headers=headers))

    def post(self, url: str, body: bytes, content_type: str, headers: dict | None = None):
        if "csrftoken" not in self.cookies:
            self.get(url)  # the form page sets the CSRF cookie
        headers = {**(headers or {}), "Content-Type": content_type}
        headers["X-CSRFToken"] = self.cookies["csrftoken"]
        return self._run(self.ask("POST", url, body, headers))

    def close(self) -> None:
        if self._loop is not None:
            self._loop.close()

    def _run(self, asking):
        if self._loop is None:
            self._loop = asyncio.new_event_loop()
        return self._loop.run_until_complete(asking)

    async def ask(
        self, method: str, url: str, body: bytes = b"", headers: dict | None = None
    ) -> Answer:
        """One request, answered once the application is done with it."""
        headers = headers or {}
        parts = urlsplit(url)
        sent: list[dict] = []
        asked = False

        async def receive() -> dict:
            nonlocal asked
            if not asked:
                asked = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.Event().wait()  # the client stays until the answer is in
            raise AssertionError("unreachable")

        async def send(message: dict) -> None:
            sent.append(message)

        cookie = "; ".join(f"{key}={value}" for key, value in self.cookies.items())
        raw = [(b"host", b"testserver"), (b"cookie", cookie.encode())]
        if body:  # as a browser sends a form
            raw.append((b"content-length", str(len(body)).encode()))
        raw += [(key.lower().encode(), str(value).encode()) for key, value in headers.items()]
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": parts.path,
            "raw_path": parts.path.encode(),
            "query_string": parts.query.encode(),
            "root_path": "",
            "headers": raw,
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8000),
        }
        await self.application(scope, receive, send)
        start = sent[0]
        for key, value in start.get("headers", []):
            if key.lower() == b"set-cookie":
                for name, morsel in SimpleCookie(value.decode()).items():
                    self.cookies[name] = morsel.value
        content = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
        return Answer(start["status"], content)
