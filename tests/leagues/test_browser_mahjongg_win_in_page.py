"""The Mah-Jongg game form on a 390 px phone at 300 ms latency.

The caller's winning-tile buttons act in the page at once, as the tiles do (they came with
the server's answer): with the form's answers held back until the end, a tile tapped offers
"Won on …" at once, choosing it shows "How the … came" with "by discard" pressed, "from the
wall" is pressed at once, and the server's drawing, once let through, is the same.

Tiles tapped right after choosing another player, before the server has answered, are all
that player's.

Run with `pytest -m browser -n 0 tests/leagues/test_browser_mahjongg_win_in_page.py`.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, Route, expect

from tests.games.live_pages import sign_in
from tests.layout import PHONE
from tests.leagues.mahjongg_pages import mahjongg_match, open_game_form, settled
from tests.page_log import keep_log, page_log
from tests.scoring.test_browser_picker import throttle

pytestmark = pytest.mark.browser

AT_ONCE_MS = 250  # sooner than any answer could come at 300 ms latency (and none is let through)
WIN_TILES = "#mj-win button[name='win']:not([value='none'])"


def win_state(page: Page) -> list[str]:
    """The choices beside the caller's tiles as a user meets them: label and pressed."""
    return page.eval_on_selector_all(
        "#mj-win button",
        "buttons => buttons.map(b => `${b.getAttribute('aria-label') || b.textContent}:"
        "${b.getAttribute('aria-pressed')}`)",
    ) + [page.inner_text("#mj-win .mj-choice:nth-of-type(2) .mj-choice-title")] * (
        page.locator("#mj-by-title").count()
    )


def test_the_callers_winning_tile_and_how_it_came_show_at_once_on_a_slow_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    match = mahjongg_match(organiser)
    context = browser.new_context(viewport=PHONE, has_touch=True)
    keep_log(context)  # a rare failure's message says what the page did before it
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_game_form(page, live_server, match, 0)
        page.get_by_role("radio", name="Pia (East)").check()
        settled(page)
        try:
            # Once, under CI's load, the caller's choices never came: Pia checked, "0 of
            # 13 tiles". Not reproduced; the page's log says what it did if it happens again.
            expect(page.locator("#mj-win-none")).to_have_attribute("aria-pressed", "true")
        except AssertionError as error:
            raise AssertionError(page_log(page)) from error

        throttle(page, 300, 50_000)
        held: list[Route] = []
        form_url = live_server.url + reverse(
            "leagues:mj_game_new", args=[match.league.slug, match.pk]
        )
        holding = [True]

        def hold(route: Route) -> None:
            if holding[0]:
                held.append(route)
            else:
                route.continue_()

        page.route(form_url, hold)

        for code in ("1b", "2b", "5k"):
            page.locator(f"#mj-pick-{code}").tap()
        wins = page.locator(WIN_TILES)
        expect(wins).to_have_count(3, timeout=AT_ONCE_MS)
        expect(page.locator("#mj-win-5k")).to_have_attribute(
            "aria-label", "Won on 5 of characters", timeout=AT_ONCE_MS
        )

        page.locator("#mj-win-5k").tap()
        expect(page.locator("#mj-win-5k")).to_have_attribute(
            "aria-pressed", "true", timeout=AT_ONCE_MS
        )
        expect(page.locator("#mj-win-none")).to_have_attribute("aria-pressed", "false")
        expect(page.locator("#mj-by-title")).to_have_text(
            "How the 5 of characters came", timeout=AT_ONCE_MS
        )
        expect(page.locator("#mj-by-discard")).to_have_attribute("aria-pressed", "true")

        page.locator("#mj-by-wall").tap()
        expect(page.locator("#mj-by-wall")).to_have_attribute(
            "aria-pressed", "true", timeout=AT_ONCE_MS
        )
        expect(page.locator("#mj-by-discard")).to_have_attribute("aria-pressed", "false")
        expect(page.locator("#id_hand0")).to_have_value("12b 5k win=5k by=wall")

        # Taking the winning tile out takes the choice of it away, at once too.
        page.locator("#mj-hand button[name='remove'][value='5k']").tap()
        expect(wins).to_have_count(2, timeout=AT_ONCE_MS)
        expect(page.locator("#mj-by-title")).to_have_count(0)
        expect(page.locator("#mj-win-none")).to_have_attribute("aria-pressed", "true")
        page.locator("#mj-pick-5k").tap()
        page.locator("#mj-win-5k").tap()
        page.locator("#mj-by-wall").tap()
        expect(page.locator("#mj-by-wall")).to_have_attribute(
            "aria-pressed", "true", timeout=AT_ONCE_MS
        )
        page.wait_for_timeout(300)  # the taps' pause: the form asks (and is held)
        for _ in range(200):  # a busy machine stretches the page's pause past any fixed wait
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the form asked the server nothing"
        drawn_in_page = win_state(page)

        holding[0] = False
        for route in held:
            route.continue_()
        settled(page)
        expect(page.locator("#id_hand0")).to_have_value("12b 5k win=5k by=wall")
        assert win_state(page) == drawn_in_page
        assert errors == []
    finally:
        context.close()


PLAIN_TAPS = "2b 5b 8b 1c 4c 8c 3k 6k 9k Ew Sw Ww Gd".split()


def test_tiles_tapped_right_after_choosing_the_next_player_are_all_theirs_on_a_slow_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    """Pia's 14 tiles are in; "Quentin's tiles" is tapped and, before the server has
    answered (300 ms), his 13 tiles. Before, the first taps went to Pia's full hand, were
    refused there and sent to the server with a line the later taps' answers replaced:
    Quentin had 10 (the club journey on a throttled phone)."""
    match = mahjongg_match(organiser)
    context = browser.new_context(viewport=PHONE, has_touch=True)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        open_game_form(page, live_server, match, 0)
        page.get_by_role("radio", name="Pia (East)").check()
        for code in "1b 2b 3b 4b 5b 6b 7b 8b 9b 2c 3c 4c 5k 5k".split():
            page.locator(f"#mj-pick-{code}").tap()
        settled(page)
        pias = page.input_value("#id_hand0")

        throttle(page, 300, 50_000)
        page.locator("#mj-show-1").tap()
        for code in PLAIN_TAPS:
            page.locator(f"#mj-pick-{code}").tap()
        settled(page)

        expect(page.locator("#mj-player-1 .mj-player-tiles svg")).to_have_count(13)
        expect(page.locator("#mj-hand .picker-cards button[name='remove']")).to_have_count(13)
        expect(page.locator("#id_hand0")).to_have_value(pias)
        expect(page.locator("#mj-show-1")).to_have_attribute("aria-pressed", "true")
    finally:
        context.close()
