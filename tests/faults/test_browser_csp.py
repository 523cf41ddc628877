"""Every page of the site, opened in a real browser under its Content-Security-Policy
(django-csp, settings.CONTENT_SECURITY_POLICY): nothing it does may be refused, and nothing
may log an error.

Against a real ASGI server (channels' `ChannelsLiveServerTestCase` runs daphne in its own
process), so the live table's websocket meets the policy's connect-src as it would in
production. The browser reports each refusal as a `securitypolicyviolation` event and as a
console message naming the Content Security Policy; the test listens to both.

Run with `pytest -m browser tests/faults/test_browser_csp.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect

from games.models import Table
from leagues.models import League, Match, Player, RoundEntry
from tests.clubs import shared_club

pytestmark = pytest.mark.browser

# Reports every refusal to the test, even one that happens while the page is still loading.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.reportCspViolation(
    `${event.effectiveDirective} refused ${event.blockedURI || "(inline)"}` +
      ` in ${event.sourceFile || document.location.href}:${event.lineNumber}` +
      (event.sample ? ` (${event.sample})` : ""),
  );
});
"""
# Small hands, so the match goes on; and the rule book's 17-credit hand, for the calculator.
SMALL_HAND = "123c 456b 789k 234c 55k"
OTHER_HAND = "1c 2c 3c 4b 5b 6b 7k 8k 9k 2c 3c 4c 5k 5k"
BIG_HAND = "567b 567b 678b 789b 99b"


@pytest.fixture(autouse=True)
def _stop_live_tasks() -> None:
    """The bots and timers run in daphne's process here; nothing to stop in this one."""


@dataclass
class Trouble:
    """What the browser complained about, page by page."""

    current: str = ""
    found: list[str] = field(default_factory=list)

    def add(self, what: str) -> None:
        self.found.append(f"{self.current}: {what}")


