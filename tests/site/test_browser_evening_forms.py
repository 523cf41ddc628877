"""What a phone still got wrong on the club's forms, each at 390 px: an
en-GB browser got US dates, "public" was ticked on a new league, German sign-up mixed "Sie"
with "Dein", and the "paste several players" disclosure had no marker.

Run with `pytest -m browser tests/site/test_browser_evening_forms.py`.
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.core.cache import cache
from django.urls import reverse
from playwright.sync_api import Browser, Page

from leagues.models import Club, League, LeagueEvent, Match, Player
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE

pytestmark = pytest.mark.browser

# The informal German "du" in any of its forms (the site says "Sie").
INFORMAL = re.compile(r"\b(du|dich|dir|dein|deine|deinen|deinem|deiner)\b", re.IGNORECASE)


@pytest.fixture(autouse=True)
def _fresh_count():
    """The sign-up pause counts in Django's cache, which outlives a test."""
    cache.clear()


def phone(browser: Browser, locale: str, live_server, user=None) -> Page:
    context = browser.new_context(viewport=PHONE, locale=locale, has_touch=True)
    if user is not None:
        sign_in(context, user, live_server.url)
    return context.new_page()


def test_an_english_uk_phone_gets_british_dates(transactional_db, live_server, browser: Browser):
    league = League.objects.create(club=shared_club(), name="Tuesday Club", slug="tuesday")
    players = [Player.objects.create(club=league.club, display_name=n) for n in "ABCD"]
    match = Match.begin(league, players, first_dealer=0, played_on=date(2026, 12, 6))
    page = phone(browser, "en-GB", live_server)
    try:
        page.goto(live_server.url + match.get_absolute_url())
        heading = page.locator("h1").inner_text()
    finally:
        page.context.close()
    assert heading == "Match of 6 Dec 2026"


def test_a_new_league_is_members_only_until_ticked_on_a_german_phone(
    transactional_db, live_server, browser: Browser, member
):
    page = phone(browser, "de-DE", live_server, member)
    try:
        page.goto(live_server.url + reverse("leagues:league_new"))
        public = page.locator("#id_is_public")
        checked = public.is_checked()
        page.locator("#league-form [name=name]").fill("Dienstagsrunde")
        page.locator("#create-league").click()
        page.wait_for_url(re.compile(r"/leagues/dienstagsrunde/"))
    finally:
        page.context.close()
    assert not checked
    assert not League.objects.get(slug="dienstagsrunde").is_public


def test_german_sign_up_says_sie_throughout_on_a_phone(transactional_db, live_server, browser):
    page = phone(browser, "de-DE", live_server)
    try:
        page.goto(live_server.url + reverse("signup"))
        page.locator("#id_username").fill("amelie")
        page.locator("#id_email").fill("amelie@example.org")
        page.locator("#id_password1").fill("            ")
        page.locator("#id_password2").fill("            ")
        page.locator("#create-account").click()
        page.wait_for_load_state()
        text = page.locator("main").inner_text()
    finally:
        page.context.close()
    assert "Ihr Passwort darf nicht nur aus Leerzeichen bestehen" in text, text
    assert INFORMAL.findall(text) == [], text


def test_the_paste_several_disclosure_has_a_marker_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser
):
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(organiser)
    page = phone(browser, "de-DE", live_server, organiser)
    try:
        page.goto(live_server.url + reverse("leagues:roster", args=[league.slug]))
        summary = page.locator(".roster-several > summary")
        closed = summary.evaluate(MARKER)
        summary.tap()
        opened = summary.evaluate(MARKER)
    finally:
        page.context.close()
    assert closed and opened and closed != opened, (closed, opened)


# The summary's disclosure marker as drawn: the list item's own, or one of its ::before.
MARKER = """(summary) => {
    const style = getComputedStyle(summary);
    if (style.display === "list-item") return "list-item " + summary.parentElement.open;
    const before = getComputedStyle(summary, "::before").content;
    return before === "none" || before === "normal" ? "" : before;
}"""


def test_a_first_season_begun_in_december_is_named_for_its_club_year_on_a_german_phone(
    transactional_db, live_server, browser: Browser
):
    league = League.objects.create(
        club=shared_club(), name="Dienstagsclub", slug="dienstag", season_start=date(2026, 12, 6)
    )
    page = phone(browser, "de-DE", live_server)
    try:
        page.goto(live_server.url + league.get_absolute_url())
        heading = page.locator(".season-name").first.inner_text()
    finally:
        page.context.close()
    # Not "Saison 2026": nearly all of it is played in 2027.
    assert heading == "Saison 2026/27"


def test_an_organiser_names_the_club_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser
):
    """A club was named after its first league, for good."""
    league = League.objects.create(
        club=Club.create_named("Dienstagsrunde"), name="Dienstagsrunde", slug="dienstagsrunde"
    )
    league.organisers.add(organiser)
    page = phone(browser, "de-DE", live_server, organiser)
    try:
        page.goto(live_server.url + reverse("leagues:league_settings", args=[league.slug]))
        page.get_by_role("link", name="Den Club benennen").tap()
        page.get_by_label("Name des Clubs").fill("Mahjong-Freunde Altona")
        page.get_by_role("button", name="Namen speichern").tap()
        page.wait_for_url(re.compile(r"/settings/$"))
        shown = page.locator("#club-name").inner_text()
    finally:
        page.context.close()
    assert shown == "Mahjong-Freunde Altona"
    league.club.refresh_from_db()
    assert league.club.name == "Mahjong-Freunde Altona"
    event = league.events.get(action=LeagueEvent.Action.CLUB_RENAMED)
    assert event.details == {"old": "Dienstagsrunde", "new": "Mahjong-Freunde Altona"}
