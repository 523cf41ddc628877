"""Entering a Mhing round on a German phone: the palette is long, and Save
was three screens below it, so the score and Save now stick to the bottom of the screen while
cards are picked; "Whose discard" shows only for a win by discard.

Run with `pytest -m browser tests/leagues/test_browser_round_entry_phone.py`.
"""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import Browser, Page, expect

from leagues.models import League, Match, Player
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE

pytestmark = pytest.mark.browser


def four_player_match(organiser) -> Match:
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(organiser)
    names = ("Ann", "Bo", "Cy", "Dee")
    players = [Player.objects.create(club=shared_club(), display_name=n) for n in names]
    return Match.begin(league, players, first_dealer=0, played_on=date(2026, 11, 3))


def german_phone(browser: Browser, organiser, url: str) -> Page:
    context = browser.new_context(viewport=PHONE, locale="de", has_touch=True)
    sign_in(context, organiser, url)
    return context.new_page()


def on_screen(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_the_score_and_save_stay_on_screen_while_cards_are_picked_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    match = four_player_match(organiser)
    page = german_phone(browser, organiser, live_server.url)
    try:
        page.goto(live_server.url + f"/leagues/club/matches/{match.pk}/rounds/new/")
        page.get_by_role("radio", name="Ann", exact=True).check()
        page.get_by_role("radio", name="Selbst gezogen").check()
        for card in ("1c", "2c", "3c", "4b", "5b"):
            pick = page.locator(f".picker-palette a.pick[data-add='{card}']")
            pick.scroll_into_view_if_needed()
            assert on_screen(page, "#save-round"), card
            pick.tap()
        expect(page.locator(".picker-hand")).to_contain_text("5")
        assert page.locator("#save-round").bounding_box()["y"] < PHONE["height"]
        assert on_screen(page, "#round-status")
        assert on_screen(page, "#save-round")
    finally:
        page.context.close()


def test_whose_discard_shows_only_for_a_win_by_discard_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    match = four_player_match(organiser)
    page = german_phone(browser, organiser, live_server.url)
    discarder = page.get_by_label("Wessen Abwurf (bei Gewinn durch Abwurf)")
    try:
        page.goto(live_server.url + f"/leagues/club/matches/{match.pk}/rounds/new/")
        page.get_by_role("radio", name="Ann", exact=True).check()
        page.get_by_role("radio", name="Selbst gezogen").check()
        expect(discarder).to_be_hidden()
        page.get_by_role("radio", name="Durch Abwurf").check()
        expect(discarder).to_be_visible()
        discarder.select_option(label="Bo")
        page.get_by_role("radio", name="Selbst gezogen").check()
        expect(discarder).to_be_hidden()
    finally:
        page.context.close()
