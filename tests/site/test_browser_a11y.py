"""An accessibility pass with axe-core over the site's pages (PAGES), in Chromium, on a
phone in the light and dark schemes, and the main kinds of page at a laptop's width too
(LAPTOP_TOO). A violation axe rates *serious* or *critical* fails the test, listed with its rule,
the elements and axe's help; milder ones (best practices) are left to judgement.

axe-core is vendored for the tests only (tests/vendor/axe-core/README.md). Run with
`pytest -m browser tests/site/test_browser_a11y.py`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import Browser, Page, WebSocketRoute

from games.models import Table
from leagues import demo
from leagues.models import ClubNight, Invite, League, Match
from tests.games.live_pages import TABLE_SOCKET, round_over, sign_in, started_table
from tests.layout import VIEWPORTS, Tabs, keep_screenshot

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[1] / "vendor" / "axe-core" / "axe.min.js"
FAILING = ("serious", "critical")


@pytest.fixture(scope="module")
def _demo_once(django_db_setup, django_db_blocker) -> Iterator[None]:
    """The demo, loaded once for the module's tests (seconds a load, rather than once a
    page), and the database emptied after them as pytest-django does after each
    test with `transactional_db`."""
    with django_db_blocker.unblock():
        demo.load()
    yield
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


@pytest.fixture
def transactional_db(_demo_once, django_db_blocker) -> Iterator[None]:
    """Here in place of pytest-django's (which `live_server` asks for and which empties the
    database after each test): the database as the module's tests leave it. Each page's test
    reads the demo or adds to it (a table, an invitation, a season, a club night), and every
    addition is committed, where the live server's thread reads it."""
    with django_db_blocker.unblock():
        yield


@pytest.fixture
def site(transactional_db):
    """The demo leagues and the demo organiser, who sees every page and button."""
    return get_user_model().objects.get(username=demo.ORGANISER)


def running_match() -> Match:
    return Match.objects.get(league__slug="riverside", status=Match.Status.RUNNING)


def live_in_play(user) -> Table:
    """A table in play where it is the user's turn to discard (or answer a discard)."""
    table = started_table(user)
    table.bot_turns()
    table.refresh_from_db()
    return table


# name -> how to reach it: (path, the table whose snapshot the page's socket gets, or None).
PAGES: dict[str, Callable[[Any], tuple[str, Table | None]]] = {
    "home": lambda user: (reverse("home"), None),
    "calculator": lambda user: (reverse("scoring:calculator"), None),
    "calculator-hand": lambda user: (
        reverse("scoring:calculator") + "?hand=123c+123c+99b+[5b+J+7b]+[RdRdRd]+F+F",
        None,
    ),
    "mahjongg-calculator": lambda user: (reverse("scoring:mahjongg_calculator"), None),
    "mahjongg-calculator-hand": lambda user: (
        reverse("scoring:mahjongg_calculator")
        + "?hand=[5b5b5b5b]+123c+456c+789c+22k+F3+S3+seat=W+round=S+win=2k+by=kan",
        None,
    ),
    "league": lambda user: (reverse("leagues:league", args=["riverside"]), None),
    "match": lambda user: (
        reverse("leagues:match", args=["riverside", running_match().pk]),
        None,
    ),
    "round-entry": lambda user: (
        reverse("leagues:round_new", args=["riverside", running_match().pk]),
        None,
    ),
    "members": lambda user: (
        _with_invite() and reverse("leagues:members", args=["riverside"]),
        None,
    ),
    "invite": lambda user: (_with_invite().get_absolute_url(), None),
    "password-change": lambda user: (reverse("password_change"), None),
    # -- the organiser pages (docs/organisers.md) --
    "league-settings": lambda user: (reverse("leagues:league_settings", args=["riverside"]), None),
    "roster": lambda user: (reverse("leagues:roster", args=["riverside"]), None),
    "league-history": lambda user: (reverse("leagues:league_history", args=["riverside"]), None),
    "blank-sheet": lambda user: (
        reverse("leagues:blank_sheet", args=["riverside", running_match().pk]),
        None,
    ),
    "season-new": lambda user: (reverse("leagues:season_new", args=["riverside"]), None),
    "league-seasons": lambda user: (_second_season("thursday"), None),
    "lobby": lambda user: (reverse("games:lobby"), None),
    "table-waiting": lambda user: _table(Table.create(user, players=4)),
    "table-live": lambda user: _table(live_in_play(user)),
    "table-result": lambda user: _table(round_over(user)),
    # Club nights (the proposal, a POST's answer, is checked in test_browser_club_night.py).
    "night-new": lambda user: (reverse("leagues:night_new", args=["riverside"]), None),
    "night": lambda user: (_club_night(user).get_absolute_url(), None),
    # A Mah-Jongg league (docs/mahjongg_leagues.md): standings, score sheet, game entry, rules.
    "mahjongg-league": lambda user: (reverse("leagues:league", args=["jade-dragon"]), None),
    "mahjongg-match": lambda user: (_jade_match().get_absolute_url(), None),
    "mahjongg-game-entry": lambda user: (
        reverse("leagues:mj_game_new", args=["jade-dragon", _jade_match().pk]),
        None,
    ),
    "mahjongg-settings": lambda user: (
        reverse("leagues:league_settings", args=["jade-dragon"]),
        None,
    ),
    "league-new": lambda user: (reverse("leagues:league_new"), None),
    # Mah-Jongg club nights and blank sheet (docs/club_nights.md, docs/printing_and_bots.md).
    "mahjongg-night-new": lambda user: (reverse("leagues:night_new", args=["jade-dragon"]), None),
    "mahjongg-blank-sheet": lambda user: (
        reverse("leagues:blank_sheet", args=["jade-dragon", _jade_match().pk]),
        None,
    ),
    # A Mah-Jongg player's page (games won, balance, best hands): East of the first match.
    "mahjongg-player": lambda user: (
        _jade_match().seats.get(position=0).player.get_absolute_url(),
        None,
    ),
}


