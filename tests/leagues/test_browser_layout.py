"""The league pages fit their screen, measured in a real browser on the demo leagues: the
standings show every column without scrolling sideways (the Rating column, the default sort,
needed scrolling at 1280 px, and a phone showed three columns), player names look like
links, and the score sheet shows every round with its row labels whole (at 1280 px it showed
6 of 9 rounds and cut the labels).

Run with `pytest -m browser tests/leagues/test_browser_layout.py`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from playwright.sync_api import Browser, Page

from leagues import demo
from leagues.kinds.mhing.sheet import ROUNDS_PER_BLOCK
from leagues.models import League, Match, Player
from tests.layout import VIEWPORTS, Tabs, keep_screenshot, overflow, scrolling

from .conftest import win

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "de", "fr"]
# Small hands, so a long match stays short of its target: (credits, points) 2/4, 3/8, 4/16.
HANDS = ("123c 456b 789k 234c 55k", "147b 258c 369k EwSw RdGdWd", "123c 123c 99b 456k 789k")


@pytest.fixture(scope="module")
def _demo_once(django_db_setup, django_db_blocker) -> Iterator[list[League]]:
    """The demo, loaded once for the module's 20 pages (3-5 s a load, once a page before),
    and the database emptied after them, as pytest-django does after each test with
    `transactional_db` (tests/site/test_browser_a11y.py does the same). The tests read the
    demo; the long sheets add a running match of their own each, which leaves the demo's
    matches, and the standings' players and columns, as they were."""
    fast = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    with django_db_blocker.unblock(), fast:
        leagues = demo.load().leagues
    yield leagues
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


@pytest.fixture
def transactional_db(_demo_once, django_db_blocker) -> Iterator[None]:
    """Here in place of pytest-django's (which `live_server` asks for and which empties the
    database after each test): the database as the module's tests leave it, every addition
    committed, where the live server's thread reads it."""
    with django_db_blocker.unblock():
        yield


@pytest.fixture
def demo_leagues(_demo_once, transactional_db) -> list[League]:
    return _demo_once


def long_match(league: League, rounds: int) -> Match:
    """A match of four demo players with `rounds` rounds, wins and discards in turn."""
    players = list(Player.objects.filter(leagues=league).order_by("pk")[:4])
    match = Match.begin(league, players, first_dealer=0, rules={"target": 100_000})
    seats = itertools.cycle(range(4))
    for number, hand in zip(range(rounds), itertools.cycle(HANDS), strict=False):
        winner = players[next(seats)]
        discarder = players[(players.index(winner) + 1) % 4] if number % 3 else None
        match.record_round(win(winner, hand, discarder=discarder))
    return match


@pytest.fixture(scope="session")
def tabs(browser: Browser) -> Iterator[Tabs]:
    """Per worker, not per module: under `--dist worksteal` a worker may come back to this
    module after others, and a module fixture would open its tabs again. What a tab keeps
    from test to test is what a new context would not have had, or harmless: each test starts
    with no cookie but its language's (`open_page`) and loads its page anew, which undoes
    what a test did to the one before (a click to another sort, a block scrolled sideways);
    the pages are anonymous, so no sign-in to redo and no service worker or stored outbox
    (the match page's outbox is for those who may enter rounds); only the HTTP cache stays
    (the same files)."""
    opened = Tabs(browser)
    yield opened
    opened.close()


@pytest.fixture
def open_page(tabs: Tabs) -> Iterator[Callable[..., Page]]:
    """`open_page(url, device, language="en")`: the device's tab, at URL in LANGUAGE."""
    used: list[str] = []

    def open_(url: str, device: str, language: str = "en") -> Page:
        page = tabs[device]
        used.append(device)
        # As a new context: only the language cookie, none an earlier test's page set.
        page.context.clear_cookies()
        page.context.add_cookies([{"name": "django_language", "value": language, "url": url}])
        page.goto(url)
        # The page in the test's language, not one an earlier test's cookie left in the tab.
        assert page.locator("html").get_attribute("lang") == language
        return page

    yield open_
    tabs.settle(used)


