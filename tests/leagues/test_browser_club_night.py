"""A club night in a real browser on a phone: tick twelve players, accept the proposed three
tables, and watch the night's page pick up a round entered at a table (htmx polling). The
proposal and the night's page pass axe, and a match page's QR code is drawn under the CSP.

Run with `pytest -m browser tests/leagues/test_browser_club_night.py`.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from leagues.models import ClubNight, League, Player, RoundEntry
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE, keep_screenshot
from tests.site.test_browser_a11y import AXE, FAILING, report, violations

pytestmark = pytest.mark.browser
NAMES = ["Anna", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jan", "Kim", "Lea"]
SMALL_HAND = "123c 456b 789k 234c 55k"


def no_serious_violations(page, name: str) -> None:
    found = [v for v in violations(page) if v["impact"] in FAILING]
    assert not found, f"axe on {name}:\n{report(found)}"


def test_an_organiser_seats_twelve_at_three_tables_and_the_night_follows_the_rounds(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(organiser)
    roster = [Player.objects.create(club=shared_club(), display_name=name) for name in NAMES]
    league.players.add(*roster, Player.objects.create(club=shared_club(), display_name="Absent Al"))
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(path=AXE)
    sign_in(context, organiser, live_server.url)
    errors: list[str] = []
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(live_server.url + "/leagues/club/")
        page.get_by_role("link", name="Seat a club night").click()
        # axe runs in the page: wait for the new one, not the league page being left.
        page.wait_for_url("**/nights/new/")
        no_serious_violations(page, "who is here")
        for name in NAMES:
            page.get_by_label(name, exact=True).check()
        keep_screenshot(page, "club-night-present-phone")
        page.get_by_role("button", name="Propose tables").click()

        expect(page.get_by_role("heading", level=1)).to_have_text("Proposed tables")
        expect(page.locator(".night-table")).to_have_count(3)
        expect(page.locator(".night-table li")).to_have_count(12)
        expect(page.get_by_text("Absent Al")).to_have_count(0)
        no_serious_violations(page, "proposal")
        keep_screenshot(page, "club-night-proposal-phone")
        page.get_by_role("button", name="Create the matches").click()

        night = ClubNight.objects.get()
        matches = list(night.matches.order_by("pk"))
        assert [m.seats.count() for m in matches] == [4, 4, 4]
        assert sorted(s.player.display_name for m in matches for s in m.seats.all()) == sorted(
            NAMES
        )
        expect(page).to_have_url(live_server.url + night.get_absolute_url())
        expect(page.locator(".night-board-table")).to_have_count(3)
        first = page.locator(".night-board-table").first
        expect(first).to_contain_text("0 rounds")
        no_serious_violations(page, "the night")

        # Meanwhile, at table 1, a round is entered (on the phone the QR code opened).
        winner = matches[0].seated_players()[0]
        matches[0].record_round(RoundEntry(winner=winner, win_type="self_draw", hand=SMALL_HAND))
        total = matches[0].seats.get(player=winner).total

        expect(first).to_contain_text("1 round", timeout=25_000)
        expect(first.locator(f'tr[data-player="{winner.pk}"] td')).to_have_text(str(total))
        keep_screenshot(page, "club-night-board-phone")

        # The table's page has the QR code of its round entry, under the CSP.
        first.get_by_role("link", name="Table 1").click()
        qr = page.locator("#round-entry-qr")
        expect(qr.get_by_role("img", name="QR code")).to_be_visible()
        expect(qr.get_by_role("link")).to_have_text(
            live_server.url + f"/leagues/club/matches/{matches[0].pk}/rounds/new/"
        )
        assert qr.locator("svg").bounding_box()["width"] > 100
        keep_screenshot(qr, "club-night-qr-phone")
        assert not [e for e in errors if "Content Security Policy" in e], errors
    finally:
        context.close()
