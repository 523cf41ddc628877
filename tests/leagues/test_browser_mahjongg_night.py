"""A Mah-Jongg club night in a real browser on a phone: tick eight players, accept the two
proposed tables (each seat with its wind), watch the night's page pick up a game's balances,
and open the table's QR code and blank score sheet; the blank sheet prints on one A4
landscape page. The pages pass axe and run under the CSP.

Run with `pytest -m browser tests/leagues/test_browser_mahjongg_night.py`.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from leagues.kinds.mahjongg.blank_sheet import ROWS
from leagues.models import ClubNight, League, Player
from leagues.models.mahjongg_entry import record_game
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE, keep_screenshot
from tests.site.test_browser_a11y import AXE

from .mahjongg_fixtures import win
from .test_browser_club_night import no_serious_violations
from .test_browser_print import NOT_ON_PAPER, printed

pytestmark = pytest.mark.browser
NAMES = ["Anna", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"]


def test_an_organiser_seats_eight_at_two_mahjongg_tables_and_prints_a_blank_sheet(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    league = League.objects.create(
        club=shared_club(), name="Jade Club", slug="jade", game="mahjongg"
    )
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
        page.goto(live_server.url + "/leagues/jade/")
        page.get_by_role("link", name="Seat a club night").click()
        expect(page.get_by_text("Mah-Jongg at tables of 4")).to_be_visible()
        no_serious_violations(page, "who is here (Mah-Jongg)")
        for name in NAMES[:7]:
            page.get_by_label(name, exact=True).check()
        page.get_by_role("button", name="Propose tables").click()
        expect(page.locator("#present-errors")).to_contain_text("untick 3 (they sit out)")
        page.get_by_label(NAMES[7], exact=True).check()
        page.get_by_role("button", name="Propose tables").click()

        expect(page.get_by_role("heading", level=1)).to_have_text("Proposed tables")
        expect(page.locator(".night-table")).to_have_count(2)
        expect(page.locator(".night-table li")).to_have_count(8)
        expect(page.locator(".night-wind")).to_have_text(["East", "South", "West", "North"] * 2)
        no_serious_violations(page, "proposal (Mah-Jongg)")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], "the proposal scrolls sideways on a phone"
        keep_screenshot(page, "mahjongg-night-proposal-phone")
        page.get_by_role("button", name="Create the matches").click()

        night = ClubNight.objects.get()
        matches = list(night.matches.order_by("pk"))
        assert [m.seats.count() for m in matches] == [4, 4]
        assert all(m.game == "mahjongg" for m in matches)
        expect(page).to_have_url(live_server.url + night.get_absolute_url())
        expect(page.get_by_text("enter each table's games")).to_be_visible()
        first = page.locator(".night-board-table").first
        expect(first).to_contain_text("0 games")
        expect(first).to_contain_text("Balance")
        no_serious_violations(page, "the night (Mah-Jongg)")

        # Meanwhile, at table 1, East calls Mah-Jongg (entered on the phone the QR opened).
        record_game(matches[0], win(0), by=organiser)
        east = matches[0].seats.get(position=0)
        expect(first).to_contain_text("1 game", timeout=25_000)
        expect(first.locator(f'tr[data-player="{east.player_id}"] td')).to_have_text(
            f"+{east.total}"
        )
        keep_screenshot(page, "mahjongg-night-board-phone")

        first.get_by_role("link", name="Table 1").click()
        qr = page.locator("#round-entry-qr")
        expect(qr.get_by_role("img", name="QR code")).to_be_visible()
        expect(qr.get_by_role("link")).to_have_text(
            live_server.url + f"/leagues/jade/matches/{matches[0].pk}/games/new/"
        )
        page.get_by_role("link", name="Print a blank sheet").click()
        page.wait_for_url("**/blank/")
        expect(page.locator("#blank-sheet")).to_be_visible()
        no_serious_violations(page, "blank sheet (Mah-Jongg)")
        pages = printed(page, page.url, "mahjongg-blank-sheet")
        assert not [e for e in errors if "Content Security Policy" in e], errors
    finally:
        context.close()

    assert len(pages) == 1
    assert [text for text in NOT_ON_PAPER if text in pages[0]] == []
    names = [seat.player.display_name for seat in matches[0].seats.order_by("position")]
    assert [name for name in names if name not in pages[0]] == []
    assert "Jade Club" in pages[0] and "Balances after 1 game" in pages[0]
    assert "East pays and receives double." in pages[0]
    assert f" {1 + ROWS} " in pages[0] + " "  # the last row: 1 game played, then ROWS rows
