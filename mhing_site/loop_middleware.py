"""Django's middleware run on the event loop under ASGI, sent to a worker thread only for the
work that may need one (the database).

Under ASGI, Django builds the middleware chain around an async handler. A middleware that
is sync only, anywhere in the chain, makes Django hop into a worker thread above it and back
out below it; a `MiddlewareMixin` middleware in async mode sends each of its methods to a
worker thread and back (`sync_to_async`), because any of them might block. On the 2-core
development machine a trip costs about 0.45 ms, and a picker tap made five of them around a
view that itself takes 0.7 ms (docs/benchmarks.md).

Most of these methods only read the request and set headers: no database, nothing tied to a
thread. So under ASGI each listed middleware runs its `process_request` and
`process_response` on the loop, except when the predicate below says this request's call may
reach the database; then that one call goes to the request's thread, as Django would send it:

* the session: its save (a session changed, or `SESSION_SAVE_EVERY_REQUEST`);
* the messages: storing them (messages added, or shown and so to be cleared), which may write
  to the session;
* CSRF: a post's refusal (its page is drawn with the signed-in user), the check of a post
  whose body may not all be in memory, and everything when the token lives in the session
  (`CSRF_USE_SESSIONS`);
* our long-address check: its 414 page, drawn with the signed-in user.

Our own middleware that is not a `MiddlewareMixin` (`not_allowed`, `busy`) serves both modes
itself. The sync path (WSGI, Django's test client) is Django's own, untouched.

Why patches at start-up (`SiteConfig.ready`) and not subclasses in MIDDLEWARE: Django's
deployment checks (`check --deploy`) look for the dotted paths of Django's own classes and
skip themselves without them.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MethodType

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.sessions.middleware import SessionMiddleware
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.common import CommonMiddleware
from django.middleware.csrf import CsrfViewMiddleware
from django.middleware.gzip import GZipMiddleware
from django.middleware.locale import LocaleMiddleware
from django.middleware.security import SecurityMiddleware

from mhing_site.csp import ContentSecurityPolicyMiddleware
from mhing_site.long_urls import MAX_URL_LENGTH, LongUrlMiddleware

SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")


def _never(*args) -> bool:
    return False


def _session_saves(request, response) -> bool:
    session = getattr(request, "session", None)
    return session is not None and (session.modified or settings.SESSION_SAVE_EVERY_REQUEST)


def _messages_stored(request, response) -> bool:
    storage = getattr(request, "_messages", None)
    return storage is not None and (storage.used or storage.added_new)


def _csrf_in_session(*args) -> bool:
    return settings.CSRF_USE_SESSIONS


def _address_too_long(request) -> bool:
    return len(request.get_full_path()) > MAX_URL_LENGTH


# Each middleware: (does this request's process_request need the thread?, does its
# process_response?). A middleware not listed keeps Django's way: always the thread.
ON_THE_LOOP: dict[type, tuple[Callable[..., bool], Callable[..., bool]]] = {
    SecurityMiddleware: (_never, _never),
    ContentSecurityPolicyMiddleware: (_never, _never),
    SessionMiddleware: (_never, _session_saves),
    LocaleMiddleware: (_never, _never),
    CommonMiddleware: (_never, _never),
    CsrfViewMiddleware: (_csrf_in_session, _csrf_in_session),
    AuthenticationMiddleware: (_never, _never),
    MessageMiddleware: (_never, _messages_stored),
    XFrameOptionsMiddleware: (_never, _never),
    LongUrlMiddleware: (_address_too_long, _never),
    # Gzips the body in memory: no database; a tap's answer (a few KB) takes well under the
    # 0.45 ms a trip to the thread costs.
    GZipMiddleware: (_never, _never),
}


def _in_thread(method):
    return sync_to_async(method, thread_sensitive=True)


def _acall_for(
    request_needs_thread: Callable[..., bool], response_needs_thread: Callable[..., bool]
):
    async def __acall__(self, request):
        """MiddlewareMixin.__acall__, with each method on the loop unless it needs the
        thread for this request."""
        response = None
        if hasattr(self, "process_request"):
            if request_needs_thread(request):
                response = await _in_thread(self.process_request)(request)
            else:
                response = self.process_request(request)
        response = response or await self.get_response(request)
        if hasattr(self, "process_response"):
            if response_needs_thread(request, response):
                response = await _in_thread(self.process_response)(request, response)
            else:
                response = self.process_response(request, response)
        return response

    return __acall__


class _Refused(Exception):
    pass


class _CheckOnTheLoop(CsrfViewMiddleware):
    """CSRF's own check of a post, made on the loop: it reads the request's headers, cookie
    and form only. A refusal is not drawn here but raised, for the thread to draw."""

    def __init__(self, get_response) -> None:
        _csrf_init(self, get_response)  # Django's own, not the patched one below

    def _reject(self, request, reason):
        raise _Refused(reason)


def _body_in_memory(request) -> bool:
    """Django's ASGI handler keeps a body up to FILE_UPLOAD_MAX_MEMORY_SIZE in memory, and
    the form parser keeps uploads under it there too: reading such a form touches no disk."""
    length = request.META.get("CONTENT_LENGTH") or ""
    return length.isdigit() and int(length) <= settings.FILE_UPLOAD_MAX_MEMORY_SIZE


async def _csrf_process_view(self, request, callback, callback_args, callback_kwargs):
    """CSRF's view check: for a page asked for (GET and the like) it only marks the request
    as checked, and a post's check reads the form, both on the loop; a refused post is
    checked again in the thread, where the refusal's page is drawn as Django draws it."""
    check = CsrfViewMiddleware.process_view
    if not settings.CSRF_USE_SESSIONS:
        if request.method in SAFE_METHODS:
            return check(self, request, callback, callback_args, callback_kwargs)
        if _body_in_memory(request):
            try:
                return self.check_on_the_loop.process_view(
                    request, callback, callback_args, callback_kwargs
                )
            except _Refused:
                pass
    return await _in_thread(check)(self, request, callback, callback_args, callback_kwargs)


_csrf_init = CsrfViewMiddleware.__init__


def _csrf_init_for_the_loop(self, get_response) -> None:
    _csrf_init(self, get_response)
    if self.async_mode:
        # Django sends a sync process_view to the thread in async mode; an async one it awaits.
        self.process_view = MethodType(_csrf_process_view, self)
        # Its own instance: the trusted origins are read from the settings once per instance.
        self.check_on_the_loop = _CheckOnTheLoop(get_response)


def middleware_on_the_loop() -> None:
    """Let the listed middleware run on the event loop under ASGI (the module's docstring)."""
    for middleware, (request_needs, response_needs) in ON_THE_LOOP.items():
        middleware.__acall__ = _acall_for(request_needs, response_needs)
    CsrfViewMiddleware.__init__ = _csrf_init_for_the_loop
