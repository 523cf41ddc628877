"""Entering a Mah-Jongg game on a phone (issue 13): the caller, each player's tiles, the
preview of every score and payment, then the balances on the score sheet; axe finds nothing
serious on either page.

Run with `pytest -m browser tests/leagues/test_browser_mahjongg.py`.
"""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import Browser, expect

from leagues.models import League, Match, Player
from tests.games.live_pages import sign_in
from tests.layout import PHONE
from tests.site.test_browser_a11y import AXE, report, violations

from .mahjongg_fixtures import CALLER, DRAGONS, OTHER, PLAIN

pytestmark = pytest.mark.browser


def test_an_organiser_enters_a_game_and_sees_the_balances(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    league = League.objects.create(name="Dragons", slug="dragons", game="mahjongg")
    league.organisers.add(organiser)
    players = [Player.objects.create(display_name=n) for n in ("Pia", "Quentin", "Rosa", "Sven")]
    match = Match.begin(league, players, played_on=date(2026, 11, 20))
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(path=AXE)  # as tests/site/test_browser_a11y.py loads it
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        page.goto(live_server.url + match.get_absolute_url())
        expect(page.get_by_text("Next game: East round, Pia is East.")).to_be_visible()
        page.get_by_role("link", name="Enter a game").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Enter a game")
        assert not violations(page), report(violations(page))

        page.get_by_role("radio", name="Pia (East)").check()
        for name, hand in zip(players, (CALLER, DRAGONS, PLAIN, OTHER), strict=True):
            page.get_by_label(f"{name.display_name}'s tiles").fill(hand)
        page.get_by_role("button", name="Preview").click()
        preview = page.locator("#preview-table")
        expect(preview).to_be_visible()
        expect(preview.get_by_role("row", name="Pia East 96 +540 540")).to_be_visible()
        expect(page.get_by_text("Quentin pays Pia 176")).to_be_visible()
        assert not match.mj_games.exists()

        page.get_by_role("button", name="Save the game").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("Match of")
        balances = page.locator("#match-players")
        expect(balances.get_by_role("row", name="Pia 540 1")).to_be_visible()
        expect(balances.get_by_role("row", name="Rosa -210 4")).to_be_visible()
        expect(page.locator("#game-1")).to_contain_text("Mah-Jongg: Pia")
        assert not violations(page), report(violations(page))
    finally:
        context.close()
