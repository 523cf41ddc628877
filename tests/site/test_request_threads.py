"""Each page request's worker thread is reused by the next one (mhing_site/request_threads.py),
through the site's own ASGI application: pages still answer, a request's sync code runs on
one thread of its own, the next request gets that same thread back, and two requests at once
never share one."""

from __future__ import annotations

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async

from mhing_site.request_threads import ReusedRequestThreads
from scoring.bench_asgi import SiteApplication


async def request(app, path: str) -> tuple[int, bytes]:
    answer = await SiteApplication(application=app).ask("GET", path)
    return answer.status_code, answer.content


async def hello(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"hi"})


def threads_of(app_inner):
    """An ASGI app that records the thread its thread-sensitive sync code ran on, twice."""
    seen = []

    def where():
        return threading.get_ident()

    async def app(scope, receive, send):
        first = await sync_to_async(where)()
        await asyncio.sleep(0.01)  # another request may start meanwhile
        second = await sync_to_async(where)()
        seen.append((first, second))
        await app_inner(scope, receive, send)

    return app, seen


@pytest.mark.django_db(transaction=True)
def test_the_sites_pages_answer_through_the_reused_threads():
    from mhing_site.asgi import application

    async def both():
        return [await request(application, "/calculator/") for _ in range(3)]

    answers = asyncio.run(both())
    assert [status for status, _ in answers] == [200, 200, 200]
    assert all(b"Mhing" in body for _, body in answers)


def test_a_request_keeps_one_thread_and_the_next_request_gets_it_back():
    inner, seen = threads_of(hello)
    app = ReusedRequestThreads(inner)

    async def one_after_another():
        await request(app, "/a")
        await request(app, "/b")

    asyncio.run(one_after_another())
    (a1, a2), (b1, b2) = seen
    assert a1 == a2 and b1 == b2  # one thread for all of a request's sync code
    assert a1 == b1  # and the next request had it back, not a new one


def test_two_requests_at_once_never_share_a_thread():
    inner, seen = threads_of(hello)
    app = ReusedRequestThreads(inner)

    async def at_once():
        await asyncio.gather(*(request(app, f"/{n}") for n in range(4)))

    asyncio.run(at_once())
    assert len({first for first, _ in seen}) == 4
    assert all(first == second for first, second in seen)


def test_a_request_that_fails_does_not_give_its_thread_back():
    async def broken(scope, receive, send):
        raise RuntimeError("the view's code failed")

    inner, seen = threads_of(broken)
    app = ReusedRequestThreads(inner)

    async def failing_then_fine():
        with pytest.raises(RuntimeError):
            await request(app, "/broken")
        return len(app._idle)

    assert asyncio.run(failing_then_fine()) == 0
