"""A four-player Mah-Jongg score sheet on a 390 px phone: it scrolled
sideways (446 px of 358 in English, 500 in German). Now it fits, in every language.

Run with `pytest -m browser tests/leagues/test_browser_mahjongg_sheet_phone.py`; set
MHING_SCREENSHOTS to keep the screenshots.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from leagues.models import Match, Player
from leagues.models.mahjongg_entry import record_game
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE, keep_screenshot, overflow, scrolling
from tests.leagues.mahjongg_fixtures import mj_league, win  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser
# Long names, as clubs have them: the sheet must fit them too.
NAMES = ("Anneliese", "Bartholomäus", "Céline-Marie", "Donatella")


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_four_player_mahjongg_sheet_fits_a_phone(
    transactional_db,
    live_server,
    browser: Browser,
    organiser,
    mj_league,  # noqa: F811 (the fixture)
    language: str,
) -> None:
    players = [Player.objects.create(club=shared_club(), display_name=n) for n in NAMES]
    match = Match.begin(mj_league, players, by=organiser)
    for caller in (0, 1, 2, 3, 0):
        record_game(match, win(caller), by=organiser)
    context = browser.new_context(viewport=PHONE, locale=language, has_touch=True)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        page.goto(live_server.url + match.get_absolute_url())
        sheet = page.locator("#mj-games")
        keep_screenshot(sheet, f"mahjongg-sheet-{language}")
        assert sheet.is_visible()
        assert scrolling(page) == [], language
        measured = overflow(page)
        assert measured["scrollWidth"] <= measured["width"], measured
        box = sheet.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    finally:
        context.close()
