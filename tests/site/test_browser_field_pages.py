"""Pages as a person meets them on a phone: abandoned tables leave
the lobby and the creator closes one by tapping; an address that takes a form, a page that
is not yours and the site's icon each lead somewhere; dates read the reader's way.

Run with `pytest -m browser tests/site/test_browser_field_pages.py`.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from games.models import Table
from leagues.models import League
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def _stop_live_tasks() -> None:
    """No live table runs here: nothing to stop."""


def phone(browser: Browser, live_server, user=None, language: str = "en") -> Page:
    context = browser.new_context(viewport=PHONE, locale=language)
    if user is not None:
        sign_in(context, user, live_server.url)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    return context.new_page()


def test_the_lobby_drops_abandoned_tables_and_the_creator_closes_one(
    transactional_db, live_server, browser: Browser, member
) -> None:
    abandoned = Table.create(member, players=4)
    Table.objects.filter(pk=abandoned.pk).update(updated_at=timezone.now() - timedelta(hours=3))
    mine = Table.create(member, players=4)
    page = phone(browser, live_server, member)
    try:
        page.goto(live_server.url + "/play/")
        expect(page.locator(f'[data-table="{mine.slug}"]')).to_be_visible()
        expect(page.locator(f'[data-table="{abandoned.slug}"]')).to_have_count(0)

        page.goto(live_server.url + mine.get_absolute_url())
        page.get_by_role("link", name="Close the table").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text(f"Close table {mine.slug}?")
        page.get_by_role("button", name="Close the table").click()
        expect(page).to_have_url(live_server.url + "/play/")
        expect(page.get_by_text(f"Table {mine.slug} is closed.")).to_be_visible()
        expect(page.locator(f'[data-table="{mine.slug}"]')).to_have_count(0)
    finally:
        page.context.close()


def test_addresses_that_are_not_pages_lead_somewhere(
    transactional_db, live_server, browser: Browser, outsider
) -> None:
    League.objects.create(club=shared_club(), name="Hidden", slug="hidden", is_public=False)
    page = phone(browser, live_server, outsider)
    try:
        response = page.goto(live_server.url + "/play/new/")
        assert response.status == 405
        expect(page.get_by_role("heading", level=1)).to_have_text("Use the page's button")
        page.get_by_role("link", name="Play").last.click()
        expect(page).to_have_url(live_server.url + "/play/")

        response = page.goto(live_server.url + "/leagues/hidden/")
        assert response.status == 403
        expect(page.get_by_role("link", name="Sign in with another account")).to_be_visible()
        page.get_by_role("main").get_by_role("link", name="Leagues").click()
        expect(page).to_have_url(live_server.url + "/leagues/")

        icon = page.goto(live_server.url + "/favicon.ico")
        assert icon.status == 200 and icon.headers["content-type"].startswith("image/svg")
    finally:
        page.context.close()


def test_a_french_reader_sees_the_first_of_the_month_as_the_first(
    transactional_db, live_server, browser: Browser
) -> None:
    League.objects.create(
        club=shared_club(), name="Club", slug="club", season_start=date(2026, 9, 1)
    )
    page = phone(browser, live_server, language="fr")
    try:
        page.goto(live_server.url + "/leagues/club/")
        expect(page.get_by_text("1er septembre 2026")).to_be_visible()
    finally:
        page.context.close()


def test_the_calculator_and_a_round_work_from_the_keyboard_alone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    """Tab to a card and press Enter: it joins the hand; the history and player pages read as
    names and moments, not capitals and short dates."""
    page = phone(browser, live_server, organiser)
    try:
        page.goto(live_server.url + "/calculator/")
        for _ in range(60):  # through the header to the palette's first card
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "picker-pick-1b":
                break
        assert page.evaluate("document.activeElement.id") == "picker-pick-1b"
        page.keyboard.press("Enter")
        expect(page.locator("#picker-hand .picker-count")).to_contain_text("1 of 14")
        page.keyboard.press("Enter")  # the same card again: focus stays where it was
        expect(page.locator("#picker-hand .picker-count")).to_contain_text("2 of 14")
    finally:
        page.context.close()


def test_the_history_says_undone_and_the_player_page_names_its_rows(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    from leagues.models import Match, Player, RoundEntry

    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(organiser)
    ann, bo = (Player.objects.create(club=shared_club(), display_name=n) for n in ("Ann", "Bo"))
    match = Match.begin(league, [ann, bo], first_dealer=0, played_on=date(2026, 11, 3))
    match.record_round(RoundEntry(winner=ann, win_type="self_draw", hand="123c 456b 789k 234c 55k"))
    match.record_round(RoundEntry.draw(), by=organiser)
    match.refresh_from_db()
    page = phone(browser, live_server, organiser)
    try:
        page.goto(live_server.url + match.get_absolute_url())
        page.get_by_text("Undo round 2", exact=True).click()
        page.get_by_role("button", name="Yes, undo round 2").click()
        history = page.locator("#history")
        expect(history).to_contain_text("Round 2 undone")
        expect(history).not_to_contain_text("Round 2 deleted")
        page.goto(live_server.url + ann.get_absolute_url())
        row_heading = page.locator('table th[scope="row"]').first
        expect(row_heading).to_have_text("Club")
        assert row_heading.evaluate("th => getComputedStyle(th).textTransform") == "none"
    finally:
        page.context.close()
