"""Entering a Mah-Jongg game on a phone: the caller, each player's tiles, the
preview of every score and payment, then the balances on the score sheet; axe finds nothing
serious on either page.

Run with `pytest -m browser tests/leagues/test_browser_mahjongg.py`.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.games.live_pages import sign_in
from tests.layout import PHONE
from tests.site.test_browser_a11y import AXE, report, violations

from .mahjongg_fixtures import CALLER, DRAGONS, OTHER, PLAIN
from .mahjongg_pages import NAMES, mahjongg_match, open_game_form

pytestmark = pytest.mark.browser


def test_an_organiser_enters_a_game_and_sees_the_balances(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    match = mahjongg_match(organiser)
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
        for name, hand in zip(NAMES, (CALLER, DRAGONS, PLAIN, OTHER), strict=True):
            page.get_by_role("textbox", name=f"{name}'s tiles").fill(hand)
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


# Each player's tiles as taps on the picker: ("as", code) sets how a tap adds, else a tile.
TAPS = {
    0: "1b 2b 3b 4b 5b 6b 7b 8b 9b 2c 3c 4c 5k 5k",  # CALLER, won on 5k from the wall
    1: "pon Rd tile 2b 3b 4b 6c 7c 9c 9c Ew Sw Nw",  # DRAGONS
    2: "2b 5b 8b 1c 4c 8c 3k 6k 9k Ew Sw Ww Gd",  # PLAIN
    3: "pon 7c tile 9b 9b 9b 2b 3b 1k 4k 6k Rd Wd",  # OTHER
}


def tap_tiles(page, taps: str) -> None:
    """Tap as a quick player would: each tile without waiting for the answer to the last
    (htmx queues them); a way of adding (pon, tile) is chosen once the taps before it are in."""
    for word in taps.split():
        if word in ("pon", "tile"):
            expect(page.locator("#game-form")).not_to_have_class("htmx-request")
            page.locator(f"input[name='as'][value='{word}']").check()
        else:
            page.locator(f"#mj-pick-{word}").click()


def test_an_organiser_taps_every_players_tiles_on_a_phone_and_sees_the_balances(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    match = mahjongg_match(organiser)
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(path=AXE)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        page.goto(live_server.url + match.get_absolute_url())
        page.get_by_role("link", name="Enter a game").click()
        expect(page.get_by_role("heading", name="Pia's tiles")).to_be_visible()
        page.get_by_role("radio", name="Pia (East)").check()

        for position, name in enumerate(NAMES):
            button = page.locator(f"#mj-show-{position}")
            if position:
                button.click()
                expect(page.get_by_role("heading", name=f"{name}'s tiles")).to_be_visible()
            tap_tiles(page, TAPS[position])
            tiles = "14 tiles" if position == 0 else "13 tiles"
            expect(page.locator(f"#mj-about-{position}")).to_contain_text(tiles)
            expect(page.locator(f"#mj-player-{position} .mj-player-tiles svg")).to_have_count(
                int(tiles.split()[0])
            )
            if position == 0:  # the caller: the winning tile, and how it came
                page.locator("#mj-win-5k").click()
                page.locator("#mj-by-wall").click()
                expect(page.locator("#mj-by-wall")).to_have_attribute("aria-pressed", "true")
        expect(page.get_by_role("textbox", name="Pia's tiles")).to_have_value(
            "123456789b 234c 55k win=5k by=wall"
        )
        expect(page.get_by_role("textbox", name="Sven's tiles")).to_have_value(
            "23999b 146k Rd Wd [777c]"
        )

        # Keyboard only: a tile of the hand taken out and put back; the focus stays put.
        page.locator("#mj-r0").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#mj-about-3")).to_contain_text("12 tiles")
        assert page.evaluate("document.activeElement.id") == "mj-r0"
        # The 2b taken out goes back (a fifth 9b at the table would refuse the game, §1.1).
        page.locator("#mj-pick-2b").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#mj-about-3")).to_contain_text("13 tiles")
        assert page.evaluate("document.activeElement.id") == "mj-pick-2b"

        preview = page.locator("#preview-table")
        expect(preview.get_by_role("row", name="Pia East 96 +540 540")).to_be_visible()
        expect(page.get_by_text("Quentin pays Pia 176")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert not violations(page), report(violations(page))
        assert not match.mj_games.exists()

        page.get_by_role("button", name="Save the game").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("Match of")
        balances = page.locator("#match-players")
        expect(balances.get_by_role("row", name="Pia 540 1")).to_be_visible()
        expect(balances.get_by_role("row", name="Rosa -210 4")).to_be_visible()
    finally:
        context.close()


# Quick taps on the game form on a slow phone, before a caller is chosen (the form's
# `novalidate`: the browser's check of the required radio once blocked every button), are
# tests/scoring/test_browser_mahjongg_hand_in_page.py's; in German, with a whole game,
# tests/site/test_browser_club_journey.py's. (A test here did both again, with five taps.)


@pytest.mark.parametrize("tapped", ["", "1b"])
def test_a_refused_save_shows_the_form_once_with_why_at_the_top_of_the_screen(
    transactional_db, live_server, browser: Browser, organiser, tapped
) -> None:
    """Save with a caller and one tile, or nothing at all (a tester did both on a phone): the
    form comes back once (it came back twice, under a script error, with its buttons
    left busy), and what was refused is said where the phone's screen is."""
    match = mahjongg_match(organiser)
    context = browser.new_context(viewport=PHONE)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_game_form(page, live_server, match)
        if tapped:
            page.get_by_role("radio", name="Pia (East)").check()
            page.locator(f"#mj-pick-{tapped}").click()
            expect(page.locator("#mj-about-0")).to_contain_text("1 tile")

        page.get_by_role("button", name="Save the game").click()

        summary = page.locator("#game-errors")
        expect(summary).to_contain_text("The game was not saved.")
        expect(summary).to_be_in_viewport()
        expect(page.locator("#game-form")).to_have_count(1)
        expect(page.locator("#game-form")).not_to_have_class("htmx-request")
        # The problem's link takes the keyboard where it is fixed: the first caller to
        # choose, or the caller's typed tiles.
        link = summary.get_by_role("link").first
        target = link.get_attribute("href")
        assert target == ("#id_hand0" if tapped else "#id_caller_0")
        link.click()
        expect(page.locator(target)).to_be_focused()
        expect(page.locator(target)).to_be_in_viewport()
        assert errors == []
        assert not match.mj_games.exists()
    finally:
        context.close()
