"""A page request's worker thread, reused by the next request instead of started anew.

Under ASGI, Django runs each HTTP request in a `ThreadSensitiveContext`: its sync code (the
middleware, a sync view, the signals) runs on one worker thread of the request's own. Left
to itself, asgiref starts that thread for each request and, once the request is done,
starts another one to join it: two threads started and ended for every page and every tap
of the card picker, about 1 ms of a calculator tap's 4-7 ms on the 2-core development
machine (docs/benchmarks.md).

asgiref lets the caller bring the context's executor (`ThreadSensitiveContext(executor=...)`,
"for example in a pool"); Django's own context inside it then does nothing. So each request
borrows an idle single-thread executor and gives it back when Django is done with it.

Why it is safe to give back: Django's handler ends every request with thread-sensitive work
(the response's `close`, or the request-finished signal when the client went away), which
runs on this same one thread after anything the request left running there. So when the
handler returns, the thread is idle, and the request's database connection has been
handed back as after any request (`close_old_connections`). A request that ends in an
exception does not give its thread back: it is shut down in the background, as asgiref
does.

**The request-started signal runs in that thread with the request's first work there.**
Django's handler sends it first thing, and its receivers are sync (Django's own: the
database connections' `reset_queries` and `close_old_connections`, which look after this
thread's connections), so it cost a trip to the thread and back before anything else; a tap
answered on the event loop then made a second trip at the end, to close the response. Now
the signal is sent in the thread right before the first call the request makes there: a view
or middleware in the thread, or at the latest the response's `close`, which Django always
runs there. Every receiver still runs, in the request's thread, before any of the request's
work in it; a receiver that must run before the request's work *on the loop* must be async
(Django then awaits it there). Only requests served through this wrapper; the tests'
clients and WSGI send it as Django does.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextvars import ContextVar

from asgiref.sync import ThreadSensitiveContext
from django.core.signals import request_started

# Idle threads kept for the next requests; more requests at once than this start their own
# and end them afterwards, as without the pool.
KEEP_IDLE = 16


class ReusedRequestThreads:
    """ASGI middleware for Django's HTTP application (mhing_site/asgi.py)."""

    def __init__(self, application, keep_idle: int = KEEP_IDLE) -> None:
        self.application = application
        self.keep_idle = keep_idle
        self._idle: list[RequestThread] = []
        send_request_started_in_the_thread()

    async def __call__(self, scope, receive, send) -> None:
        executor = self._idle.pop() if self._idle else RequestThread()
        serving = _SERVING.set(executor)
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.application(scope, receive, send)
        except BaseException:
            _shut_down_later(executor)
            raise
        finally:
            _SERVING.reset(serving)
            executor.first = None  # a request that never used its thread
        if len(self._idle) < self.keep_idle:
            self._idle.append(executor)
        else:
            _shut_down_later(executor)


class RequestThread(ThreadPoolExecutor):
    """A request's one worker thread, which runs `first` (the request-started signal) before
    the first call the request sends it."""

    def __init__(self) -> None:
        super().__init__(max_workers=1, thread_name_prefix="request")
        self.first: Callable[[], object] | None = None

    def submit(self, fn, /, *args, **kwargs) -> Future:
        # Called on the event loop only (asgiref's `run_in_executor`), one request at a time.
        first, self.first = self.first, None
        if first is None:
            return super().submit(fn, *args, **kwargs)
        return super().submit(_after, first, fn, args, kwargs)


def _after(first: Callable[[], object], fn, args, kwargs):
    first()
    return fn(*args, **kwargs)


# The thread of the request being served through ReusedRequestThreads, in its context.
_SERVING: ContextVar[RequestThread | None] = ContextVar("request_thread", default=None)


def send_request_started_in_the_thread() -> None:
    """Django's handler awaits `request_started.asend`: for a request served here, the
    signal is sent in its thread with the first call (the module's docstring)."""
    if getattr(request_started, "deferred_to_the_thread", False):
        return
    sent_now = request_started.asend

    async def asend(sender, **named):
        thread = _SERVING.get()
        if thread is None:
            return await sent_now(sender, **named)
        thread.first = lambda: request_started.send(sender, **named)
        return []

    request_started.asend = asend
    request_started.deferred_to_the_thread = True


def _shut_down_later(executor: ThreadPoolExecutor) -> None:
    """Its thread may still be at work (a request that failed): joined in the background,
    never on the event loop."""
    threading.Thread(target=executor.shutdown, daemon=True).start()
