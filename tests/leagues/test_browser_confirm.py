"""A round entered by a player waits for an opponent's confirmation (issue 36 §2): on a
German phone at the table, the player enters a round, hands the phone across, and the
opponent taps their own name and confirms; the round is no longer marked unconfirmed.

Run with `pytest -n 0 -m browser tests/leagues/test_browser_confirm.py`.
"""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import Browser, expect

from leagues.models import League, Match, Player
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE

pytestmark = pytest.mark.browser


def test_a_player_enters_a_round_and_the_opponent_confirms_it_on_the_same_german_phone(
    transactional_db, live_server, browser: Browser, organiser, member
) -> None:
    league = League.objects.create(
        club=shared_club(), name="Club", slug="club", players_may_enter=True
    )
    league.organisers.add(organiser)
    names = ("Pia", "Bo", "Cy", "Dee")
    players = [Player.objects.create(club=shared_club(), display_name=n) for n in names]
    players[0].user = member
    players[0].save()
    match = Match.begin(league, players, first_dealer=0, played_on=date(2026, 11, 3))
    context = browser.new_context(viewport=PHONE, locale="de", has_touch=True)
    sign_in(context, member, live_server.url)
    page = context.new_page()
    try:
        page.goto(live_server.url + f"/leagues/club/matches/{match.pk}/rounds/new/")
        page.get_by_role("radio", name="Bo", exact=True).check()
        page.get_by_role("radio", name="Selbst gezogen").check()
        page.get_by_label("Hand eintippen oder einfügen").fill("123c 456b 789k 234c 55k")
        page.locator("#save-round").tap()
        page.wait_for_url(f"**/matches/{match.pk}/")  # posted, and back on the sheet

        badge = page.locator("#sheet-table [data-confirmation='provisional']")
        expect(badge).to_have_text("unbestätigt")
        hand_across = "Geben Sie das Telefon einem anderen Spieler: Wer bestätigt?"
        expect(page.get_by_text(hand_across)).to_be_visible()
        expect(page.locator("#confirmations summary", has_text="Pia")).to_have_count(0)

        page.locator("#confirmations summary", has_text="Bo").tap()
        page.get_by_role("button", name="Als Bo bestätigen").tap()

        expect(page.get_by_text("Runde 1 von Bo bestätigt.")).to_be_visible()
        expect(page.locator("[data-confirmation]")).to_have_count(0)
        expect(page.locator("#history")).to_contain_text("(auf dem Telefon, auf dem sie")
        round_ = match.rounds.get()
        assert round_.confirmation == "confirmed" and round_.decided_here
        assert round_.decided_as == players[1]
    finally:
        context.close()
