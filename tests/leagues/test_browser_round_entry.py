"""Entering a round on a phone: the cards are the winner's hand, the
round's dealer is named, and a save that someone else's round made too late says the match
is over instead of offering "Enter round N" again.

Run with `pytest -m browser tests/leagues/test_browser_round_entry.py`.
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from leagues.models import League, Match, Player, RoundEntry
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE

pytestmark = pytest.mark.browser
BIG_HAND = "567b 567b 678b 789b 99b"  # 512 points: ends a race to 100


def club_match(organiser, **options) -> Match:
    """Ann and Bo's match in the Club, which `organiser` organises; Bo deals first."""
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(organiser)
    players = [
        Player.objects.create(club=shared_club(), display_name=name) for name in ("Ann", "Bo")
    ]
    return Match.begin(league, players, first_dealer=1, played_on=date(2026, 11, 3), **options)


def organiser_on_a_phone(browser: Browser, organiser, url: str) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport=PHONE)
    sign_in(context, organiser, url)
    return context, context.new_page()


def test_a_round_saved_after_the_match_ended_says_so_on_a_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    match = club_match(organiser, rules={"target": 100})
    bo = match.seats.get(position=1).player
    context, page = organiser_on_a_phone(browser, organiser, live_server.url)
    try:
        page.goto(live_server.url + f"/leagues/club/matches/{match.pk}/rounds/new/")
        expect(page.get_by_role("heading", level=1)).to_have_text("Enter round 1")
        expect(page.get_by_role("heading", name="Winner's hand")).to_be_visible()
        expect(page.get_by_text("Dealer of this round: Bo")).to_be_visible()

        page.get_by_role("radio", name="Ann", exact=True).check()
        page.get_by_label("Type or paste a hand").fill(BIG_HAND)
        # Meanwhile, at the next table's phone, Bo's winning round ends the match.
        match.record_round(RoundEntry(winner=bo, win_type="self_draw", hand=BIG_HAND))
        page.click("#save-round")

        expect(page.get_by_role("heading", level=1)).to_have_text("The match is over")
        expect(page.get_by_text("Enter round")).to_have_count(0)
        expect(page.get_by_role("link", name="Back to the score sheet")).to_be_visible()
        assert match.rounds.count() == 1
    finally:
        context.close()


def test_a_sign_in_that_ran_out_while_tapping_keeps_the_hand_through_signing_in_again(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    from django.contrib.sessions.models import Session

    match = club_match(organiser)
    context, page = organiser_on_a_phone(browser, organiser, live_server.url)
    try:
        page.goto(live_server.url + f"/leagues/club/matches/{match.pk}/rounds/new/")
        page.get_by_label("Type or paste a hand").fill(BIG_HAND)
        expect(page.locator("#round-preview")).to_contain_text("512 points")
        expect(page).to_have_url(re.compile(r"hand="))  # picker.js keeps it in the address
        Session.objects.all().delete()  # the session ends (signed out elsewhere, expired)

        page.click("#save-round")
        expect(page).to_have_url(re.compile(r"/accounts/login/"))
        page.get_by_label("Username").fill("olga")
        page.get_by_label("Password").fill("pw-olga")
        page.get_by_role("button", name="Sign in").click()

        expect(page.get_by_role("heading", level=1)).to_have_text("Enter round 1")
        expect(page.locator("#round-preview")).to_contain_text("512 points")
        assert match.rounds.count() == 0  # nothing saved behind the organiser's back
    finally:
        context.close()
