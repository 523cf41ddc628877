"""Nothing chosen on Mhing round entry is lost: the winner, "by discard"
and whose discard survive a reload, Back and signing in again, as the cards always did, on a
390 px phone at 300 ms latency and 50 kB/s. Before, the cards stayed but the winner was none,
the win self-drawn and the address always said `win_type=self_draw`, so a win by discard
could be saved as self-drawn.

Run with `pytest -m browser -n 0 tests/leagues/test_browser_round_state.py`.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.sessions.models import Session
from playwright.sync_api import Browser, Page, expect

from leagues.models import Match
from tests.games.live_pages import sign_in
from tests.layout import PHONE
from tests.leagues.test_browser_round_entry import club_match, organiser_on_a_phone
from tests.scoring.test_browser_picker import tap_quickly, throttle, wait_until_scored

pytestmark = pytest.mark.browser

TRIALS = 3
TAPS = "5b 6b 7b 5b 6b 7b 6b 7b 8b 7b 8b 9b 9b 9b".split()  # 567b 567b 678b 789b 99b
SLOW = {"latency_ms": 300, "bytes_per_s": 50_000}


def choose(page: Page) -> None:
    """Ann wins by Bo's discard."""
    page.get_by_role("radio", name="Ann", exact=True).check()
    page.get_by_role("radio", name="By discard").check()
    page.locator("#id_discarder").select_option(label="Bo")


def expect_chosen(page: Page, trial: int, when: str) -> None:
    note = f"trial {trial}, after {when}"
    expect(page.get_by_role("radio", name="Ann", exact=True), note).to_be_checked()
    expect(page.get_by_role("radio", name="By discard"), note).to_be_checked()
    expect(page.locator("#id_discarder"), note).to_have_value(
        str(
            page.evaluate(
                "() => [...document.querySelectorAll('#id_discarder option')]"
                ".find(o => o.textContent.trim() === 'Bo').value"
            )
        )
    )
    expect(page.locator("#round-preview"), note).to_contain_text("512 points")


def test_winner_discard_and_discarder_survive_reload_back_and_signing_in_on_a_slow_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    match = club_match(organiser)
    form_url = live_server.url + f"/leagues/club/matches/{match.pk}/rounds/new/"
    context, page = organiser_on_a_phone(browser, organiser, live_server.url)
    try:
        for trial in range(1, TRIALS + 1):
            page.goto(form_url)
            throttle(page, **SLOW)
            # Chosen before and after the cards, as at a table.
            page.get_by_role("radio", name="Ann", exact=True).check()
            tap_quickly(page, TAPS[:7], every_ms=150)
            choose(page)
            tap_quickly(page, TAPS[7:], every_ms=150)
            wait_until_scored(page)
            expect(page).to_have_url(re.compile(r"win_type=discard"))

            page.reload()
            expect_chosen(page, trial, "a reload")

            page.get_by_role("link", name="Cancel").click()
            expect(page).to_have_url(re.compile(rf"/matches/{match.pk}/$"))
            page.go_back()
            expect_chosen(page, trial, "Back")

        Session.objects.all().delete()  # the sign-in runs out before Save
        page.click("#save-round")
        expect(page).to_have_url(re.compile(r"/accounts/login/"))
        page.get_by_label("Username").fill("olga")
        page.get_by_label("Password").fill("pw-olga")
        page.get_by_role("button", name="Sign in").click()
        expect_chosen(page, TRIALS, "signing in again")

        page.click("#save-round")
        expect(page).to_have_url(re.compile(rf"/matches/{match.pk}/$"))
        saved = Match.objects.get(pk=match.pk).rounds.get()
        assert (saved.winner.display_name, saved.win_type) == ("Ann", "discard")
        assert saved.discarder.display_name == "Bo"
    finally:
        context.close()


def test_without_javascript_what_is_chosen_goes_on_with_every_card_link(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    """No script: Preview sends the choices, and each card link then carries them."""
    match = club_match(organiser)
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        page.goto(live_server.url + f"/leagues/club/matches/{match.pk}/rounds/new/")
        choose(page)
        page.get_by_role("button", name="Preview").click()
        for code in TAPS:
            page.click(f"#picker-pick-{code}")
        expect(page).to_have_url(re.compile(r"win_type=discard"))
        expect_chosen(page, 1, "tapping without JavaScript")
        page.click("#save-round")
        saved = Match.objects.get(pk=match.pk).rounds.get()
        assert (saved.win_type, saved.discarder.display_name) == ("discard", "Bo")
    finally:
        context.close()
