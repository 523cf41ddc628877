"""The Mhing calculator's address always holds the hand shown (issue 27, item 4), on a 390 px
phone at 300 ms latency and 50 kB/s: after each of 7 quick taps, and after a reload. The issue
saw the address hold 6 cards while the hand showed 7 in 3 of 10 trials; this test has not seen
that here (docs/trying_the_pages.md), and stays as the guard that the address keeps up.

Run with `pytest -m browser -n 0 tests/scoring/test_browser_picker_address.py`.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page

from scoring.mhing import parse_hand
from tests.layout import PHONE
from tests.scoring.test_browser_picker import (
    CALCULATOR,
    HAND_CARDS,
    cards_of,
    throttle,
    wait_until_scored,
)

pytestmark = pytest.mark.browser

# The issue saw the lag in 3 of 10 trials; about 80 trials by hand never did. Four a run keep
# CI's time (PICKER_ADDRESS_TRIALS=10 for the count).
TRIALS = int(os.environ.get("PICKER_ADDRESS_TRIALS", "4"))
TAPS = "1b 2b 3b 4b 5b 6b 7b".split()


def address_cards(url: str) -> list[str]:
    text = parse_qs(urlsplit(url).query).get("hand", [""])[0]
    return cards_of(text) if text else []


def shown(page: Page) -> list[str]:
    return sorted(page.evaluate(HAND_CARDS))


def test_the_address_holds_the_hand_shown_after_every_quick_tap_and_a_reload(
    browser: Browser, live_server
) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    try:
        for trial in range(1, TRIALS + 1):
            page.goto(live_server.url + CALCULATOR)
            throttle(page, 300, 50_000)
            for count, code in enumerate(TAPS, start=1):
                page.tap(f"#picker-pick-{code}")
                note = f"trial {trial}, tap {count}"
                assert len(shown(page)) == count, note
                assert address_cards(page.evaluate("location.href")) == shown(page), note
                assert address_cards(page.url) == shown(page), note
                page.wait_for_timeout(150)
            wait_until_scored(page)
            hand = shown(page)
            assert address_cards(page.url) == hand == cards_of("1234567b"), f"trial {trial}"

            page.reload()
            assert shown(page) == hand, f"trial {trial}, after a reload"
            assert parse_hand(page.input_value("#picker-notation")) == parse_hand("1234567b")
    finally:
        context.close()
