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
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext

# Idle threads kept for the next requests; more requests at once than this start their own
# and end them afterwards, as without the pool.
KEEP_IDLE = 16


class ReusedRequestThreads:
    """ASGI middleware for Django's HTTP application (mhing_site/asgi.py)."""

    def __init__(self, application, keep_idle: int = KEEP_IDLE) -> None:
        self.application = application
        self.keep_idle = keep_idle
        self._idle: list[ThreadPoolExecutor] = []

    async def __call__(self, scope, receive, send) -> None:
        executor = (
            self._idle.pop()
            if self._idle
            else ThreadPoolExecutor(max_workers=1, thread_name_prefix="request")
        )
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.application(scope, receive, send)
        except BaseException:
            _shut_down_later(executor)
            raise
        if len(self._idle) < self.keep_idle:
            self._idle.append(executor)
        else:
            _shut_down_later(executor)


def _shut_down_later(executor: ThreadPoolExecutor) -> None:
    """Its thread may still be at work (a request that failed): joined in the background,
    never on the event loop."""
    threading.Thread(target=executor.shutdown, daemon=True).start()