def assert_nothing_sticks_out(page: Page) -> None:
    measured = overflow(page)
    assert measured["scrollWidth"] <= measured["width"], "the page scrolls sideways"
    assert measured["out"] == [], f"past the right edge: {measured['out']}"


# -- standings -----------------------------------------------------------------------------

# Per row: each cell's box, whether it is shown, and the box of the standings.
STANDINGS = """() => {
    const box = document.getElementById("standings");
    const edge = box.getBoundingClientRect();
    const rows = [...box.querySelectorAll("tr")].map(row => [...row.cells].map(cell => {
        const r = cell.getBoundingClientRect();
        return {
            text: cell.textContent.trim(),
            shown: r.width > 0 && r.height > 0 && getComputedStyle(cell).display !== "none",
            left: r.left, right: r.right,
        };
    }));
    const link = box.querySelector("tbody th a");
    const style = getComputedStyle(link);
    const accent = getComputedStyle(document.documentElement)
        .getPropertyValue("--color-accent").trim();
    const probe = document.createElement("span");
    probe.style.color = accent;
    document.body.append(probe);
    const accentColour = getComputedStyle(probe).color;
    probe.remove();
    return {
        scrolls: box.scrollWidth - box.clientWidth,
        edge: {left: edge.left, right: edge.right},
        rows,
        link: {colour: style.color, line: style.textDecorationLine, accent: accentColour},
    };
}"""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_standings_show_every_column_without_scrolling_sideways(
    live_server, open_page, demo_leagues, device, language
) -> None:
    url = live_server.url + reverse("leagues:league", args=["riverside"])
    page = open_page(url, device, language)
    measured = page.evaluate(STANDINGS)
    keep_screenshot(page, f"league-{device}-{language}")
    assert_nothing_sticks_out(page)
    # Nor does anything else on the league's page (the recent matches) scroll sideways.
    assert scrolling(page) == []

    assert measured["scrolls"] <= 0, "the standings scroll sideways inside their box"
    edge = measured["edge"]
    width = VIEWPORTS[device]["width"]
    assert edge["right"] <= width
    heading, *players = measured["rows"]
    assert len(players) == 8
    for row in measured["rows"]:
        assert len(row) == 9  # place, player, matches, wins, rounds, points, average, best, rating
        hidden = [cell["text"] for cell in row if not cell["shown"]]
        assert hidden == [], f"columns not shown: {hidden}"
        cut = [cell["text"] for cell in row if cell["right"] > edge["right"] + 0.5]
        assert cut == [], f"past the table's right edge: {cut}"
        assert all(cell["left"] >= edge["left"] - 0.5 for cell in row)
    assert "▼" in heading[-1]["text"], "the rating is the default sort"
    # Names read as links: the link colour, underlined.
    link = measured["link"]
    assert link["colour"] == link["accent"]
    assert "underline" in link["line"]


def test_the_phone_standings_keep_every_column_sortable(
    live_server, open_page, demo_leagues
) -> None:
    """The phone's two-line layout still offers every heading as a sort link, and sorting
    by one it shows on the second line works."""
    url = live_server.url + reverse("leagues:league", args=["riverside"])
    page = open_page(url, "phone")
    page.locator("#standings thead .col-played a").click()
    page.wait_for_url("**?sort=-played")
    assert page.locator("#standings th[aria-sort]").get_attribute("class").endswith("col-played")
    assert_nothing_sticks_out(page)


# -- the score sheet -----------------------------------------------------------------------

