"""Paper shows the sheet and its heading only: a match printed by its
organiser, a Mhing one and a Mah-Jongg one, has no organiser links ("Delete the match",
"Abandon the match", "Correct game N"), no QR code and no "Scan to enter…", and starts with
the league's name, as the Mhing sheet always did.

Run with `pytest -m browser tests/leagues/test_browser_print_paper.py`.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from leagues import demo
from leagues.models import Match

from .test_browser_print import assert_nothing_to_click, printed, riverside, signed_in_page

pytestmark = pytest.mark.browser

__all__ = ["riverside"]  # the demo, loaded: a fixture of the print tests

ORGANISER_ONLY = (
    "Delete the match",
    "Abandon the match",
    "Correct round",
    "Delete round",
    "Correct game",
    "Scan to enter",
    "Enter a game",
)


def printed_as_organiser(browser: Browser, live_server, match: Match, name: str):
    page = signed_in_page(browser, live_server, demo.ORGANISER)
    try:
        url = live_server.url + match.get_absolute_url()
        page.goto(url)
        on_screen = page.locator("main").inner_text()
        pages = printed(page, url, name)
        qr_on_paper = page.locator(".round-entry-qr, svg.qr-code").evaluate_all(
            "nodes => nodes.filter(node => node.getBoundingClientRect().height > 0).length"
        )
    finally:
        page.context.close()
    return on_screen, pages, qr_on_paper


def test_a_mhing_match_prints_its_sheet_without_the_organiser_links_or_qr_code(
    live_server, browser: Browser, riverside
) -> None:
    match = Match.objects.filter(league=riverside, status=Match.Status.RUNNING).first()
    on_screen, pages, qr = printed_as_organiser(browser, live_server, match, "paper-mhing")

    assert "Abandon the match" in on_screen and "Scan to enter" in on_screen
    text = " ".join(pages)
    assert [words for words in ORGANISER_ONLY if words in text] == []
    assert_nothing_to_click(pages)
    assert qr == 0
    assert pages[0].startswith(f"{riverside.name} Match of ")


def test_a_mahjongg_match_prints_its_sheet_under_the_league_name_without_links_or_qr_code(
    live_server, browser: Browser, riverside
) -> None:
    match = (
        Match.objects.filter(league__slug="jade-dragon", status=Match.Status.RUNNING)
        .order_by("pk")
        .first()
    )
    assert match is not None
    on_screen, pages, qr = printed_as_organiser(browser, live_server, match, "paper-mahjongg")

    assert "Correct game 1" in on_screen and "Scan to enter" in on_screen
    text = " ".join(pages)
    assert [words for words in ORGANISER_ONLY if words in text] == []
    assert_nothing_to_click(pages)
    assert qr == 0
    assert pages[0].startswith(f"{demo.JADE['name']} Match of ")
