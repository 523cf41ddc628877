"""Two people play a round of Mhing in real browsers, with bots in the other two seats.

Against a real ASGI server with websockets: channels' `ChannelsLiveServerTestCase` runs
Daphne in its own process (pytest-django's live_server speaks no websockets). The people
play the simplest way: they call Mhing when they can, pass on every discard and throw away
the card they have just drawn, so a bot wins or the stock runs dry. Meanwhile someone
without an account watches, and one player's connection drops and comes back.

Run with `pytest -m browser tests/games`.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from playwright.sync_api import (
    APIResponse,
    Browser,
    BrowserContext,
    Page,
    Route,
    WebSocketRoute,
    expect,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

# What a person does when it is their move, in order of preference.
MOVES = (
    '#live-actions button[data-action="mhing"]:enabled',
    '#live-actions button[data-action="claim_mhing"]:enabled',
    '#live-actions button[data-action="pass"]:enabled',
    '#live-drawn button[data-action="discard"]:enabled',
    '#live-hand button[data-action="discard"]:enabled',
)
ROUND_OVER = "#live-result:not([hidden]) h2"


@pytest.fixture(autouse=True)
def _stop_live_tasks() -> None:
    """Replaces the package's async clean-up: here the bots and timers run in Daphne's
    process, and an asyncio fixture cannot run beside playwright's event loop."""


class SocketTap:
    """Passes a page's websockets through, keeping what the page sent, so a test can cut
    the connection and see how the page comes back."""

    def __init__(self, page: Page) -> None:
        self.sent: list[str] = []
        self.open: list[tuple[WebSocketRoute, WebSocketRoute]] = []
        page.route_web_socket(re.compile(r"/ws/tables/"), self.route)

    def route(self, page_side: WebSocketRoute) -> None:
        server_side = page_side.connect_to_server()

        def forward(message: str | bytes) -> None:
            self.sent.append(message if isinstance(message, str) else message.decode())
            server_side.send(message)

        page_side.on_message(forward)
        self.open.append((page_side, server_side))

    def cut(self) -> None:
        """The network drops the latest connection, both ways."""
        page_side, server_side = self.open[-1]
        server_side.close()
        page_side.close(code=1001)

    def sent_types(self) -> list[str]:
        return [json.loads(text)["type"] for text in self.sent]


def move(page: Page) -> bool:
    """Make this person's move, if they have one; whether they did."""
    for selector in MOVES:
        button = page.locator(selector).first
        if button.count():
            try:
                button.click(timeout=2000)
            except PlaywrightTimeout:  # the next snapshot replaced the button meanwhile
                return False
            return True
    return False


@override_settings(MHING_BOT_DELAY=0, MHING_NEXT_ROUND_PAUSE=600, MHING_TURN_TIMEOUT=600)
class BrowserTableCase(ChannelsLiveServerTestCase):
    """Signed-in people on phones, against the live server."""

    browser: Browser

    @pytest.fixture(autouse=True)
    def _browser(self, browser: Browser) -> None:
        self.browser = browser
        self.script_errors: list[str] = []

    def page_in(self, context: BrowserContext) -> Page:
        page = context.new_page()
        page.on("pageerror", lambda error: self.script_errors.append(str(error)))
        return page

    def signed_in(self, username: str) -> tuple[BrowserContext, Page]:
        user = get_user_model().objects.create_user(username, password=f"pw-{username}")
        client = Client()
        client.force_login(user)
        context = self.browser.new_context(viewport={"width": 390, "height": 844})  # a phone
        context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                    "url": self.live_server_url,
                }
            ]
        )
        context.set_default_timeout(15_000)
        return context, self.page_in(context)

    def open_table(self, page: Page) -> None:
        page.goto(f"{self.live_server_url}/play/")
        page.select_option("#id_players", "4")
        page.fill("#id_claim_timeout", "2")
        page.get_by_role("button", name="Open the table").click()
        page.wait_for_url(re.compile(r"/play/[a-z2-9]{8}/$"))
        expect(page.locator("#live-connection")).to_have_attribute("data-state", "connected")


