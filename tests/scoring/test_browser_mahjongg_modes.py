"""Each tap on the Mah-Jongg picker is taken in the mode chosen when it was made, on a
390 px phone at 300 ms latency and 50 kB/s, in the calculator and in a league's
game form. Pon 1c, chi 2k, chi 5b, then single tile 9c, 150 ms apart, must not give
`5b 9c [111c] [234k]`: the queued tap on 5b is sent once the answers before it are in, and
must carry the mode chosen at the tap, not the one chosen by then (single tile).

Run with `pytest -m browser -n 0 tests/scoring/test_browser_mahjongg_modes.py`.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring.mahjongg import format_hand, picking
from scoring.mahjongg.hand import Hand
from scoring.mahjongg.picking import AddAs
from scoring.mahjongg.tiles import CODE_TO_CARD
from tests.games.live_pages import sign_in
from tests.layout import PHONE
from tests.leagues.mahjongg_pages import mahjongg_match, open_game_form, settled
from tests.scoring.test_browser_picker import throttle

pytestmark = pytest.mark.browser

TRIALS = 4
# The taps: a mode, then the tiles tapped in it.
TAPS = [("pon", ["1c"]), ("chi", ["2k", "5b"]), ("tile", ["9c"])]
EVERY_MS = 150


def expected_tiles() -> str:
    """The line of the taps, each in its own mode, as the server's picking makes it."""
    hand = Hand()
    for mode, codes in TAPS:
        for code in codes:
            hand = picking.add_tile(hand, CODE_TO_CARD[code], AddAs(mode))
    return format_hand(hand)


def tap_in_modes(page: Page) -> None:
    for mode, codes in TAPS:
        page.locator(f"input[name='as'][value='{mode}']").check()
        for code in codes:
            page.locator(f"#mj-pick-{code}").click()
            page.wait_for_timeout(EVERY_MS)


def test_each_tap_in_the_calculator_is_taken_in_the_mode_chosen_when_it_was_made(
    browser: Browser, live_server
) -> None:
    expected = expected_tiles()
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        for trial in range(1, TRIALS + 1):
            page.goto(live_server.url + "/calculator/mahjongg/")
            throttle(page, 300, 50_000)
            tap_in_modes(page)
            settled(page)
            line = page.locator("#mj-line").input_value()
            assert line.startswith(expected + " "), f"trial {trial}: {line!r}"
            expect(page.locator("#mj-notation")).to_have_value(line)
    finally:
        context.close()


def test_each_tap_in_the_game_form_is_taken_in_the_mode_chosen_when_it_was_made(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    match = mahjongg_match(organiser)
    expected = expected_tiles()
    context = browser.new_context(viewport=PHONE)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        for trial in range(1, TRIALS + 1):
            open_game_form(page, live_server, match, 1)
            throttle(page, 300, 50_000)
            tap_in_modes(page)
            settled(page)
            expect(page.locator("#id_hand1"), f"trial {trial}").to_have_value(expected)
    finally:
        context.close()