@override_settings(MHING_BOT_DELAY=0, MHING_NEXT_ROUND_PAUSE=600, MHING_TURN_TIMEOUT=600)
class TestEveryPageKeepsToItsSecurityPolicy(ChannelsLiveServerTestCase):
    browser: Browser

    @pytest.fixture(autouse=True)
    def _browser(self, browser: Browser) -> None:
        self.browser = browser
        self.trouble = Trouble()

    # -- set-up ----------------------------------------------------------------------------

    def make_data(self) -> None:
        users = get_user_model().objects
        self.olga = users.create_superuser("olga", password="pw-olga")
        self.otto = users.create_user("otto", password="pw-otto")
        self.league = League.objects.create(
            club=shared_club(), name="Tuesday Club", slug="tuesday", season_start=date(2026, 9, 1)
        )
        self.league.organisers.add(self.olga)
        players = [
            Player.objects.create(club=shared_club(), display_name=name)
            for name in ("Pia", "Quentin", "Rosa", "Sven")
        ]
        self.league.players.add(*players)
        self.player = players[0]
        self.match = Match.begin(self.league, players, first_dealer=0, by=self.olga)
        self.match.record_round(
            RoundEntry(winner=players[1], win_type="self_draw", hand=SMALL_HAND), by=self.olga
        )
        self.match.record_round(
            RoundEntry(
                winner=players[2], win_type="discard", discarder=players[0], hand=OTHER_HAND
            ),
            by=self.olga,
        )
        self.dragons = League.objects.create(
            club=shared_club(), name="Dragons", slug="dragons", game="mahjongg"
        )
        self.dragons.organisers.add(self.olga)
        self.mj_match = Match.begin(self.dragons, players, played_on=date(2026, 11, 20))
        self.waiting = Table.create(self.olga, players=4)
        self.live = Table.create(self.olga, players=4)
        self.live.fill_with_bots(self.olga)
        self.live.start(self.olga)

    def reporting_context(self) -> BrowserContext:
        """A browser profile that reports every refusal and every error to the test."""
        context = self.browser.new_context()
        context.set_default_timeout(15_000)
        context.expose_function("reportCspViolation", self.trouble.add)
        context.add_init_script(REPORT_VIOLATIONS)
        return context

    def sign_in_as(self, context: BrowserContext, user=None) -> None:
        """From now on the profile is `user`'s (or nobody's): its cookies are `user`'s session
        cookie, or none."""
        context.clear_cookies()
        if user is not None:
            client = Client()
            client.force_login(user)
            cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
            context.add_cookies(
                [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": self.url("/")}]
            )

    def page_in(self, context: BrowserContext) -> Page:
        page = context.new_page()
        page.on("console", self.console)
        page.on("pageerror", lambda error: self.trouble.add(f"script error: {error}"))
        return page

    def console(self, message: ConsoleMessage) -> None:
        text = message.text
        if message.location.get("url", "").endswith("/favicon.ico"):
            return  # the site has no icon; browsers ask for one anyway
        # A page answered on purpose with 403, 404 or 414 logs that the document "failed".
        expected = self.expected_status != 200 and text.startswith(
            f"Failed to load resource: the server responded with a status of {self.expected_status}"
        )
        if "Content Security Policy" in text or (message.type == "error" and not expected):
            self.trouble.add(f"console {message.type}: {text}")

    def url(self, path: str) -> str:
        return f"{self.live_server_url}{path}"

    def visit(self, page: Page, path: str, status: int = 200) -> None:
        """Open the page, check it came with the policy, and let its scripts run."""
        self.trouble.current = path
        self.expected_status = status
        response = page.goto(self.url(path))
        assert response is not None
        assert response.status == status, path[:100]
        policy = response.headers.get("content-security-policy", "")
        assert "script-src 'self'" in policy, f"{path} came without the policy"
        page.wait_for_load_state("networkidle")

    def click_and_wait(self, page: Page, selector: str, changes: str) -> None:
        """Click a link htmx handles; wait until it has swapped `changes`' text."""
        before = page.locator(changes).first.inner_text()
        page.locator(selector).first.click()
        expect(page.locator(changes).first).not_to_have_text(before)
        page.wait_for_load_state("networkidle")

    # -- the pages -------------------------------------------------------------------------

    def test_no_page_breaks_the_policy_or_logs_an_error(self) -> None:
        self.make_data()
        self.expected_status = 200
        # One profile and one tab, signed in as each reader in turn: a profile and a tab of
        # their own for each (the static files fetched again in each) cost about a second of
        # CPU a reader. The statuses asserted (200 as the organiser, 403 as the outsider) show
        # that each sign-in took.
        context = self.reporting_context()
        page = self.page_in(context)
        try:
            self.visit_as_visitor(page)
            self.sign_in_as(context, self.olga)
            self.visit_as_organiser(page)
            self.visit_live_play(page)
            self.visit_admin(page)
            self.sign_in_as(context, self.otto)
            self.visit_refusals(page)
        finally:
            context.close()
        assert self.trouble.found == []

    def visit_as_visitor(self, page: Page) -> None:
        self.visit(page, "/")
        self.visit(page, "/accounts/login/")
        self.visit(page, "/calculator/?hand=" + BIG_HAND.replace(" ", "+"))
        self.visit(page, "/calculator/")
        self.click_and_wait(page, "a.pick", "#picker-hand .picker-count")
        self.visit(page, "/leagues/")
        self.visit(page, "/leagues/tuesday/")
        # Sorting the standings swaps them in with htmx, showing its request indicator.
        self.click_and_wait(page, "#standings thead a >> nth=2", "#standings caption")
        self.visit(page, f"/leagues/tuesday/matches/{self.match.pk}/")
        self.visit(page, f"/players/{self.player.pk}/")

    def visit_as_organiser(self, page: Page) -> None:
        self.visit(page, "/leagues/import/")
        self.visit(page, "/leagues/tuesday/matches/new/")
        match = f"/leagues/tuesday/matches/{self.match.pk}"
        self.visit(page, f"{match}/rounds/new/")
        page.get_by_role("radio", name="Pia", exact=True).check()
        self.click_and_wait(page, "a.pick", "#round-preview")
        self.visit(page, f"{match}/rounds/1/edit/")
        self.visit(page, f"{match}/rounds/2/delete/")
        # The Mah-Jongg game form: taps answered with htmx, and a refused Save.
        self.visit(page, f"/leagues/dragons/matches/{self.mj_match.pk}/games/new/")
        page.get_by_role("radio", name="Pia (East)").check()
        self.click_and_wait(page, "#mj-pick-1b", "#mj-about-0")
        page.locator("#save-game").click()
        expect(page.locator("#game-errors")).to_be_visible()
        page.wait_for_load_state("networkidle")
        self.visit(page, "/calculator/mahjongg/")
        self.click_and_wait(page, "#mj-pick-1b", "#mj-hand .picker-count")

    def visit_live_play(self, page: Page) -> None:
        self.visit(page, "/play/")
        self.visit(page, f"/play/{self.waiting.slug}/")
        expect(page.locator("#live-connection")).to_have_attribute("data-state", "connected")
        self.visit(page, f"/play/{self.live.slug}/")
        expect(page.locator("#live-connection")).to_have_attribute("data-state", "connected")
        expect(page.locator("#live-hand button").first).to_be_visible()

    def visit_admin(self, page: Page) -> None:
        self.visit(page, "/admin/")
        self.visit(page, "/admin/leagues/match/")
        self.visit(page, f"/admin/leagues/match/{self.match.pk}/change/")
        self.visit(page, f"/admin/leagues/league/{self.league.pk}/change/")
        self.visit(page, "/admin/auth/user/add/")

    def visit_refusals(self, page: Page) -> None:
        self.visit(page, f"/leagues/tuesday/matches/{self.match.pk}/rounds/new/", status=403)
        self.visit(page, "/leagues/no-such-league/", status=404)
        self.visit(page, "/calculator/?hand=" + "1" * 9000, status=414)
        expect(page.get_by_role("link", name="Back to the calculator")).to_be_visible()