class TestTheWaitingRoom(BrowserTableCase):
    def test_a_change_while_the_seats_are_on_their_way_still_shows(self) -> None:
        """The page fetches the seats again on every change its socket hears of. A change
        that comes while such a fetch is on its way must still show once it has landed:
        the seats answered before the change cannot be the last word (a lost update seen
        in CI, where Bob's page never showed the bots Alice had added)."""
        alice_context, alice = self.signed_in("alice")
        bob_context, bob = self.signed_in("bob")
        held: list[tuple[Route, APIResponse]] = []
        holding = True

        def hold_the_answer(route: Route) -> None:
            # The server answers at once; the answer reaches the page only when released.
            request = route.request
            if holding and request.method == "GET" and request.headers.get("hx-request"):
                response = route.fetch()
                # route.fetch() lets the test go on meanwhile: an answer that comes back after
                # the release below would be held for ever (a hang of the test's own, seen in CI).
                if holding:
                    held.append((route, response))
                else:
                    route.fulfill(response=response)
            else:
                route.continue_()

        try:
            self.open_table(alice)
            bob.route(re.compile(r"/play/[a-z2-9]{8}/$"), hold_the_answer)
            bob.goto(alice.url)
            expect(bob.locator("#live-connection")).to_have_attribute("data-state", "connected")
            bob.get_by_role("button", name="Take this seat").first.click()
            expect(bob.get_by_role("button", name="Leave this seat")).to_be_visible()
            # Bob's socket came back seated; its snapshot set the seats' fetch going.
            deadline = time.monotonic() + 15
            while not held and time.monotonic() < deadline:
                bob.wait_for_timeout(50)
            assert held, "the page did not fetch its seats again after its seat changed"

            alice.get_by_role("button", name="Fill empty seats with bots").click()
            expect(alice.locator('.seat-card[data-seat="3"]')).to_contain_text("Bot 4")
            # Bob's socket has the change while the seats from before it are on their way.
            bob.wait_for_function(
                "() => window.MhingTable.state.snapshot.table.seats.every((s) => !s.is_empty)"
            )
            holding = False
            for route, response in held:
                route.fulfill(response=response)
            expect(bob.locator('.seat-card[data-seat="3"]')).to_contain_text("Bot 4")
            expect(bob.locator('.seat-card[data-seat="2"]')).to_contain_text("Bot 3")
            assert self.script_errors == []
        finally:
            # A fetch still held when the page closes would fail in Playwright's dispatcher
            # and surface in the next test of this worker: stop routing first, ignoring it.
            bob.unroute_all(behavior="ignoreErrors")
            for context in (alice_context, bob_context):
                context.close()


