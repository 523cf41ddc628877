"""A person plays a whole game of Mah-Jongg on a 390 px phone against the live server, with
bots in the other seats: opened from the lobby, started, every move made by tapping the
page's own buttons (Mah-Jongg when offered, else pass, else discard), to the game's result.

Run with `pytest -m browser tests/games/mahjongg/test_browser_live.py`.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.models import Table

from ..test_browser_table import BrowserTableCase

pytestmark = pytest.mark.browser

MOVES = (
    '#live-actions button[data-action="mahjongg"]:enabled',
    '#live-actions button[data-action="claim_mahjongg"]:enabled',
    '#live-actions button[data-action="pass"]:enabled',
    '#live-drawn button[data-action="discard"]:enabled',
    '#live-hand button[data-action="discard"]:enabled',
)
GAME_OVER = "#live-result:not([hidden]) .mj-scores"


@pytest.fixture(autouse=True)
def _stop_live_tasks() -> None:
    """The bots and timers run in the server's process (see tests/games/test_browser_table)."""


def move(page: Page) -> bool:
    for selector in MOVES:
        button = page.locator(selector).first
        if button.count():
            try:
                button.click(timeout=2000)
            except PlaywrightTimeout:  # the next snapshot replaced the button meanwhile
                return False
            return True
    return False


class TestAPersonPlaysAGameOfMahjongg(BrowserTableCase):
    def test_a_game_is_played_by_tapping_to_its_scores_and_payments(self) -> None:
        context, page = self.signed_in("alice")
        try:
            page.goto(f"{self.live_server_url}/play/")
            page.locator("#game-mahjongg").click()
            page.select_option("#id_mj_players", "3")
            page.fill("#id_claim_timeout", "2")
            page.get_by_role("button", name="Open the table").click()
            page.wait_for_url(re.compile(r"/play/[a-z2-9]{8}/$"))
            expect(page.locator("#live-connection")).to_have_attribute("data-state", "connected")
            page.get_by_role("button", name="Fill empty seats with bots").click()
            expect(page.locator('.seat-card[data-seat="2"]')).to_contain_text("Bot 3")
            page.get_by_role("button", name="Start the game").click()
            expect(page.locator("#live-hand button").first).to_be_visible()

            for _ in range(600):
                if page.locator(GAME_OVER).count():
                    break
                if not move(page):
                    page.wait_for_timeout(100)
            expect(page.locator(GAME_OVER)).to_be_visible()
            table = Table.objects.get()
            assert table.game == "mahjongg" and table.players == 3
            game = table.results[0]
            rows = page.locator("#live-result .mj-scores tbody tr")
            assert rows.count() == 3
            payments = page.locator("#live-result .mj-payments li")
            assert payments.count() == len(game["payments"])
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
            # What happened is said for screen readers too (a discard, a Mah-Jongg).
            assert page.locator("#live-announce").inner_text().strip()
            assert self.script_errors == []
        finally:
            context.close()
