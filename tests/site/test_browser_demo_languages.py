"""Every page of the demo in German and French on a 390 px phone, as the demo's organiser
(who sees the most), with no error in the browser's console. The player
pages' points chart had its SVG coordinates written with decimal commas ("56,0"): 2 to 10
console errors a page, and the dots drawn on the axis instead of on the line. Numbers
meant for SVG, script or CSS are never localised.

The pages are those `benchmarks.page_weight` walks (every page the demo's pages link to),
each kind once (`kind`: one round's correction form stands for every match's others, one
with the same query parameters for the others with other values), each match's sheet and
each player's page all the same. The browser walks them itself, in German: the walk's links
are read from the pages it opens (Django's test client rendering each page a third time,
only to list them, was a tenth of the test's CPU). Then the same tab, switched to French as
the site's language switch does (its cookie), opens the pages the walk found. Each page's
Content-Language shows it came in the language asked for.

Run with `pytest -m browser tests/site/test_browser_demo_languages.py`.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, Response

from benchmarks.page_weight import page_kind, walk
from leagues import demo
from tests.games.live_pages import sign_in
from tests.layout import PHONE, keep_screenshot

pytestmark = pytest.mark.browser

# Each dot: its centre, and the chart's left edge (the y axis), in the SVG's own units.
DOTS = """() => [...document.querySelectorAll("figure.points-chart svg")].map(svg => ({
    axis: svg.querySelector("line.chart-axis").x1.baseVal.value,
    rows: svg.closest("figure").querySelectorAll("tbody tr").length,
    dots: [...svg.querySelectorAll("circle.chart-dot")].map(dot => ({
        cx: dot.cx.baseVal.value,
        cy: dot.cy.baseVal.value,
        shown: dot.getBoundingClientRect().width > 0,
    })),
}))"""


@pytest.fixture
def demo_organiser(transactional_db):
    demo.load()
    return get_user_model().objects.get(username=demo.ORGANISER)


@dataclass
class Opened:
    """What `walk` reads of Django's test client's answer, read from the browser's."""

    status_code: int
    content_type: str
    content: bytes
    streaming = False

    def get(self, header: str, default: str = "") -> str:
        return self.content_type if header.lower() == "content-type" else default


@dataclass
class BrowserClient:
    """`walk`'s client: the tab, signed in, opening each page as a reader does. Like the test
    client it follows no redirect: a page that redirects is passed by as its own answer (3xx),
    its target reached by its own link."""

    page: Page
    url: str
    logged: list[str]
    response: Response | None = None  # the last page's

    def get(self, path: str) -> Opened:
        self.logged.clear()
        response = self.response = self.page.goto(self.url + path)  # returns once it has loaded
        assert response is not None, path
        first = response.request
        while first.redirected_from is not None:
            first = first.redirected_from
        if first is not response.request:
            answer = first.response()
            return Opened(answer.status if answer else 302, "", b"")
        return Opened(response.status, response.headers.get("content-type", ""), response.body())


def kind(path: str) -> Hashable:
    """The page's kind. A league's forms on its matches (a round's or game's correction, a
    new round, the blank sheet, ending, deleting) are alike from match to match, as are its
    player pages; each match's own sheet (a race, chips, running, finished) and each
    player's page across leagues (the points chart) stay pages of their own."""
    path = re.sub(r"^(/leagues/[^/]+/matches/)\d+/(?=.)", r"\1N/", path)
    path = re.sub(r"/(rounds|games)/\d+/", r"/\1/N/", path)
    path = re.sub(r"^(/leagues/[^/]+/players/)[^/?]+/", r"\1X/", path)
    return page_kind(path)


def listen(page: Page) -> list[str]:
    """What the page logs as errors from now on, as it is logged."""
    logged: list[str] = []
    page.on("console", lambda message: message.type == "error" and logged.append(message.text))
    page.on("pageerror", lambda error: logged.append(str(error)))
    return logged


def test_every_demo_page_in_german_and_french_has_no_console_error_and_the_chart_draws_its_dots(
    browser: Browser, live_server, demo_organiser
) -> None:
    errors: dict[str, list[str]] = {}
    charts: dict[str, list[dict]] = {}
    demo_pages: list[str] = []
    context = browser.new_context(viewport=PHONE, locale="de", has_touch=True)
    sign_in(context, demo_organiser, live_server.url)
    # One tab goes from page to page, as a reader does; its listeners collect what each page
    # logs.
    page = context.new_page()
    logged = listen(page)

    def check(language: str, path: str, response: Response | None) -> None:
        """The page just opened: in `language`, what it logged, its charts' dots."""
        assert response and response.headers.get("content-language") == language, path
        if logged:
            errors[f"{language} {path}"] = list(logged)
        if path.startswith("/players/"):
            charts[f"{language} {path}"] = page.evaluate(DOTS)
            keep_screenshot(page, f"demo-{language}-{path.strip('/').replace('/', '-')}")

    try:
        # German: the walk's pages (those answered 200 with HTML) as the browser opens them.
        client = BrowserClient(page, live_server.url, logged)
        for weight in walk(client, kind=kind):
            demo_pages.append(weight.path)
            check("de", weight.path, client.response)
        # French: what the site's language switch does, its cookie; the same pages.
        context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "fr", "url": live_server.url}]
        )
        for path in demo_pages:
            logged.clear()
            response = page.goto(live_server.url + path)  # returns once the page has loaded
            assert response and response.ok, f"{path}: {response and response.status}"
            check("fr", path, response)
    finally:
        context.close()

    assert len(demo_pages) > 30
    assert errors == {}
    drawn = [path for path, found in charts.items() if found]
    assert len(drawn) >= 10, "the demo's players have charts, in both languages"
    for path in drawn:
        for chart in charts[path]:
            assert len(chart["dots"]) == chart["rows"] > 0, path
            # On the line, right of the axis: not all at 0,0 (what "56,0" leaves).
            misplaced = [
                dot for dot in chart["dots"] if dot["cx"] < chart["axis"] or not dot["shown"]
            ]
            assert misplaced == [], f"{path}: dots off the chart {misplaced}"