# Every block of the sheet: its box, how far it scrolls, its round headings' boxes, and each
# row label's box and whether its text fits in it.
SHEET = """() => [...document.querySelectorAll("#sheet-table .sheet-scroll")].map(box => {
    const edge = box.getBoundingClientRect();
    return {
        left: edge.left, right: edge.right,
        scrolls: box.scrollWidth - box.clientWidth,
        rounds: [...box.querySelectorAll("thead th[id^=round-]")].map(th => {
            const r = th.getBoundingClientRect();
            return {number: Number(th.id.slice(6)), left: r.left, right: r.right};
        }),
        cells: [...box.querySelectorAll("td")].map(td => td.getBoundingClientRect().right),
        labels: [...box.querySelectorAll("th[scope=row]")].map(th => ({
            text: th.textContent.trim(),
            cut: th.scrollWidth > th.clientWidth || th.scrollHeight > th.clientHeight,
        })),
    };
})"""


def measure_sheet(page: Page) -> list[dict]:
    page.wait_for_selector("#sheet-table")
    return page.evaluate(SHEET)


def the_match_of(league: League, played_on: str) -> Match:
    return league.matches.get(played_on=played_on)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rounds", [9, 10, 14, 23])
def test_a_laptop_shows_every_round_of_the_sheet_with_whole_row_labels(
    live_server, open_page, demo_leagues, rounds, language
) -> None:
    riverside = demo_leagues[0]
    if rounds == 9:  # the demo's first match: nine rounds, a draw among them
        match = the_match_of(riverside, "2026-09-08")
    else:
        match = long_match(riverside, rounds)
    assert match.rounds.count() == rounds
    url = live_server.url + reverse("leagues:match", args=["riverside", match.pk])
    page = open_page(url, "desktop", language)
    blocks = measure_sheet(page)
    keep_screenshot(page.locator("#sheet-table"), f"sheet-desktop-{rounds}-{language}")
    assert_nothing_sticks_out(page)
    assert scrolling(page) == []

    # As few blocks as ten rounds a block allow, of even sizes.
    expected = -(-rounds // ROUNDS_PER_BLOCK)
    assert len(blocks) == expected
    sizes = [len(block["rounds"]) for block in blocks]
    assert max(sizes) - min(sizes) <= 1
    numbers = [r["number"] for block in blocks for r in block["rounds"]]
    assert numbers == list(range(1, rounds + 1))
    for block in blocks:
        assert block["scrolls"] <= 0, "a block of the sheet scrolls sideways"
        assert block["right"] <= VIEWPORTS["desktop"]["width"]
        assert all(r["right"] <= block["right"] + 0.5 for r in block["rounds"])
        assert all(right <= block["right"] + 0.5 for right in block["cells"])
        cut = [label["text"] for label in block["labels"] if label["cut"]]
        assert cut == [], f"row labels cut: {cut}"
        # The labels again in every block: 3 heading rows' worth, 18 combinations, 2 totals,
        # 4 players.
        assert len(block["labels"]) == 2 + 18 + 2 + 4


def test_a_phone_scrolls_a_block_of_the_sheet_inside_its_box_not_the_page(
    live_server, open_page, demo_leagues
) -> None:
    """On a phone a block is wider than the screen: it scrolls in its own box (reachable by
    keyboard), the page does not, and the row labels are whole (two lines if need be)."""
    match = the_match_of(demo_leagues[0], "2026-09-08")
    url = live_server.url + reverse("leagues:match", args=["riverside", match.pk])
    page = open_page(url, "phone")
    blocks = measure_sheet(page)
    keep_screenshot(page, "match-phone")
    assert_nothing_sticks_out(page)
    # Only the sheet's block scrolls: the players and the history fit the phone.
    assert scrolling(page) == [".table-scroll.sheet-scroll"]
    box = page.locator("#sheet-table .sheet-scroll").first
    assert box.get_attribute("tabindex") == "0"
    box.evaluate("box => box.scrollBy(10000, 0)")
    label = page.locator("#sheet-table .sheet-credits th").first.bounding_box()
    assert label["x"] >= 0, "the row labels stay in view as the rounds scroll"

    assert len(blocks) == 1
    assert all(not label["cut"] for label in blocks[0]["labels"])
    assert blocks[0]["right"] <= VIEWPORTS["phone"]["width"]
