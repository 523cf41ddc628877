"""Who opened a websocket, read on the pool of database threads.

Channels' AuthMiddleware reads the session and the user with `database_sync_to_async`, which
is thread-sensitive: every socket's sign-in of a process, one after another, on one thread.
When hundreds of pages connect at once (a restarted process, the load test's start), that
one thread was a queue of two queries per socket, and daphne turned away handshakes still
waiting in it. Here the same function runs through `games.snapshots.db_call`: on PostgreSQL
on the pool of threads the table's own reads use (and its connection handed back at once);
on SQLite on one thread, as before.

The session is read as Channels reads it, but the socket's `send` is not wrapped: Channels
saves a session only on an HTTP response, so for a websocket its wrapper only looked at the
session on every frame sent (about 3% of a server's CPU in live play, docs/benchmarks.md).
"""

from __future__ import annotations

from typing import Any

from channels.auth import AuthMiddleware, get_user
from channels.sessions import CookieMiddleware, InstanceSessionWrapper, SessionMiddleware

from games.snapshots import db_call

_user = db_call(get_user.func)


class PooledAuthMiddleware(AuthMiddleware):
    async def resolve_scope(self, scope: dict[str, Any]) -> None:
        scope["user"]._wrapped = await _user(scope)


class WebsocketSessionMiddleware(SessionMiddleware):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            return await super().__call__(scope, receive, send)
        wrapper = InstanceSessionWrapper(scope, send)
        await wrapper.resolve_session()
        return await self.inner(wrapper.scope, receive, send)


def AuthMiddlewareStack(inner: Any) -> Any:  # noqa: N802 (Channels' name)
    return CookieMiddleware(WebsocketSessionMiddleware(PooledAuthMiddleware(inner)))
