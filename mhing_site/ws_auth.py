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

The user is checked against SECRET_KEY_FALLBACKS too, as Django checks it for pages: Channels'
`get_user` (4.3.2) knows only SECRET_KEY and deletes the session it cannot verify, so after a
key rotation every seated player whose page reconnected became a watcher and was signed out
of the pages as well (docs/upstream.md).
"""

from __future__ import annotations

import logging
from typing import Any

from channels.auth import AuthMiddleware
from channels.sessions import CookieMiddleware, InstanceSessionWrapper, SessionMiddleware
from django.conf import settings
from django.contrib.auth import (
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,
    load_backend,
)
from django.contrib.auth.models import AnonymousUser
from django.utils.crypto import constant_time_compare

from games.snapshots import db_call
from leagues.errors import is_busy

log = logging.getLogger(__name__)

# The database out of reach: "try again later", as HTTP's 503. In the private range because
# daphne (autobahn) sends no standard code but 1000; static/js/table.js reconnects on it.
TRY_AGAIN_LATER = 4503


def signed_in_user(scope: dict[str, Any]) -> Any:
    """The session's user, as Django's `get_user` finds it for a page: its hash made with
    SECRET_KEY or with a key of SECRET_KEY_FALLBACKS. Unlike Django's, the session is left as
    it is: a websocket cannot give the browser a new cookie, so the next page it loads
    cycles the session's key (Django), and a session that does not verify is left for that
    page to end, not deleted here."""
    session = scope["session"]
    try:
        user_id = get_user_model()._meta.pk.to_python(session[SESSION_KEY])
        backend_path = session[BACKEND_SESSION_KEY]
    except KeyError:
        return AnonymousUser()
    if backend_path not in settings.AUTHENTICATION_BACKENDS:
        return AnonymousUser()
    user = load_backend(backend_path).get_user(user_id)
    if user is None:
        return AnonymousUser()
    session_hash = session.get(HASH_SESSION_KEY)
    hashes = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
    if session_hash and any(constant_time_compare(session_hash, made) for made in hashes):
        return user
    return AnonymousUser()


_user = db_call(signed_in_user)


class PooledAuthMiddleware(AuthMiddleware):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        scope = dict(scope)
        self.populate_scope(scope)
        try:
            await self.resolve_scope(scope)
        except Exception as error:
            if not is_busy(error):
                raise
            # The database out of reach (PostgreSQL restarting): not the server error the
            # handshake got (HTTP 500), but the close a page reconnects after.
            log.warning("websocket %s: database unavailable on sign-in: %s", scope["path"], error)
            await try_again_later(receive, send)
            return None
        return await self.inner(scope, receive, send)

    async def resolve_scope(self, scope: dict[str, Any]) -> None:
        scope["user"]._wrapped = await _user(scope)


async def try_again_later(receive: Any, send: Any) -> None:
    """Accept the websocket and close it at once with TRY_AGAIN_LATER (a close before the
    accept would be an HTTP 403, which a client cannot tell from a refusal)."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": TRY_AGAIN_LATER})
    # Until the server has closed it: an application that ends with its socket still open
    # has daphne close it with 1011, the server error.
    while (await receive())["type"] != "websocket.disconnect":
        pass


class WebsocketSessionMiddleware(SessionMiddleware):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            return await super().__call__(scope, receive, send)
        wrapper = InstanceSessionWrapper(scope, send)
        await wrapper.resolve_session()
        return await self.inner(wrapper.scope, receive, send)


def AuthMiddlewareStack(inner: Any) -> Any:  # noqa: N802 (Channels' name)
    return CookieMiddleware(WebsocketSessionMiddleware(PooledAuthMiddleware(inner)))
