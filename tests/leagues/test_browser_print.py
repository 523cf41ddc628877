"""Printed pages, printed to PDF by a real browser and read back: a long
match's score sheet has every round on A4 landscape pages, each page with the players' names
again, and nothing to click; the standings print as a table with its header on every page;
a blank score sheet fits one page.

Run with `pytest -m browser tests/leagues/test_browser_print.py`. `page.pdf()` needs headless
Chromium, which is how the browser tests run.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Browser, Page
from pypdf import PdfReader

from leagues import demo
from leagues.kinds.mhing.sheet import score_sheet
from leagues.models import League, Match, Player
from tests.layout import keep_screenshot

from .test_browser_layout import long_match

pytestmark = pytest.mark.browser

# What a screen has and paper must not: the site's navigation, the organiser's buttons and
# links to other pages.
NOT_ON_PAPER = (
    "Skip to content",
    "Calculator",
    "Sign out",
    "Enter a round",
    "Record a draw",
    "Undo round",
    "Print a blank sheet",
    "Start a match",
    "Download:",
    "You are here",
    "›",
)


@pytest.fixture
def riverside(transactional_db) -> League:
    return demo.load().leagues[0]


def signed_in_page(browser: Browser, live_server, username: str) -> Page:
    """A page of a browser whose visitor is signed in as `username`."""
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    context = browser.new_context()
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context.new_page()


def printed(page: Page, url: str, name: str) -> list[str]:
    """The page at `url` printed to PDF: each page's text, whitespace made single spaces."""
    page.goto(url)
    page.emulate_media(media="print")
    keep_screenshot(page, f"print-{name}")
    data = page.pdf(prefer_css_page_size=True)
    if folder := os.environ.get("MHING_SCREENSHOTS"):
        (Path(folder) / f"print-{name}.pdf").write_bytes(data)
    pdf = PdfReader(io.BytesIO(data))
    for sheet in pdf.pages:
        width, height = float(sheet.mediabox.width), float(sheet.mediabox.height)
        assert (round(width), round(height)) == (842, 595), "not A4 landscape"
    return [re.sub(r"\s+", " ", sheet.extract_text()) for sheet in pdf.pages]


def assert_nothing_to_click(pages: list[str]) -> None:
    text = " ".join(pages)
    assert [words for words in NOT_ON_PAPER if words in text] == []


def test_a_long_match_prints_every_round_with_the_players_on_each_page(
    live_server, browser: Browser, riverside
) -> None:
    match = long_match(riverside, 61)
    sheet = score_sheet(match)
    names = [seat.player.display_name for seat in sheet.seats]
    page = signed_in_page(browser, live_server, demo.ORGANISER)
    try:
        url = live_server.url + match.get_absolute_url()
        page.goto(url)
        assert page.get_by_text("Record a draw", exact=True).is_visible()
        pages = printed(page, url, "long-match")
    finally:
        page.context.close()

    assert len(pages) >= 2
    assert_nothing_to_click(pages)
    assert pages[0].startswith(f"{riverside.name} Match of ")
    for number, text in enumerate(pages, 1):
        missing = [name for name in names if name not in text]
        assert missing == [], f"page {number} lacks {missing}"
        # The sheet's labels (uppercase on paper as on screen).
        assert "ROUND" in text and "GRAND TOTAL" in text, f"page {number} lacks the labels"
    # Every round: its number in the block's header row, its points and each player's new
    # total, on the page that has the block.
    for block in sheet.blocks():
        numbers = " ".join(str(col.number) for col in block.columns)
        text = next((text for text in pages if f"ROUND {numbers}" in text), None)
        assert text is not None, f"rounds {numbers} are not on one page in a row"
        points = " ".join(str(p) for p in block.points)
        assert f"Total points {points}" in text
        for row in block.players:
            totals = " ".join(
                f"{'+' if c.change > 0 else ''}{c.change} {c.total}" if c.change else f"{c.total}"
                for c in row.cells
            )
            assert f"{row.seat.player.display_name} {totals}" in text


def test_the_standings_print_as_a_table_with_their_header_on_every_page(
    live_server, browser: Browser, riverside
) -> None:
    # Enough players for a second page: twelve more tables of four.
    for table in range(12):
        players = [
            Player.objects.create(club=riverside.club, display_name=f"Guest {table}-{seat}")
            for seat in range(4)
        ]
        Match.begin(riverside, players, first_dealer=0)
    names = list(riverside.players.values_list("display_name", flat=True))
    page = signed_in_page(browser, live_server, demo.ORGANISER)
    try:
        url = live_server.url + reverse("leagues:league", args=[riverside.slug])
        page.goto(url)
        assert page.get_by_role("link", name="Start a match").is_visible()
        pages = printed(page, url, "standings")
    finally:
        page.context.close()

    assert len(pages) >= 2
    assert_nothing_to_click(pages)
    text = " ".join(pages)
    assert [name for name in names if name not in text] == []
    # The standings run over the first pages, until the recent matches begin.
    last = next(number for number, text in enumerate(pages) if "Recent matches" in text)
    standings_pages = pages[: last + 1]
    assert len(standings_pages) >= 2
    for text in standings_pages:
        # The column headings, in full (the phone's short forms are a screen's).
        assert "PLAYER" in text and "RATING" in text and "MATCH WINS" in text


def test_a_blank_sheet_prints_on_one_page_with_the_players(
    live_server, browser: Browser, riverside
) -> None:
    match = Match.objects.filter(league=riverside, status=Match.Status.RUNNING).first()
    names = [player.display_name for player in match.seated_players()]
    page = signed_in_page(browser, live_server, demo.MEMBER)
    try:
        url = live_server.url + match.get_absolute_url()
        page.goto(url)
        page.get_by_role("link", name="Print a blank sheet").click()
        page.wait_for_url("**/blank/")
        pages = printed(page, page.url, "blank-sheet")
    finally:
        page.context.close()

    assert len(pages) == 1
    assert_nothing_to_click(pages)
    assert [name for name in names if name not in pages[0]] == []
    assert "Riverside" in pages[0]
    assert " 30 " in pages[0] + " "
