"""A new club starts alone, on a 390 px phone in German: from the home page,
with no account made by staff, to a first saved round, every tap and typed field counted
(about 59 actions and a staff-made account before; the target is at most 30). The empty
league says what to do next at each step.

Run with `pytest -m browser tests/site/test_browser_signup.py`.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from playwright.sync_api import Browser, Locator, expect

from leagues.models import League, Round
from tests.layout import PHONE, keep_screenshot

pytestmark = pytest.mark.browser

HAND = "567b 567b 678b 789b 99b"
MOST_ACTIONS = 30


@pytest.fixture(autouse=True)
def _fresh_count():
    """The sign-up pause counts in Django's cache, which outlives a test."""
    cache.clear()


def test_from_nothing_to_a_first_saved_round_on_a_german_phone_in_at_most_30_actions(
    transactional_db, live_server, browser: Browser
) -> None:
    context = browser.new_context(viewport=PHONE, locale="de-DE", has_touch=True)
    page = context.new_page()
    actions = 0

    def tap(target: Locator) -> None:
        nonlocal actions
        target.click()
        actions += 1

    def type_into(target: Locator, text: str) -> None:
        nonlocal actions
        target.fill(text)
        actions += 1

    try:
        page.goto(live_server.url + "/")
        tap(page.locator("#home-signup"))
        expect(page.get_by_role("heading", level=1)).to_have_text("Konto anlegen")
        type_into(page.locator("#id_username"), "amelie")
        type_into(page.locator("#id_email"), "amelie@example.org")
        type_into(page.locator("#id_password1"), "ein-langes-Mhing-Passwort")
        type_into(page.locator("#id_password2"), "ein-langes-Mhing-Passwort")
        tap(page.locator("#create-account"))

        # Signed in, on "Create a league", told what comes next.
        expect(page.get_by_text("Willkommen, amelie! Sie sind angemeldet.")).to_be_visible()
        type_into(page.locator("#league-form [name=name]"), "Dienstagsrunde")
        tap(page.locator("#create-league"))

        # The empty league says what to do: players, or a match with their names typed.
        expect(page.locator("h1")).to_have_text("Dienstagsrunde")
        expect(page.locator("#no-players-next")).to_be_visible()
        keep_screenshot(page, "signup-empty-league-de")
        tap(page.locator("#no-players-next").get_by_role("link", name="eine Partie beginnen"))

        for seat, name in enumerate(("Amélie", "Bruno", "Chloé", "Dieter"), start=1):
            type_into(page.locator(f"[name=seat{seat}_name]"), name)
        tap(page.locator("#start-match"))

        tap(page.locator("#enter-round"))
        tap(page.get_by_role("radio", name="Amélie", exact=True))
        type_into(page.locator("[name=hand]"), HAND)
        tap(page.locator("#save-round"))

        expect(page.get_by_text("Runde 1 gespeichert")).to_be_visible()
        league = League.objects.get(name="Dienstagsrunde")
        assert league.owner.username == "amelie"
        assert Round.objects.filter(match__league=league).count() == 1
        print(f"\nfrom nothing to a first saved round: {actions} actions")
        assert actions <= MOST_ACTIONS
    finally:
        context.close()
