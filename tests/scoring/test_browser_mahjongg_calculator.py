"""The Mah-Jongg calculator in a real browser on a 390 px phone: a hand built by taps (a kan and
a bonus tile among them), the winning tile chosen, the score on the page and the line in the
address; the same by keyboard; back and forward. (axe's accessibility check of the calculator,
with this hand, is tests/site/test_browser_a11y.py's: on a phone in both schemes and a laptop.)

Run with `pytest -m browser tests/scoring/test_browser_mahjongg_calculator.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring.mahjongg import parse_hand, score_hand
from tests.layout import OVERFLOW, PHONE, keep_screenshot

pytestmark = pytest.mark.browser

URL = "/calculator/mahjongg/"
# The seventh worked example of MAHJONGG.md §4, built by taps (its chis laid out, which
# changes nothing: its kan already spoils "from the hand"): 640.
TAPS = [("kan", "5b"), ("chi", "1c"), ("chi", "4c"), ("chi", "7c"), ("tile", "2k"), ("tile", "2k")]
BONUS = ["F3", "S3"]
LINE = "22k [123c] [456c] [789c] [5555b] F3 S3 seat=W round=S win=2k by=kan"


@pytest.fixture
def open_page(browser: Browser, live_server) -> Iterator[Callable[..., Page]]:
    """A phone's page; no script on it may fail."""
    contexts, errors = [], []

    def open_(path: str = URL) -> Page:
        context = browser.new_context(viewport=PHONE)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(live_server.url + path)
        return page

    yield open_
    for context in contexts:
        context.close()
    assert errors == []


def settle(page: Page) -> None:
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def line_in_address(page: Page) -> str:
    return parse_qs(urlsplit(page.url).query).get("hand", [""])[0]


def tap(page: Page, selector: str) -> None:
    page.click(selector)
    settle(page)


def build_the_hand(page: Page) -> None:
    for add_as, code in TAPS:
        page.check(f'input[name="as"][value="{add_as}"]')
        tap(page, f"#mj-pick-{code}")
    for code in BONUS:
        tap(page, f"#mj-pick-{code}")
    tap(page, "#mj-seat-W")
    tap(page, "#mj-round-S")
    tap(page, "#mj-win-2k")
    tap(page, "#mj-by-kan")


def test_a_hand_with_a_kan_and_bonus_tiles_is_built_by_taps_and_scored(open_page) -> None:
    page = open_page()

    build_the_hand(page)

    expect(page.locator("#mj-result [data-score]")).to_have_text("640 points")
    expect(page.locator('#mj-result tr[data-row="kan_replacement"]')).to_be_visible()
    expect(page.locator('#mj-result tr[data-row="own_flower"]')).to_contain_text("Own flower")
    expect(page.locator("#mj-status")).to_have_text("Score 640: 40 points, 4 doublings")
    assert parse_hand(line_in_address(page)) == parse_hand(LINE)
    assert page.input_value("#mj-notation") == line_in_address(page)
    # The hand shows the kan laid out and the bonus tiles, and nothing sticks out sideways.
    expect(page.locator("#mj-hand .picker-set.is-exposed")).to_have_count(4)
    expect(page.locator('#mj-hand button[name="remove_bonus"]')).to_have_count(2)
    assert page.evaluate(OVERFLOW)["out"] == []
    keep_screenshot(page, "mahjongg-calculator-phone")


def test_reload_back_and_forward_restore_the_hand(open_page) -> None:
    page = open_page()
    build_the_hand(page)

    page.reload()
    expect(page.locator("#mj-result [data-score]")).to_have_text("640 points")

    page.go_back()  # before by=kan: won on the 2k by a discard
    settle(page)
    expect(page.locator("#mj-by-discard")).to_have_attribute("aria-pressed", "true")
    before = score_hand(parse_hand(line_in_address(page))).total
    expect(page.locator("#mj-result [data-score]")).to_have_text(f"{before} points")

    page.go_forward()
    settle(page)
    expect(page.locator("#mj-result [data-score]")).to_have_text("640 points")


