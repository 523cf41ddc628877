"""Every page of the demo in German and French on a 390 px phone, as the demo's organiser
(who sees the most), with no error in the browser's console. The player
pages' points chart had its SVG coordinates written with decimal commas ("56,0"): 2 to 10
console errors a page, and the dots drawn on the axis instead of on the line. Numbers
meant for SVG, script or CSS are never localised.

The pages are those `benchmarks.page_weight` walks (every page the demo's pages link to),
each kind once (`kind`: one round's correction form stands for every match's others, one
with the same query parameters for the others with other values), each match's sheet and
each player's page all the same. The demo is loaded and walked once for both languages
(the walk was most of the test's time, twice).

Run with `pytest -m browser tests/site/test_browser_demo_languages.py`.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, Page

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
def demo_pages(transactional_db) -> list[str]:
    demo.load()
    # Django's test client, in a thread of its own: playwright's event loop runs in this one.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(page_kinds).result()


def page_kinds() -> list[str]:
    client = Client()
    client.force_login(get_user_model().objects.get(username=demo.ORGANISER))
    return [weight.path for weight in walk(client, kind=kind)]


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


def console_errors(page: Page, url: str, errors: list[str]) -> list[str]:
    """The errors the page logs while `url` loads (`errors`: what `listen` collects), read
    once it has loaded."""
    errors.clear()
    response = page.goto(url)  # returns once the page has loaded
    assert response and response.ok, f"{url}: {response and response.status}"
    return list(errors)


def test_every_demo_page_in_german_and_french_has_no_console_error_and_the_chart_draws_its_dots(
    browser: Browser, live_server, demo_pages
) -> None:
    organiser = get_user_model().objects.get(username=demo.ORGANISER)
    errors: dict[str, list[str]] = {}
    charts: dict[str, list[dict]] = {}
    for language in ("de", "fr"):
        context = browser.new_context(viewport=PHONE, locale=language, has_touch=True)
        sign_in(context, organiser, live_server.url)
        # One tab goes from page to page, as a reader does; its listeners collect what each
        # page logs.
        page = context.new_page()
        logged = listen(page)
        try:
            for path in demo_pages:
                found = console_errors(page, live_server.url + path, logged)
                if found:
                    errors[f"{language} {path}"] = found
                if path.startswith("/players/"):
                    charts[f"{language} {path}"] = page.evaluate(DOTS)
                    keep_screenshot(page, f"demo-{language}-{path.strip('/').replace('/', '-')}")
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
