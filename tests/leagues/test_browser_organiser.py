"""A club starts from nothing, on a 390 px phone, by the app's own pages: a new account
creates a league, adds its players (by keyboard), and starts a match from the roster. Each
organiser page is checked with axe (as tests/site/test_browser_a11y.py does) and for
anything sticking out sideways."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from leagues.models import League, Match
from tests.games.live_pages import sign_in
from tests.layout import PHONE, keep_screenshot, overflow
from tests.site.test_browser_a11y import AXE, FAILING, report, violations

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser: Browser, live_server, transactional_db) -> Iterator[Page]:
    user = get_user_model().objects.create_user("nora", password="pw-nora")
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(path=AXE)
    sign_in(context, user, live_server.url)
    page = context.new_page()
    yield page
    context.close()


def check(page: Page, name: str) -> None:
    """No serious accessibility problem, nothing to scroll sideways."""
    page.wait_for_load_state("networkidle")
    keep_screenshot(page, f"organiser-{name}-phone")
    found = [v for v in violations(page) if v["impact"] in FAILING]
    assert not found, f"axe on {name}:\n{report(found)}"
    measured = overflow(page)
    assert measured["scrollWidth"] <= measured["width"], f"{name} is too wide: {measured}"


def test_a_new_organiser_creates_a_league_adds_players_and_starts_a_match(phone, live_server):
    page = phone
    page.goto(live_server.url + reverse("leagues:index"))
    page.click("#new-league")
    check(page, "league-new")
    page.fill("#id_name", "Friday Tiles")
    page.get_by_label("guests at live tables").check()
    page.click("#create-league")
    expect(page.locator("h1")).to_have_text("Friday Tiles")
    league = League.objects.get()
    assert league.slug == "friday-tiles" and league.live_guests

    page.get_by_role("link", name="players", exact=True).click()
    check(page, "roster")
    for name in ("Ada", "Bea", "Cem"):
        page.get_by_label("Name", exact=True).fill(name)
        page.get_by_label("Name", exact=True).press("Enter")
        expect(page.locator("#roster-active")).to_contain_text(name)
    page.get_by_role("link", name="Cem").click()
    check(page, "roster-player")
    page.get_by_role("link", name="Settings").click()
    check(page, "settings")
    page.get_by_role("link", name="History").click()
    check(page, "history")
    expect(page.locator("#league-history")).to_contain_text("Player added")

    page.get_by_role("link", name="Friday Tiles").click()
    page.get_by_role("link", name="Start a match").click()
    for seat, name in enumerate(("Ada", "Bea", "Cem"), start=1):
        page.select_option(f"#id_seat{seat}_player", label=name)
    page.click("#start-match")
    expect(page.locator(".match-status")).to_have_text("Running")
    match = Match.objects.get()
    assert [p.display_name for p in match.seated_players()] == ["Ada", "Bea", "Cem"]

    page.get_by_role("link", name="Abandon the match").click()
    check(page, "match-abandon")
    page.click("#confirm-match-end")
    expect(page.locator(".match-status")).to_have_text("Abandoned")
