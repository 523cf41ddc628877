"""Each page request's worker thread is reused by the next one (mhing_site/request_threads.py),
through the site's own ASGI application: pages still answer, a request's sync code runs on
one thread of its own, the next request gets that same thread back, and two requests at once
never share one. The request-started signal runs in that thread right before the request's
first work there, so a tap answered on the event loop makes one trip to it, not two."""

from __future__ import annotations

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.core.signals import request_started

from benchmarks.asgi import SiteApplication
from mhing_site.request_threads import ReusedRequestThreads


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


@pytest.fixture
def started() -> list[tuple]:
    """Each request-started signal received: the thread it ran on and the request's path."""
    seen: list[tuple] = []

    def receiver(sender, scope=None, **kwargs):
        seen.append(("started", threading.get_ident(), scope["path"]))

    request_started.connect(receiver, dispatch_uid="test-request-started")
    yield seen
    request_started.disconnect(dispatch_uid="test-request-started")


def as_django_starts(work_for: set[str], seen: list[tuple]):
    """An ASGI app that sends the request-started signal first, as Django's handler does,
    then, for the paths in `work_for`, does some sync work in the request's thread."""

    async def app(scope, receive, send):
        await request_started.asend(sender=ASGIHandler, scope=scope)
        seen.append(("signal sent", threading.get_ident(), scope["path"]))
        if scope["path"] in work_for:
            await sync_to_async(lambda: seen.append(("work", threading.get_ident(), "")))()
        await hello(scope, receive, send)

    return app


def test_the_request_started_signal_runs_in_the_requests_thread_before_its_first_work(started):
    app = ReusedRequestThreads(as_django_starts({"/a"}, started))

    asyncio.run(request(app, "/a"))

    assert [what for what, _, _ in started] == ["signal sent", "started", "work"]
    (_, loop, _), (_, receiver, path), (_, work, _) = started
    assert receiver == work != loop and path == "/a"


def test_a_request_that_never_used_its_thread_leaves_no_signal_for_the_next(started):
    app = ReusedRequestThreads(as_django_starts({"/b"}, started))

    async def one_after_another():
        await request(app, "/a")  # answered on the loop: its signal never runs
        await request(app, "/b")  # the same thread: only its own signal runs there

    asyncio.run(one_after_another())
    assert [(what, path) for what, _, path in started if what == "started"] == [("started", "/b")]


@pytest.mark.django_db(transaction=True)
def test_a_tap_answered_on_the_loop_makes_one_trip_to_its_thread(thread_trips, started):
    from mhing_site.asgi import application

    site = SiteApplication(application=application)
    tap = {"HX-Request": "true", "HX-Target": "calculator-result"}  # picker.js after a tap

    async def taps():
        await site.ask("GET", "/calculator/?hand=567b", headers=tap)  # the URLs loaded
        thread_trips.clear()
        started.clear()
        return await site.ask("GET", "/calculator/?hand=567b+567b+678b", headers=tap)

    answer = asyncio.run(taps())

    assert answer.status_code == 200 and "9 of 14 cards" in answer.content.decode()
    # The response's close, with the request-started signal before it in the same trip.
    assert thread_trips == ["HttpResponseBase.close"]
    assert [path for what, _, path in started if what == "started"] == ["/calculator/"]
