"""A Mah-Jongg table's page in a browser on a 390 px phone and a 1280 px desktop, in German
and French: the hand drawn with the calculator's tiles, a discard by tap and by keyboard,
the claim buttons under their countdown, and the game's scores and payments at its end.
The table is played through the model and its real snapshot handed to the page in place of
the server (tests/games/live_pages.py), so what the page sends back can be read.

Run with `pytest -m browser tests/games/mahjongg/test_browser_table.py`.
"""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page

from games.models import Table
from tests.layout import VIEWPORTS, keep_screenshot

from ..live_pages import sign_in

pytestmark = pytest.mark.browser

WIDE = """() => document.documentElement.scrollWidth"""


@pytest.fixture(autouse=True)
def _stop_live_tasks() -> None:
    """Nothing runs in the background here: the table moves only when the test moves it."""


def mahjongg_table(user, players: int = 4) -> Table:
    table = Table.create(user, game="mahjongg")
    table.fill_with_bots(user)
    table.start(user)
    table.refresh_from_db()
    table.arrive(f"test.{table.slug}.0", user, "test-server")
    return table


def claim_open(table: Table) -> dict:
    """Play (seat 0 discarding what it drew, bots the rest) until a discard waits for seat
    0's answer; its snapshot."""
    for _ in range(400):
        table.bot_turns()
        table.refresh_from_db()
        view = table.view(0)
        if view["claims"] and view["claims"]["may_answer"]:
            return table.snapshot(0)
        assert view["phase"] != "over", "the game ended before a claim was offered"
        discard = [a for a in view["actions"] if a["type"] == "discard"]
        if discard:
            table.act(0, discard[-1])
    raise AssertionError("no claim offered")


def open_page(browser: Browser, live_server, user, table, snapshot, device, language):
    context = browser.new_context(
        viewport=VIEWPORTS[device], locale=language, has_touch=device == "phone"
    )
    sign_in(context, user, live_server.url)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    sent: list[dict] = []

    def route(ws):
        ws.on_message(lambda message: sent.append(json.loads(message)))
        ws.send(json.dumps(snapshot))

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    page.goto(live_server.url + reverse("games:table", args=[table.slug]))
    return context, page, sent


def actions_sent(page: Page, sent: list[dict]) -> list[dict]:
    page.wait_for_timeout(300)
    return [frame["action"] for frame in sent if frame.get("type") == "action"]


@pytest.mark.parametrize(("device", "language"), [("phone", "de"), ("desktop", "fr")])
def test_the_hand_is_drawn_and_a_tile_is_discarded_by_tap_and_by_keyboard(
    transactional_db, live_server, browser: Browser, member, device, language
) -> None:
    table = mahjongg_table(member)
    snapshot = table.snapshot(0)
    hand = snapshot["view"]["seats"][0]["hand"]
    context, page, sent = open_page(browser, live_server, member, table, snapshot, device, language)
    try:
        page.wait_for_selector("#live-hand button[data-action='discard']")
        tiles = page.locator("#live-hand button, #live-drawn button")
        assert tiles.count() == len(hand) == 14
        # Each tile is the calculator's drawing, named in the reader's language.
        assert (
            page.locator("#live-hand button svg use")
            .first.get_attribute("href")
            .startswith("#mj-face-")
        )
        label = tiles.first.get_attribute("aria-label")
        assert ("abwerfen" in label) if language == "de" else label.startswith("Défausser"), label
        assert page.evaluate(WIDE) <= VIEWPORTS[device]["width"], "the page scrolls sideways"
        keep_screenshot(page, f"mahjongg-hand-{device}-{language}")

        first = tiles.first.get_attribute("data-tile")
        tiles.first.tap() if device == "phone" else tiles.first.click()
        assert actions_sent(page, sent) == [{"type": "discard", "tile": first}]

        page.reload()
        page.wait_for_selector("#live-hand button[data-action='discard']")
        sent.clear()
        last = page.locator("#live-hand button").last
        last.focus()
        page.keyboard.press("Enter")
        assert actions_sent(page, sent) == [
            {"type": "discard", "tile": last.get_attribute("data-tile")}
        ]
    finally:
        context.close()


@pytest.mark.parametrize(("device", "language"), [("phone", "fr"), ("desktop", "de")])
def test_the_claim_buttons_show_under_their_countdown(
    transactional_db, live_server, browser: Browser, member, device, language
) -> None:
    table = mahjongg_table(member)
    snapshot = claim_open(table)
    context, page, sent = open_page(browser, live_server, member, table, snapshot, device, language)
    try:
        page.wait_for_selector("#live-actions button[data-action='pass']")
        countdown = page.locator("#live-centre .live-countdown")
        assert re.search(r"\d+ s", countdown.inner_text())
        assert page.locator("#live-centre [data-tile]").count() == 1  # the open discard
        assert page.evaluate(WIDE) <= VIEWPORTS[device]["width"]
        keep_screenshot(page, f"mahjongg-claims-{device}-{language}")
        page.locator("#live-actions button[data-action='pass']").click()
        assert actions_sent(page, sent) == [{"type": "pass"}]
    finally:
        context.close()


def game_over(table: Table) -> dict:
    """Play the first game to its end (seat 0 discarding what it drew); its last snapshot."""
    for _ in range(2000):
        table.bot_turns()
        table.refresh_from_db()
        view = table.view(0)
        if view["phase"] == "over":
            return table.snapshot(0)
        move = [a for a in view["actions"] if a["type"] in ("mahjongg", "claim_mahjongg")]
        move = move or [a for a in view["actions"] if a["type"] in ("discard", "pass")][-1:]
        table.act(0, move[0])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("device", "language"), [("phone", "de"), ("desktop", "fr")])
def test_the_games_scores_and_payments_show_at_its_end(
    transactional_db, live_server, browser: Browser, member, device, language
) -> None:
    table = mahjongg_table(member)
    snapshot = game_over(table)
    game = snapshot["table"]["match"]["games"][-1]
    context, page, sent = open_page(browser, live_server, member, table, snapshot, device, language)
    try:
        page.wait_for_selector("#live-result:not([hidden]) .mj-scores")
        rows = page.locator("#live-result .mj-scores tbody tr")
        assert rows.count() == 4
        shown = sorted(int(rows.nth(i).locator("td").nth(1).inner_text()) for i in range(4))
        assert shown == sorted(game["net"])
        assert page.locator("#live-result .mj-payments li").count() == len(game["payments"])
        assert page.evaluate(WIDE) <= VIEWPORTS[device]["width"]
        keep_screenshot(page, f"mahjongg-result-{device}-{language}")
        page.locator("#live-result button[data-action='next_round']").click()
        page.wait_for_timeout(300)
        assert any(frame.get("type") == "next_round" for frame in sent)
    finally:
        context.close()
