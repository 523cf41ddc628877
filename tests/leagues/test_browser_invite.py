"""An invitation end to end, in a real browser: the organiser makes a link on the members
page and copies it; the invited person opens it on a 390 px phone, creates an account and
lands in the members-only league.

Run with `pytest -m browser tests/leagues/test_browser_invite.py`.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from leagues.models import League, Player
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import DESKTOP, PHONE, keep_screenshot

pytestmark = pytest.mark.browser


def test_an_organiser_invites_and_the_new_member_signs_up_on_a_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    league = League.objects.create(
        club=shared_club(), name="Tuesday Club", slug="tuesday", is_public=False
    )
    league.organisers.add(organiser)
    league.players.add(Player.objects.create(club=shared_club(), display_name="Quentin"))

    organiser_context = browser.new_context(viewport=DESKTOP)
    organiser_context.grant_permissions(["clipboard-read", "clipboard-write"])
    sign_in(organiser_context, organiser, live_server.url)
    page = organiser_context.new_page()
    phone = browser.new_context(viewport=PHONE)
    try:
        page.goto(live_server.url + reverse("leagues:league", args=["tuesday"]))
        page.click("#members-link")
        expect(page.get_by_role("heading", level=1)).to_have_text("Members")
        page.get_by_label("Player of the league").select_option(label="Quentin")
        page.get_by_role("radio", name="30 days").check()
        page.click("#create-invite")
        expect(page.locator(".messages")).to_contain_text("Invitation made.")

        link = page.locator(".invite-link-text").first
        url = link.input_value()
        assert url.startswith(live_server.url + "/invite/")
        # The copy button is the script's (no JS: the field alone); it copies the link.
        page.get_by_role("button", name="Copy").click()
        expect(page.get_by_role("button", name="Copied")).to_be_visible()
        assert page.evaluate("navigator.clipboard.readText()") == url

        newcomer = phone.new_page()
        newcomer.goto(url)
        expect(newcomer.get_by_role("heading", level=1)).to_have_text("Join Tuesday Club")
        expect(newcomer.locator("#invite-for")).to_contain_text("the player Quentin")
        newcomer.get_by_label("Username").fill("quentin")
        newcomer.get_by_label("Email").fill("quentin@example.org")
        newcomer.get_by_label("Password", exact=True).fill("a-long-Mhing-passphrase")
        newcomer.get_by_label("Password confirmation").fill("a-long-Mhing-passphrase")
        keep_screenshot(newcomer, "invite-sign-up-phone")
        # Nothing to scroll sideways on the phone.
        assert newcomer.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        newcomer.click("#create-account")

        expect(newcomer.get_by_role("heading", level=1)).to_have_text("Tuesday Club")
        expect(newcomer.locator(".messages")).to_contain_text(
            "Welcome! You are now a member of Tuesday Club."
        )
        expect(newcomer.get_by_text("Members only")).to_be_visible()
        # On a phone the account tools are behind the header's Menu.
        newcomer.get_by_text("Menu", exact=True).click()
        expect(newcomer.get_by_text("Signed in as quentin")).to_be_visible()

        # The organiser's page now lists Quentin as a member, and the link is gone.
        page.reload()
        expect(page.locator("#members")).to_contain_text("Quentin")
        expect(page.locator(".invite-link-text")).to_have_count(0)
    finally:
        organiser_context.close()
        phone.close()