def _jade_match() -> Match:
    return Match.objects.filter(league__slug="jade-dragon").order_by("played_on").first()


def _with_invite() -> Invite:
    """An open invitation to the demo league, so its link shows on the members page."""
    return Invite.issue(League.objects.get(slug="riverside"), role="organiser")


def _club_night(user) -> ClubNight:
    """Tonight at Riverside: two tables of the roster's first eight."""
    league = League.objects.get(slug="riverside")
    roster = list(league.players.order_by("pk")[:8])
    return ClubNight.seat(
        league,
        [roster[:4], roster[4:]],
        played_on=date.today(),
        since_match=Match.objects.order_by("-pk").values_list("pk", flat=True).first(),
        by=user,
        rules={"variant": "points", "target": 500},
    )


def _second_season(slug: str) -> str:
    """The league's page with its season switcher: a second season begun, the first shown."""
    from datetime import date

    from leagues.models import League
    from leagues.models.season_change import start_season

    start_season(League.objects.get(slug=slug), name="Spring", starts_on=date(2026, 11, 15))
    return reverse("leagues:league", args=[slug]) + "?season=1"


def _table(table: Table) -> tuple[str, Table]:
    return reverse("games:table", args=[table.slug]), table


def violations(page: Page) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now."""
    return page.evaluate(
        """async () => {
            const results = await axe.run(document, {resultTypes: ["violations"]});
            return results.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help, url: v.helpUrl,
                nodes: v.nodes.map(n => ({
                    target: n.target.join(" "),
                    html: n.html.slice(0, 200),
                    summary: n.failureSummary,
                })),
            }));
        }"""
    )


def report(found: list[dict[str, Any]]) -> str:
    lines = []
    for violation in found:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        lines.append(f"  {violation['url']}")
        for node in violation["nodes"]:
            lines.append(f"  - {node['target']}\n    {node['html']}")
            for line in (node["summary"] or "").splitlines():
                lines.append(f"      {line}")
    return "\n".join(lines)


# Run in the page a test leaves: the service worker an entry page registers (with the files
# and pages it keeps) is unregistered, so the next test's page loads as in a browser that never
# saw an entry page, as it did in a context of its own.
FORGET_WORKERS = """async () => {
    if (!("serviceWorker" in navigator)) return;
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map(registration => registration.unregister()));
    await Promise.all((await caches.keys()).map(name => caches.delete(name)));
}"""


class AxeTabs(Tabs):
    """The tabs (tests/layout.py) in the light scheme, with axe's script in every document,
    each signed in by each test afresh."""

    def __init__(self, browser: Browser) -> None:
        super().__init__(browser)
        # The snapshot each device's page gets from its table's socket (the test's table).
        self.snapshots: dict[str, dict[str, Any] | None] = {}

    def open(self, device: str) -> Page:
        context = self.browser.new_context(viewport=VIEWPORTS[device], color_scheme="light")
        # Loaded as the browser's own script before the page's: the site's
        # Content-Security-Policy refuses a script tag added to the page, and the pages are
        # checked as their policy leaves them.
        context.add_init_script(path=AXE)
        page = context.new_page()
        # Routed once for the tab's life (Playwright can route a socket but not unroute it): a
        # table's page gets its test's snapshot, as the live server speaks no websockets; any
        # other socket, none here, would reach the server as it would unrouted.
        page.route_web_socket(TABLE_SOCKET, lambda ws, device=device: self.serve(device, ws))
        return page

    def serve(self, device: str, ws: WebSocketRoute) -> None:
        snapshot = self.snapshots.get(device)
        if snapshot is None:
            ws.connect_to_server()
        else:
            ws.send(json.dumps(snapshot))


@pytest.fixture(scope="session")
def tabs(browser: Browser) -> Iterator[AxeTabs]:
    """Per worker, not per module: under `--dist worksteal` a worker may come back to this
    module after others, and a module fixture would open its tabs again. What a tab keeps
    from test to test is what a new context would not have had, or harmless: each test signs
    in afresh (the module's database is emptied after the module, sessions and all), starts
    in the light scheme with no cookie of an earlier page, and leaves no service worker and
    no table snapshot behind (`open_page`); only the HTTP cache stays (the same files)."""
    opened = AxeTabs(browser)
    yield opened
    opened.close()


@pytest.fixture
def open_page(tabs: AxeTabs, live_server) -> Iterator[Callable[..., Page]]:
    used: list[str] = []

    def open_(user, device: str, path: str, table: Table | None) -> Page:
        page = tabs[device]
        used.append(device)
        # As a new context: no cookie from an earlier test's pages, the user's own session
        # (the module's demo may have been loaded anew since the last test, its sessions
        # gone), and the light scheme an earlier test may have left dark.
        page.context.clear_cookies()
        sign_in(page.context, user, live_server.url)
        page.emulate_media(color_scheme="light")
        tabs.snapshots[device] = table.snapshot(0) if table is not None else None
        page.goto(live_server.url + path)
        # A session that no longer holds would check the sign-in page in its place.
        assert not page.url.startswith(live_server.url + reverse("login")), f"{path}: signed out"
        if table is not None:
            ready = "#seats" if table.is_waiting else "#live-table:not([hidden]) .live-seat"
            page.wait_for_selector(ready)
            if not table.is_waiting:
                page.wait_for_selector("#live-totals-body tr")
        page.wait_for_load_state("networkidle")
        return page

    yield open_
    for device in used:
        tabs.snapshots[device] = None
    tabs.settle(used, FORGET_WORKERS)


# Every page on the phone in both schemes (site.css has its own colours for the dark one:
# their contrast is checked too), and the kinds of page whose layout changes most with the
# width also on a laptop. (Every page on the laptop too made CI's browser run a minute
# longer, past its 20 minutes; the laptop uses the same colours and markup.) One test per
# page checks its looks: the demo data, which every page needs, is loaded once for them.
# The dark scheme is checked on the phone's page once it has been read in the light one,
# by switching the scheme the browser asks for (as a phone does at dusk): site.css answers
# with its colours at once (no script reads the scheme, no colour is animated), and the
# page is not loaded twice.
LOOKS = {"phone": ("light", "dark"), "desktop": ("light",)}
LAPTOP_TOO = {
    "home",
    "calculator-hand",
    "mahjongg-calculator-hand",
    "league",
    "match",
    "round-entry",
    "table-live",
    "table-result",
    "night",
    "mahjongg-match",
    "mahjongg-game-entry",
    "mahjongg-player",
}


@pytest.mark.parametrize("name", PAGES)
def test_no_serious_or_critical_accessibility_violations(site, open_page, name) -> None:
    path, table = PAGES[name](site)
    failures = []
    devices = ["phone", "desktop"] if name in LAPTOP_TOO else ["phone"]
    for device in devices:
        page = open_page(site, device, path, table)
        if name == "table-result":
            page.wait_for_selector("#live-result:not([hidden]) .live-breakdown")
        for scheme in LOOKS[device]:
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
            keep_screenshot(page, f"a11y-{name}-{device}-{scheme}")
            found = [v for v in violations(page) if v["impact"] in FAILING]
            if found:
                failures.append(f"axe on {name} at {device} ({scheme}):\n{report(found)}")

    assert not failures, "\n\n".join(failures)
