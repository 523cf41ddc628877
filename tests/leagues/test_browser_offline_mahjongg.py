"""Bar `offline-entry` for Mah-Jongg (issue 36 part 1): a phone at a Mah-Jongg club night
with no network. The game entry opened once online opens again offline; the tiles are typed
(a tap needs the server, and the page says so), Save keeps the game on the phone, and it
reaches the server once when the network is back. A Save whose sending dies on the way is
kept too, not lost.

Run with `pytest -m browser tests/leagues/test_browser_offline_mahjongg.py`.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page, expect

from leagues import demo
from leagues.models import EntryReceipt, Match
from leagues.models.league import GameChoice

from .mahjongg_fixtures import CALLER, DRAGONS, OTHER, PLAIN
from .test_browser_offline_entry import kept_for_offline, organiser_phone

pytestmark = pytest.mark.browser


def running_mahjongg_match() -> Match:
    demo.load()
    return Match.objects.filter(game=GameChoice.MAHJONGG, status=Match.Status.RUNNING).first()


def games_within(match: Match, count: int, seconds: float) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and match.mj_games.count() < count:
        time.sleep(0.25)
    return match.mj_games.count()


def type_a_game(page: Page) -> str:
    """The first seat calls Mah-Jongg; every player's tiles typed. Returns the caller's
    name as the form shows it."""
    caller = page.locator("#mj-caller input[value='0']")
    caller.check()
    for position, hand in enumerate((CALLER, DRAGONS, PLAIN, OTHER)):
        page.locator(f"#id_hand{position}").fill(hand)
    return page.locator("#mj-caller label").first.inner_text().strip()


def test_a_game_saved_offline_reaches_the_server_once_when_the_network_is_back(
    transactional_db, live_server, browser: Browser
) -> None:
    match = running_mahjongg_match()
    assert match is not None and match.seats.count() == 4
    before = match.mj_games.count()
    page = organiser_phone(browser, live_server.url)
    context = page.context
    url = live_server.url + f"/leagues/{match.league.slug}/matches/{match.pk}/games/new/"
    try:
        page.goto(url)
        expect(page.locator("#mj-offline-taps")).to_be_hidden()
        kept_for_offline(page)

        context.set_offline(True)
        page.reload()
        expect(page.locator("#game-form")).to_be_visible()  # the page as kept
        offline_line = page.locator("#mj-offline-taps")
        expect(offline_line).to_be_visible()
        expect(offline_line).to_contain_text("Type each player's tiles")
        # A tile tap waits for the network: nothing is sent, nothing breaks.
        page.locator("#mj-palette button.pick").first.click()
        expect(page.locator("#game-form")).to_be_visible()

        name = type_a_game(page)
        page.locator("#save-game").click()
        waiting = page.locator("#outbox-list li[data-state=waiting]")
        expect(waiting).to_have_count(1)
        expect(waiting).to_contain_text("Waiting for the network")
        expect(waiting).to_contain_text(f"Game {before + 1}: {name} · {CALLER}")
        # The kept page's winds were those of the game now kept: the line is gone.
        expect(page.locator("#game-about")).to_be_hidden()

        page.reload()  # still offline: the game is still on the phone
        expect(waiting).to_have_count(1)
        assert match.mj_games.count() == before

        context.set_offline(False)
        assert games_within(match, before + 1, 20) == before + 1
        confirmed = page.locator("#outbox-list li[data-state=confirmed]")
        expect(confirmed).to_contain_text(f"Game {before + 1} is saved.")
        expect(page.locator("#mj-offline-taps")).to_be_hidden()
        game = match.mj_games.get(number=before + 1)
        assert game.caller == 0 and game.hands[0] == CALLER
        assert EntryReceipt.objects.filter(match=match).count() == 1
    finally:
        context.close()


def test_a_save_whose_sending_dies_on_the_way_is_kept_and_sent_once(
    transactional_db, live_server, browser: Browser
) -> None:
    """The phone believes it has a network; the Save's request fails (the venue's network
    dropped it). The game is kept in the outbox, not lost, and sent once from there."""
    match = running_mahjongg_match()
    before = match.mj_games.count()
    page = organiser_phone(browser, live_server.url)
    context = page.context
    url = live_server.url + f"/leagues/{match.league.slug}/matches/{match.pk}/games/new/"

    def drop_the_save(route) -> None:
        if route.request.method == "POST" and "action=save" in (route.request.post_data or ""):
            route.abort("internetdisconnected")
        else:
            route.continue_()

    try:
        page.goto(url)
        kept_for_offline(page)
        page.route("**/games/new/", drop_the_save)
        type_a_game(page)
        page.locator("#save-game").click()

        # Kept, then sent by the outbox (its replay carries no `action`, so it passes).
        # Waited for through Playwright: the route above answers only while it is called.
        confirmed = page.locator("#outbox-list li[data-state=confirmed]")
        expect(confirmed).to_contain_text(f"Game {before + 1} is saved.", timeout=30_000)
        page.wait_for_timeout(1000)  # no second sending follows
        assert match.mj_games.count() == before + 1
        assert EntryReceipt.objects.filter(match=match).count() == 1
    finally:
        context.close()
