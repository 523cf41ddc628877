"""Adding a club's players on a German phone: nine players cost eight extra
taps, as the focus left the name field after each add and several names could not be pasted.
Now the page comes back with the focus in the field, and names pasted one a line are added
together.

Run with `pytest -m browser tests/leagues/test_browser_roster_phone.py`.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from leagues.models import League
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE

pytestmark = pytest.mark.browser
NINE = ["Amélie", "Bo", "Céline", "Denis", "Eun-ji", "Farid", "Greta", "Hiro", "Ines"]


def roster_on_a_german_phone(browser: Browser, organiser, live_server) -> tuple[League, Page]:
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(organiser)
    context = browser.new_context(viewport=PHONE, locale="de", has_touch=True)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    page.goto(live_server.url + reverse("leagues:roster", args=[league.slug]))
    return league, page


def test_the_focus_stays_in_the_name_field_from_one_player_to_the_next_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    league, page = roster_on_a_german_phone(browser, organiser, live_server)
    try:
        for name in NINE[:3]:
            # Typed straight into the focused field: no tap on it between players.
            page.keyboard.type(name)
            page.keyboard.press("Enter")
            expect(page.locator("#roster-active")).to_contain_text(name)
            expect(page.get_by_label("Name", exact=True)).to_be_focused()
        assert sorted(league.players.values_list("display_name", flat=True)) == NINE[:3]
    finally:
        page.context.close()


def test_nine_names_pasted_one_a_line_are_added_with_one_tap_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    league, page = roster_on_a_german_phone(browser, organiser, live_server)
    try:
        page.get_by_text("Mehrere auf einmal hinzufügen").tap()
        page.get_by_label("Namen, einer pro Zeile").fill("\n".join(NINE) + "\n")
        page.get_by_role("button", name="Zur Spielerliste hinzufügen").tap()
        for name in NINE:
            expect(page.locator("#roster-active")).to_contain_text(name)
        expect(page.locator(".messages")).to_contain_text("9 Spieler stehen jetzt")
        assert league.players.count() == 9
    finally:
        page.context.close()


def test_one_name_already_on_the_roster_adds_none_and_keeps_the_list_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    league, page = roster_on_a_german_phone(browser, organiser, live_server)
    try:
        page.keyboard.type("Bo")
        page.keyboard.press("Enter")
        expect(page.locator("#roster-active")).to_contain_text("Bo")
        page.get_by_text("Mehrere auf einmal hinzufügen").tap()
        page.get_by_label("Namen, einer pro Zeile").fill("Amélie\nBo\nCéline")
        page.get_by_role("button", name="Zur Spielerliste hinzufügen").tap()
        expect(page.get_by_role("alert").first).to_contain_text("Bo")
        expect(page.get_by_label("Namen, einer pro Zeile")).to_have_value("Amélie\nBo\nCéline")
        assert list(league.players.values_list("display_name", flat=True)) == ["Bo"]
    finally:
        page.context.close()