class TestTwoPeoplePlayARound(BrowserTableCase):
    def test_two_people_and_two_bots_play_a_round_to_its_end(self) -> None:
        alice_context, alice = self.signed_in("alice")
        bob_context, bob = self.signed_in("bob")
        watcher_context = self.browser.new_context()
        watcher = self.page_in(watcher_context)
        bob_socket = SocketTap(bob)
        try:
            self.open_a_table(alice, bob)
            self.watch(watcher, alice.url)
            self.lose_the_connection(bob, bob_socket)
            self.play_the_round(alice, bob)
            self.check_the_round_end(alice, bob, watcher)
            assert self.script_errors == []
        finally:
            for context in (alice_context, bob_context, watcher_context):
                context.close()

    def watch(self, watcher: Page, url: str) -> None:
        """Someone without an account watches: the table, but not one hidden card."""
        watcher.goto(url)
        expect(watcher.locator("#live-watching")).to_be_visible()
        expect(watcher.locator("#live-own")).to_be_hidden()
        expect(watcher.locator(".live-seat")).to_have_count(4)
        assert watcher.locator(".live-seat-hand.is-revealed").count() == 0
        assert watcher.locator("#live-table button[data-action]").count() == 0

    def lose_the_connection(self, bob: Page, tap: SocketTap) -> None:
        """The connection drops; the page says so, connects again by itself and asks to
        catch up from the version it last saw."""
        expect(bob.locator("#live-hand button").first).to_be_visible()
        syncs = tap.sent_types().count("sync")
        tap.cut()
        expect(bob.locator("#live-connection")).to_have_attribute("data-state", "reconnecting")
        expect(bob.locator("#live-connection")).to_have_attribute("data-state", "connected")
        deadline = time.monotonic() + 10
        while tap.sent_types().count("sync") == syncs and time.monotonic() < deadline:
            bob.wait_for_timeout(50)
        assert tap.sent_types().count("sync") == syncs + 1
        expect(bob.locator("#live-hand button").first).to_be_visible()

    def open_a_table(self, alice: Page, bob: Page) -> None:
        self.open_table(alice)

        bob.goto(alice.url)
        bob.get_by_role("button", name="Take this seat").first.click()
        expect(bob.get_by_role("button", name="Leave this seat")).to_be_visible()
        # Alice's waiting room hears of it over the websocket, without a reload.
        expect(alice.locator('.seat-card[data-seat="1"]')).to_contain_text("bob")

        alice.get_by_role("button", name="Fill empty seats with bots").click()
        # Over the websocket, like the seat above; a loaded CI machine (load 10 in the
        # browser run) once took longer than expect's 5 s: the page's own 15 s, as elsewhere.
        expect(bob.locator('.seat-card[data-seat="3"]')).to_contain_text("Bot 4", timeout=15_000)
        alice.get_by_role("button", name="Start the game").click()

        for page in (alice, bob):
            expect(page.locator("#live-table")).to_be_visible()
            expect(page.locator("#seats")).to_have_count(0)
            expect(page.locator("#live-own")).to_be_visible()
        # Each sees their own hand and only the backs of the others' cards.
        expect(alice.locator("#live-hand button").first).to_be_visible()
        assert alice.locator(".live-seat-hand.is-revealed").count() == 0
        assert alice.locator(".live-seat .tcard-back").count() >= 3 * 13

    def play_the_round(self, alice: Page, bob: Page) -> None:
        end = time.monotonic() + 120
        while time.monotonic() < end:
            if all(page.locator(ROUND_OVER).count() for page in (alice, bob)):
                return
            moved = [move(page) for page in (alice, bob)]
            if not any(moved):
                alice.wait_for_timeout(50)
        states = "\n\n".join(page.inner_text("#live-table") for page in (alice, bob))
        pytest.fail(f"the round did not end within two minutes; the tables:\n{states}")

    def check_the_round_end(self, alice: Page, bob: Page, watcher: Page) -> None:
        for page in (alice, bob):
            expect(page.locator(ROUND_OVER)).to_have_text("Round over")
            # Every hand lies open now, with the winner's score or the draw said plainly.
            expect(page.locator(".live-seat-hand.is-revealed")).to_have_count(3)
            head = page.locator("#live-result .live-result-head").first.inner_text()
            assert "called Mhing" in head or "a draw, nobody scores" in head
            if "called Mhing" in head:
                expect(page.locator("#live-result .live-breakdown")).to_be_visible()
            expect(page.locator("#live-totals-body tr")).to_have_count(4)
            expect(page.locator("#live-announce")).not_to_be_empty()
            expect(page.locator("#live-connection")).to_have_attribute("data-state", "connected")

        # The spectator, too, sees every hand now.
        expect(watcher.locator(".live-seat-hand.is-revealed")).to_have_count(4)

        if alice.locator("#live-table").get_attribute("data-status") == "finished":
            return  # one big hand can end a race to 500 at once: no next round then
        # Both ask for the next round, and it is dealt at once.
        for page in (alice, bob):
            page.locator('#live-result button[data-action="next_round"]').click()
        for page in (alice, bob):
            expect(page.locator("#live-result")).to_be_hidden()
            expect(page.locator("#live-info")).to_contain_text("Round 2")
