"""The Mah-Jongg calculator keeps the hand in the page: each tap shows at
once, in the mode chosen at the tap, and the server is asked only for the score. Before,
after 14 quick taps on a 390 px phone at 300 ms latency and 50 kB/s, the hand showed
"4 of 14" and caught up 4.3-4.9 s later.

"At once" is shown without a clock: the server's answers are held back while the taps are
made, so whatever the page shows then is its own drawing. (A timed assertion, "14 tiles
within 0.65 s of the last tap", failed once in eleven browser runs on a loaded machine,
where Playwright's own round trips took the time.)

Run with `pytest -m browser -n 0 tests/scoring/test_browser_mahjongg_hand_in_page.py`.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring.mahjongg_picker import Draft, apply_change
from tests.games.live_pages import sign_in
from tests.layout import PHONE
from tests.leagues.mahjongg_pages import mahjongg_match, open_game_form, settled
from tests.scoring.test_browser_picker import throttle
from tests.scoring.test_mahjongg_picking_js import CASES

pytestmark = pytest.mark.browser

FOURTEEN = ["1b", "2b", "3b", "4c", "5c", "6c", "7k", "8k", "9k", "Ew", "Ew", "Ew", "Nw", "Nw"]
EVERY_MS = 150
HAND_TILES = "#mj-hand .picker-cards button[name='remove']"


class HeldAnswers:
    """The server's answers to the page's htmx questions under `pattern` wait until
    `release()`: meanwhile, what the page shows is its own work, however slow the machine
    (the page itself is fetched as ever)."""

    def __init__(self, page: Page, pattern: str) -> None:
        self.held: list = []
        self.holding = True
        page.route(pattern, self._route)

    def _route(self, route) -> None:
        if self.holding and route.request.headers.get("hx-request"):
            self.held.append(route)
        else:
            route.continue_()

    def wait_until_asked(self, page: Page, timeout_ms: int = 10_000) -> None:
        """Wait until the page has asked (its taps' pause is timed by the page, and a busy
        machine stretches it past any fixed wait); the route's handler runs meanwhile."""
        for _ in range(timeout_ms // 50):
            if self.held:
                return
            page.wait_for_timeout(50)
        raise AssertionError("nothing was asked: the test holds back nothing")

    def release(self) -> None:
        self.holding = False
        for route in self.held:
            route.continue_()


def tap_fourteen_and_see_them_at_once(page: Page, pattern: str) -> HeldAnswers:
    """Fourteen quick taps on a slow phone, the server's answers held back: the hand shows
    the fourteen tiles all the same. Returns the held answers, to release."""
    throttle(page, 300, 50_000)
    answers = HeldAnswers(page, pattern)
    for code in FOURTEEN:
        page.locator(f"#mj-pick-{code}").click()
        page.wait_for_timeout(EVERY_MS)
    expect(page.locator(HAND_TILES)).to_have_count(14)
    assert answers.held, "the page asked the server nothing: the test holds back nothing"
    return answers


def test_fourteen_quick_taps_show_in_the_hand_at_once_on_a_slow_phone(
    browser: Browser, live_server
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/calculator/mahjongg/")
        answers = tap_fourteen_and_see_them_at_once(page, "**/calculator/mahjongg/**")
        expected = "123b 456c 789k EwEwEw NwNw seat=E round=E"
        expect(page.locator("#mj-line")).to_have_value(expected)
        answers.release()
        settled(page)
        assert "hand=123b+456c+789k+EwEwEw+NwNw+seat=E+round=E" in page.url
        # The server's answer, once in, is the same hand, scored.
        expect(page.locator(HAND_TILES)).to_have_count(14)
        expect(page.locator("#mj-line")).to_have_value(expected)
        expect(page.locator("#mj-notation")).to_have_value(expected)
    finally:
        context.close()


def test_fourteen_quick_taps_show_in_the_game_forms_hand_at_once_on_a_slow_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    match = mahjongg_match(organiser)
    context = browser.new_context(viewport=PHONE)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        open_game_form(page, live_server, match, 1)
        answers = tap_fourteen_and_see_them_at_once(page, "**/matches/**")
        expected = "123b 456c 789k EwEwEw NwNw"
        expect(page.locator("#id_hand1")).to_have_value(expected)
        answers.release()
        settled(page)
        expect(page.locator(HAND_TILES)).to_have_count(14)
        expect(page.locator("#id_hand1")).to_have_value(expected)
        expect(page.locator("#mj-show-1")).to_have_attribute("aria-pressed", "true")
    finally:
        context.close()


MODES = ("tile", "chi", "pon", "kan", "ckan")
# Drawn by the server only (its answers are held back here): missing after a tap is right.
SERVERS_BUTTONS = ("seat", "round", "win", "by", "pairs")


def tap(page: Page, action: str, value: str, add_as: str) -> bool:
    """Taps the button of the change; False when there is none (a winning tile the server
    has not offered yet, a wind written `Nw` where the buttons say `N`)."""
    button = page.locator(f"#mj-form button[name='{action}'][value='{value}']")
    if action in SERVERS_BUTTONS and button.count() == 0:
        return False
    if action == "add":
        page.locator(f"input[name='as'][value='{add_as}']").check()
    button.first.click()
    return True


@pytest.fixture(scope="module")
def phone_tab(browser: Browser) -> Iterator[Page]:
    """One 390 px tab for all the cases below: each opens the calculator afresh (a new
    document, nothing kept from the case before), so a browser context of its own per case
    (about a second each) proved nothing more."""
    context = browser.new_context(viewport=PHONE)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize(
    "index",
    [i for i, (_n, _s, taps) in enumerate(CASES) if all(m in MODES for _a, _v, m in taps)],
    ids=lambda i: CASES[i][0],
)
def test_the_page_alone_draws_each_tap_as_the_server_would(
    phone_tab: Page, live_server, index: int
) -> None:
    """The server's answers are held back: what the page shows is the page's own work."""
    _name, start, taps = CASES[index]
    page = phone_tab
    page.goto(live_server.url + "/calculator/mahjongg/?" + urlencode({"hand": start}))
    page.route("**/calculator/mahjongg/**", lambda route: route.abort())
    try:
        draft = Draft.parse(start)
        tapped = 0
        for action, value, add_as in taps:
            new, notice = apply_change(draft, {action: value, "as": add_as})
            if notice is None and new.notation == draft.notation:
                continue  # no change: no button to tap (a tile not in the hand)
            if not tap(page, action, value, add_as):
                continue
            tapped += 1
            if notice is None:
                draft = new
            # else refused: the hand stays as it was (the server words why)
            expect(page.locator("#mj-line")).to_have_value(draft.notation)
            expect(page.locator("#mj-notation")).to_have_value(draft.notation)
            tiles = len(draft.hand.concealed)
            concealed = page.locator("#mj-hand .picker-run:not(.picker-flowers) button")
            expect(concealed).to_have_count(tiles)
            expect(page.locator("#mj-hand .picker-set")).to_have_count(len(draft.hand.melds))
            flowers = page.locator("#mj-hand .picker-flowers button")
            expect(flowers).to_have_count(len(draft.hand.bonus))
        assert tapped, "no tap of the case reached the page"
    finally:
        page.unroute("**/calculator/mahjongg/**")


def test_a_fifth_tile_tapped_on_a_slow_phone_is_refused_with_why_and_the_hand_stays(
    browser: Browser, live_server
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/calculator/mahjongg/")
        throttle(page, 300, 50_000)
        page.locator("input[name='as'][value='kan']").check()
        page.locator("#mj-pick-5b").click()
        page.locator("input[name='as'][value='tile']").check()
        page.locator("#mj-pick-5b").click()
        expect(page.locator("#mj-status")).to_contain_text("All four", timeout=10_000)
        expect(page.locator("#mj-notice")).to_contain_text("All four")
        expect(page.locator("#mj-line")).to_have_value("[5555b] seat=E round=E")
        expect(page.locator("#mj-hand .picker-set")).to_have_count(1)
        answers = HeldAnswers(page, "**/calculator/mahjongg/**")
        page.locator("#mj-pick-6b").click()  # the next tap is taken as ever, by the page
        expect(page.locator("#mj-line")).to_have_value("6b [5555b] seat=E round=E")
        answers.release()
        settled(page)
    finally:
        context.close()


def test_back_after_quick_taps_shows_the_hand_before_the_last_tap(
    browser: Browser, live_server
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/calculator/mahjongg/")
        throttle(page, 300, 50_000)
        for code in ("1b", "2b", "3b"):
            page.locator(f"#mj-pick-{code}").click()
            page.wait_for_timeout(EVERY_MS)
        expect(page.locator("#mj-line")).to_have_value("123b seat=E round=E")
        settled(page)
        page.go_back()
        expect(page.locator("#mj-line")).to_have_value("12b seat=E round=E", timeout=10_000)
        expect(page.locator(HAND_TILES)).to_have_count(2)
        page.reload()
        expect(page.locator(HAND_TILES)).to_have_count(2)
    finally:
        context.close()


HAND_AS_READ = """() => {
    const hand = document.querySelector("#mj-hand");
    const labels = [...hand.querySelectorAll("[aria-label]")].map(
        (node) => `${node.tagName} ${node.id} ${node.getAttribute("aria-label")}`);
    const uses = [...hand.querySelectorAll("use")].map((node) => node.getAttribute("href"));
    return [hand.innerText.replace(/\\s+/g, " ").trim(), labels, uses];
}"""


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_hand_drawn_at_the_tap_reads_as_the_servers_in_each_language(
    browser: Browser, live_server, language: str
) -> None:
    context = browser.new_context(viewport=PHONE, locale=language, has_touch=True)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/calculator/mahjongg/")
        page.route("**/calculator/mahjongg/**", lambda route: route.abort())
        for mode, code in [("tile", "5b"), ("pon", "Rd"), ("ckan", "3c"), ("tile", "F2")]:
            page.locator(f"input[name='as'][value='{mode}']").check()
            page.locator(f"#mj-pick-{code}").click()
        drawn_here = page.evaluate(HAND_AS_READ)
        assert len(drawn_here[2]) == 1 + 3 + 4 + 1, drawn_here  # 5b, pon, kan, F2
        line = page.locator("#mj-line").input_value()
        page.unroute("**/calculator/mahjongg/**")
        page.goto(live_server.url + "/calculator/mahjongg/?" + urlencode({"hand": line}))
        assert page.evaluate(HAND_AS_READ) == drawn_here
    finally:
        context.close()
