"""A tournament in a browser, in German: 16 players over 4 sessions, from creating the event
and registering its players to the final ranking; a table's round each session entered by the
scorer on a 390 px phone (the others as the pages would), the projector at 1920 px with the
session's clock, seating and ranking.

Run with `pytest -n 0 -m browser tests/tournaments/test_browser_event.py`.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from leagues.models import Event, EventSession, Match, Player, RoundEntry
from tests.games.live_pages import sign_in
from tests.layout import PHONE, keep_screenshot, overflow

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1920, "height": 1080}
SMALL_HAND = "123c 456b 789k 234c 55k"
BIG_HAND = "567b 567b 678b 789b 99b"


def german(browser: Browser, user, url: str, viewport) -> Page:
    context = browser.new_context(viewport=viewport, locale="de")
    context.add_cookies([{"name": "django_language", "value": "de", "url": url}])
    sign_in(context, user, url)
    return context.new_page()


def test_sixteen_players_four_sessions_from_registration_to_the_final_ranking(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    base = live_server.url
    desk = german(browser, organiser, base, {"width": 1280, "height": 800})
    phone = german(browser, organiser, base, PHONE)
    wall = german(browser, organiser, base, PROJECTOR)
    try:
        desk.goto(base + "/events/new/")
        desk.get_by_label("Name").fill("Frühjahrsturnier")
        desk.get_by_role("button", name="Turnier anlegen").click()
        expect(desk.get_by_role("heading", level=1)).to_have_text("Frühjahrsturnier")
        event = Event.objects.get()
        club = event.league.club
        for n in range(1, 15):
            Player.objects.create(club=club, display_name=f"Spieler {n:02}")

        # Registration: the club's players by ticking, two guests by name and EMA number.
        desk.reload()
        for n in range(1, 15):
            desk.get_by_label(f"Spieler {n:02}", exact=True).check()
        desk.get_by_label("Name des Gastes").fill("Gast Eins")
        desk.get_by_label("EMA-Nummer des Gastes").fill("04290001")
        desk.get_by_role("button", name="Anmelden", exact=True).click()
        expect(desk.locator("#entrants li")).to_have_count(15)
        desk.get_by_label("Name des Gastes").fill("Gast Zwei")
        desk.get_by_role("button", name="Anmelden", exact=True).click()
        expect(desk.locator("#entrants li")).to_have_count(16)
        expect(desk.locator("#entrants")).to_contain_text("EMA 04290001")

        # The organiser's page fits a phone, registration forms and all.
        phone.goto(base + event.get_absolute_url())
        assert overflow(phone)["out"] == [], overflow(phone)
        keep_screenshot(phone, "event-registration-de")

        desk.get_by_role("button", name="Anmeldung schließen").click()
        expect(desk.locator("[data-figure=repeated_meetings]").first).to_contain_text("0")

        for number in range(1, 5):
            desk.get_by_role("button", name=f"Durchgang {number} setzen").click()
            expect(desk.get_by_role("heading", level=1)).to_contain_text(f"Durchgang {number}")
            expect(desk.locator(".event-table")).to_have_count(4)
            desk.get_by_role("button", name="Durchgang beginnen").click()
            expect(desk.locator("#event-clock")).to_contain_text("Verbleibende Zeit")

            wall.goto(base + f"/leagues/{event.league.slug}/event/projector/")
            expect(wall.locator("#event-clock [data-clock]")).to_have_text(
                re.compile(r"^1:[0-2]\d:\d\d$")  # 90 minutes, counting down
            )
            expect(wall.locator(".event-table")).to_have_count(4)
            expect(wall.locator("#event-ranking tbody tr")).to_have_count(16)
            if number == 1:
                keep_screenshot(wall, "event-projector-de")

            session = EventSession.objects.get(event=event, number=number)
            if number == 1:
                phone.goto(base + f"/leagues/{event.league.slug}/event/sessions/1/")
                assert overflow(phone)["out"] == [], overflow(phone)
            for t, match in enumerate(session.matches.order_by("pk")):
                seated = match.seated_players()
                hand = BIG_HAND if (t + number) % 2 else SMALL_HAND
                if t > 0:
                    # One table a session on the phone is the scorer's page; the others are
                    # entered as the pages would (tests/tournaments/test_event_pages.py
                    # enters every table through them), to keep the browser run short.
                    entry = RoundEntry(
                        winner=seated[(t + number) % 4], win_type="self_draw", hand=hand
                    )
                    match.record_round(entry, by=organiser)
                    continue
                winner = seated[(t + number) % 4].display_name
                phone.goto(base + f"/leagues/{event.league.slug}/matches/{match.pk}/rounds/new/")
                phone.get_by_role("radio", name=winner, exact=True).check()
                phone.get_by_role("radio", name="Selbst gezogen").check()
                phone.get_by_label("Hand eintippen oder einfügen").fill(hand)
                phone.click("#save-round")
                expect(phone.locator("#save-round")).to_have_count(0, timeout=10000)
                assert match.rounds.count() == 1
                if number == 1 and t == 0:
                    keep_screenshot(phone, "event-scorer-de")

            desk.get_by_role("button", name="Durchgang beenden").click()
            expect(desk.locator("#event-state")).to_be_visible()
            assert all(m.status == Match.Status.FINISHED for m in session.matches.all())

        expect(desk.locator("#event-state")).to_have_text("Beendet")
        desk.get_by_role("link", name="Rangliste", exact=True).click()
        expect(desk.get_by_role("heading", level=1)).to_have_text("Endstand")
        rows = desk.locator("#event-ranking tbody tr")
        expect(rows).to_have_count(16)
        expect(rows.first.locator("td").first).to_contain_text("1")
        keep_screenshot(desk, "event-ranking-de")
        phone.goto(desk.url)
        assert overflow(phone)["out"] == [], overflow(phone)
    finally:
        for page in (desk, phone, wall):
            page.context.close()
