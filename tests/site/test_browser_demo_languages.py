"""Every page of the demo in German and French on a 390 px phone, as the demo's organiser
(who sees the most), with no error in the browser's console (issue 27, item 6). The player
pages' points chart had its SVG coordinates written with decimal commas ("56,0"): 2 to 10
console errors a page, and the dots drawn on the axis instead of on the line. Numbers
meant for SVG, script or CSS are never localised.

The pages are those `benchmarks.page_weight` walks (every page the demo's pages link to),
each kind once (one round's correction form stands for a match's others), each match and
each player's page all the same.

Run with `pytest -m browser tests/site/test_browser_demo_languages.py`.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, Page

from benchmarks.page_weight import walk
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
    kinds: dict[str, str] = {}
    for weight in walk(client):
        kinds.setdefault(re.sub(r"/(rounds|games)/\d+/", r"/\1/N/", weight.path), weight.path)
    return list(kinds.values())


def console_errors(page: Page, url: str) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    response = page.goto(url)
    assert response and response.ok, f"{url}: {response and response.status}"
    page.wait_for_load_state("load")
    return errors


@pytest.mark.parametrize("language", ("de", "fr"))
def test_every_demo_page_has_no_console_error_and_the_chart_draws_its_dots(
    browser: Browser, live_server, demo_pages, language
) -> None:
    organiser = get_user_model().objects.get(username=demo.ORGANISER)
    context = browser.new_context(viewport=PHONE, locale=language, has_touch=True)
    sign_in(context, organiser, live_server.url)
    errors: dict[str, list[str]] = {}
    charts: dict[str, list[dict]] = {}
    try:
        for path in demo_pages:
            page = context.new_page()
            found = console_errors(page, live_server.url + path)
            if found:
                errors[path] = found
            if path.startswith("/players/"):
                charts[path] = page.evaluate(DOTS)
                keep_screenshot(page, f"demo-{language}-{path.strip('/').replace('/', '-')}")
            page.close()
    finally:
        context.close()

    assert len(demo_pages) > 30
    assert errors == {}
    drawn = [path for path, found in charts.items() if found]
    assert len(drawn) >= 5, "the demo's players have charts"
    for path in drawn:
        for chart in charts[path]:
            assert len(chart["dots"]) == chart["rows"] > 0, path
            # On the line, right of the axis: not all at 0,0 (what "56,0" leaves).
            misplaced = [
                dot for dot in chart["dots"] if dot["cx"] < chart["axis"] or not dot["shown"]
            ]
            assert misplaced == [], f"{path}: dots off the chart {misplaced}"
