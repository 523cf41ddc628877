"""A tap made as the server's answer comes is taken, on both Mah-Jongg pickers; and a
question already answered on the screen is not asked again.

A tap is a press and a release on one button. When an answer was swapped in between, it
replaced the button pressed (the winning tile, how it came, a tile of the hand: all drawn in
`#mj-live`), the release landed on its copy and the browser made no click: the tap was lost.
Seen in the club journey (tests/site/test_browser_club_journey.py) about once in twenty
browser runs: the winning tile tapped just as the answer to the last tile came, then no "how
it came" buttons, or "by wall" lost and the game scored as won by discard.

Made certain here: the answer is held back (`page.route`) until the finger is down on the
winning tile, let through, and the page has taken it before the finger is lifted.

Run with `pytest -m browser -n 0 tests/scoring/test_browser_mahjongg_press.py`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.games.live_pages import sign_in
from tests.layout import PHONE
from tests.leagues.mahjongg_pages import mahjongg_match, open_game_form, settled
from tests.scoring.test_browser_mahjongg_hand_in_page import HeldAnswers

pytestmark = pytest.mark.browser

THIRTEEN = "1b 2b 3b 4b 5b 6b 7b 8b 9b 2c 3c 4c 5k".split()

# The page's answers counted once the page has done with each (swapped in or set aside):
# htmx's for the game form, the calculator's own fetch for the calculator.
COUNT_ANSWERS = """
window.answersTaken = 0;
document.addEventListener("htmx:afterRequest", () => { window.answersTaken += 1; });
const fetched = window.fetch.bind(window);
window.fetch = (...args) => fetched(...args).then((response) => {
  const text = response.text.bind(response);
  response.text = () => text().then((body) => {
    setTimeout(() => { window.answersTaken += 1; }, 0);  // after the page's .then()s
    return body;
  });
  return response;
});
"""


def press_winning_tile_as_the_answer_comes(page: Page, answers: HeldAnswers) -> None:
    """The finger down on 5k, the held answer let through and taken, the finger lifted."""
    answers.wait_until_asked(page)
    taken = page.evaluate("window.answersTaken")
    tile = page.locator("#mj-win-5k")
    tile.scroll_into_view_if_needed()
    box = tile.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    answers.release()
    page.wait_for_function("taken => window.answersTaken > taken", arg=taken)
    page.mouse.up()


@pytest.fixture
def caller_form(transactional_db, live_server, browser: Browser, organiser) -> Iterator[Page]:
    """The game form on a phone, its answers counted, Pia (East) chosen as the caller."""
    match = mahjongg_match(organiser)
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(script=COUNT_ANSWERS)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    open_game_form(page, live_server, match)
    page.get_by_role("radio", name="Pia (East)").check()
    yield page
    context.close()


def test_the_winning_tile_pressed_as_the_answer_comes_is_taken_on_the_game_form(
    caller_form: Page,
) -> None:
    page = caller_form
    for code in THIRTEEN:
        page.locator(f"#mj-pick-{code}").click()
    expect(page.locator("#mj-player-0 .mj-player-tiles svg")).to_have_count(13)
    settled(page)
    answers = HeldAnswers(page, "**/matches/**")
    page.locator("#mj-pick-5k").click()  # the fourteenth: its answer held back
    expect(page.locator("#id_hand0")).to_have_value("123456789b 234c 55k")
    press_winning_tile_as_the_answer_comes(page, answers)

    expect(page.locator("#mj-by-wall")).to_be_visible()
    expect(page.locator("#id_hand0")).to_have_value("123456789b 234c 55k win=5k by=discard")
    page.locator("#mj-by-wall").click()
    settled(page)
    expect(page.locator("#id_hand0")).to_have_value("123456789b 234c 55k win=5k by=wall")
    expect(page.locator("#mj-by-wall")).to_have_attribute("aria-pressed", "true")


def test_the_winning_tile_pressed_as_the_answer_comes_is_taken_in_the_calculator(
    browser: Browser, live_server
) -> None:
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(script=COUNT_ANSWERS)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/calculator/mahjongg/")
        for code in THIRTEEN:
            page.locator(f"#mj-pick-{code}").click()
        expect(page).to_have_url(re.compile(r"5k"))
        settled(page)
        answers = HeldAnswers(page, "**/calculator/mahjongg/**")
        page.locator("#mj-pick-5k").click()
        press_winning_tile_as_the_answer_comes(page, answers)

        expect(page.locator("#mj-by-discard")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#mj-line")).to_have_value(
            "123456789b 234c 55k seat=E round=E win=5k by=discard"
        )
        settled(page)
        expect(page).to_have_url(re.compile(r"win(=|%3D)5k"))  # the address keeps the tap too
    finally:
        context.close()


def test_slow_taps_on_a_slow_network_ask_the_server_each_question_once(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    """Each pause between taps queues a change of the field (hx-sync "queue all"), and htmx
    sends each queued one with the form as it is by then: the same question several times,
    each answer (some 20 KB) swapped in again. Only different questions are sent now."""
    match = mahjongg_match(organiser)
    context = browser.new_context(viewport=PHONE)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    asked: list[str] = []
    try:
        open_game_form(page, live_server, match)
        page.on(
            "request",
            lambda r: asked.append(r.post_data or "") if r.headers.get("hx-request") else None,
        )
        answers = HeldAnswers(page, "**/matches/**")  # the first answer waits: the rest queue
        for code in ("1b", "2b", "3b", "4b"):
            page.locator(f"#mj-pick-{code}").click()
            page.wait_for_timeout(300)  # a pause: the field's change is asked
        assert len(answers.held) == 1
        answers.release()
        expect(page.locator("#mj-player-0 .mj-player-tiles svg")).to_have_count(4)
        settled(page)
        assert len(asked) == 2, asked  # after the first tap, and once for all four
        assert len(set(asked)) == len(asked)
    finally:
        context.close()


def test_an_answer_waits_for_no_finger_held_on_the_page_for_long(caller_form: Page) -> None:
    """A finger resting on the page (or a release the page never heard of, in another
    window) holds the answers back two seconds at most: then they are swapped in."""
    page = caller_form
    settled(page)
    answers = HeldAnswers(page, "**/matches/**")
    page.locator("#mj-pick-1b").click()
    answers.wait_until_asked(page)  # the field's change is asked once the taps pause
    taken = page.evaluate("window.answersTaken")
    heading = page.get_by_role("heading", level=1).bounding_box()
    page.mouse.move(heading["x"] + 5, heading["y"] + 5)
    page.mouse.down()  # on the heading, and held
    answers.release()
    page.wait_for_function("taken => window.answersTaken > taken", arg=taken)
    expect(page.locator("#mj-player-0 .mj-player-tiles svg")).to_have_count(1)
    page.mouse.up()
