"""The site's header on a phone: one row, the brand and "Menu", not a quarter of a 390 × 844
phone's height on every page; the navigation and the account tools open under it, with
script or without.

Run with `pytest -m browser tests/site/test_browser_phone_header.py`.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.games.live_pages import sign_in
from tests.layout import PHONE

pytestmark = pytest.mark.browser
COMPACT = 90  # px: the most the header may take on a phone


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_the_header_is_one_compact_row_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser, javascript: bool
) -> None:
    context = browser.new_context(
        viewport=PHONE, locale="de", has_touch=True, java_script_enabled=javascript
    )
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        for path in ("/", "/leagues/", "/calculator/"):
            page.goto(live_server.url + path)
            height = page.locator(".site-header").bounding_box()["height"]
            assert height <= COMPACT, (path, height)
            expect(page.get_by_role("button", name="Abmelden")).to_be_hidden()

        page.get_by_text("Menü", exact=True).tap()
        expect(page.get_by_role("button", name="Abmelden")).to_be_visible()
        expect(page.get_by_role("link", name="Ligen", exact=True)).to_be_visible()
        expect(page.get_by_label("Sprache")).to_be_visible()
        page.get_by_role("link", name="Ligen", exact=True).tap()
        expect(page).to_have_url(live_server.url + "/leagues/")
    finally:
        context.close()


def test_the_header_shows_everything_on_a_laptop(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/")
        expect(page.get_by_role("button", name="Sign out")).to_be_visible()
        expect(page.get_by_role("link", name="Leagues", exact=True)).to_be_visible()
        expect(page.get_by_text("Menu", exact=True)).to_be_hidden()
    finally:
        context.close()