def test_a_typed_line_is_scored_and_a_fifth_copy_is_refused(open_page) -> None:
    page = open_page()
    page.fill("#mj-notation", "11b 22b 55c 77c 99k EwEw RdRd seat=W round=E win=Rd by=discard")
    page.press("#mj-notation", "Enter")
    settle(page)
    expect(page.locator("#mj-result [data-score]")).to_have_text("3000 points")
    expect(page.locator('#mj-result tr[data-row="seven_pairs"]')).to_contain_text("Seven pairs")

    page.fill("#mj-notation", "5555b 123c seat=E round=E")
    page.press("#mj-notation", "Enter")
    settle(page)
    tap(page, "#mj-pick-5b")
    refused = "All four 5s of bamboo are in the hand already."
    expect(page.locator("#mj-notice")).to_have_text(refused)
    assert "5555b" in line_in_address(page)


def test_the_calculator_works_by_keyboard(open_page) -> None:
    page = open_page()
    page.focus("#mj-pick-5b")
    for _ in range(3):
        page.keyboard.press("Enter")
        settle(page)
    page.focus("#mj-seat-N")
    page.keyboard.press("Space")
    settle(page)
    # The focus stays on the pressed button, now drawn anew, so the next key goes on from there.
    assert page.evaluate("document.activeElement.id") == "mj-seat-N"
    expect(page.locator("#mj-seat-N")).to_have_attribute("aria-pressed", "true")
    assert line_in_address(page) == "555b seat=N round=E"


def test_the_switch_leads_from_one_calculator_to_the_other(open_page) -> None:
    page = open_page("/calculator/")
    page.click(".calc-switch >> text=Mah-Jongg")
    expect(page).to_have_url(f"{urlsplit(page.url).scheme}://{urlsplit(page.url).netloc}{URL}")
    expect(page.locator("h1")).to_have_text("Mah-Jongg calculator")
    page.click(".calc-switch >> text=Mhing")
    expect(page.locator("h1")).to_have_text("Hand calculator")


def test_quick_taps_on_a_slow_network_are_all_kept(open_page) -> None:
    """Each tap waits for the answer to the one before (hx-sync queues them), so it adds to
    the hand that answer brought, and no tap is lost."""
    page = open_page()
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 300, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    for code in ["5b", "6b", "7b", "Rd", "F1"]:
        page.click(f"#mj-pick-{code}")
        page.wait_for_timeout(80)
    page.wait_for_function(
        "() => new URLSearchParams(location.search).get('hand') === '567b Rd F1 seat=E round=E'",
        timeout=10_000,
    )
    settle(page)
    # F1 is a bonus tile, beside the 13.
    expect(page.locator("#mj-hand .picker-count")).to_have_text("4 of 13 tiles")


def test_a_tap_made_while_a_typed_line_is_read_adds_to_that_line(open_page) -> None:
    """The typed line goes to the server as it is (the page cannot read a line being
    fixed); a tap made before its answer belongs to that line, on the screen and in the
    address. The answers are held back and let through by the test, so the tap always falls
    while the line is read."""
    page = open_page()
    held = []
    page.route(lambda url: "/calculator/mahjongg/?" in url, lambda route: held.append(route))
    page.fill("#mj-notation", "123b")
    page.press("#mj-notation", "Enter")
    page.click("#mj-pick-4b")
    for _ in range(200):  # every question asked so far reaches the test
        page.wait_for_timeout(25)
        if held and not page.evaluate("() => document.querySelector('.htmx-request') === null"):
            break
    while held:
        held.pop(0).continue_()
        page.wait_for_timeout(300)
    page.unroute_all()
    settle(page)

    assert parse_hand(page.input_value("#mj-line")) == parse_hand("1234b seat=E round=E")
    assert parse_hand(line_in_address(page)) == parse_hand("1234b seat=E round=E")
    assert page.input_value("#mj-notation") == line_in_address(page)
