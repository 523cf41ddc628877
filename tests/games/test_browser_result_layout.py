"""The round's result on the live table fits a phone: the breakdown of the winning hand
(combination, credits, count, total; total credits; points) stays inside its box, with
nothing to scroll sideways. On a 390 px phone its TOTAL column and the "Total credits" and
"Points" figures used to lie off-screen.

Run with `pytest -m browser tests/games/test_browser_result_layout.py`.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser

from tests.layout import VIEWPORTS, keep_screenshot

from .live_pages import round_over, serve_snapshot, sign_in

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def _stop_live_tasks() -> None:
    """Replaces the package's async clean-up: nothing runs in the background here (the
    table moves only when the test moves it), and an asyncio fixture cannot run beside
    playwright's event loop."""


# Every cell of the breakdown and the box that holds it, as the browser laid them out.
MEASURE = """() => {
    const box = document.getElementById("live-result").getBoundingClientRect();
    const table = document.querySelector("#live-result .live-breakdown");
    const scroller = table.parentElement;
    const cells = [...table.querySelectorAll("th, td")].map(cell => {
        const r = cell.getBoundingClientRect();
        return {text: cell.textContent.trim(), left: r.left, right: r.right};
    });
    return {
        page: document.documentElement.scrollWidth,
        box: {left: box.left, right: box.right},
        scrolls: scroller.scrollWidth - scroller.clientWidth,
        cells,
        footer: [...table.tFoot.rows].map(row => row.cells[1].getBoundingClientRect().right),
    };
}"""


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_round_result_fits_its_box_with_nothing_off_screen(
    transactional_db, live_server, browser: Browser, member, device, language
) -> None:
    viewport = VIEWPORTS[device]
    table = round_over(member)
    context = browser.new_context(viewport=viewport, locale=language)
    sign_in(context, member, live_server.url)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    try:
        serve_snapshot(page, table.snapshot(0))
        page.goto(live_server.url + reverse("games:table", args=[table.slug]))
        page.wait_for_selector("#live-result:not([hidden]) .live-breakdown tfoot")
        figures = page.evaluate(MEASURE)
        keep_screenshot(page.locator("#live-result"), f"result-{device}-{language}")
    finally:
        context.close()

    width = viewport["width"]
    assert figures["page"] <= width, "the page scrolls sideways"
    assert figures["scrolls"] <= 0, "the breakdown scrolls sideways inside its box"
    box = figures["box"]
    assert box["right"] <= width
    cut = [c["text"] for c in figures["cells"] if c["right"] > box["right"] + 0.5]
    assert cut == [], f"cells past the box's right edge ({box['right']:.0f}px): {cut}"
    assert all(c["left"] >= box["left"] for c in figures["cells"])
    # The three figures a player reads first: the hand's total credits and points.
    assert len(figures["footer"]) == 2
    assert all(right <= box["right"] for right in figures["footer"])
