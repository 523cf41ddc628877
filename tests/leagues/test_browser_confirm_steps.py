"""Buttons that change a match or an invitation at once: "Record a draw",
"Undo round N" (and Mah-Jongg's "Undo game N") and "Revoke" acted on one tap, with nothing
to confirm or undo. On a German phone, with script and without, one tap now only asks; the
second tap acts.

Run with `pytest -m browser tests/leagues/test_browser_confirm_steps.py`.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from leagues.models import Invite, League, Match, Player, RoundEntry
from leagues.models.mahjongg_entry import record_game
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE
from tests.leagues.mahjongg_fixtures import mj_league, win  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser
SCRIPT = pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])


def club(organiser) -> League:
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(organiser)
    return league


def german_phone(browser: Browser, organiser, url: str, javascript: bool) -> Page:
    context = browser.new_context(
        viewport=PHONE, locale="de", has_touch=True, java_script_enabled=javascript
    )
    sign_in(context, organiser, url)
    return context.new_page()


@SCRIPT
def test_a_draw_and_an_undo_ask_before_they_act_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser, javascript: bool
) -> None:
    league = club(organiser)
    ann, bo = (Player.objects.create(club=shared_club(), display_name=n) for n in ("Ann", "Bo"))
    match = Match.begin(league, [ann, bo], first_dealer=0, played_on=date(2026, 11, 3))
    match.record_round(RoundEntry(winner=ann, win_type="self_draw", hand="123c 456b 789k 234c 55k"))
    page = german_phone(browser, organiser, live_server.url, javascript)
    try:
        page.goto(live_server.url + match.get_absolute_url())
        page.get_by_text("Unentschieden eintragen", exact=True).tap()
        assert match.rounds.count() == 1  # one tap only asks
        page.get_by_role("button", name="Ja, Unentschieden eintragen").tap()
        expect(page.get_by_text("Runde 2 rückgängig machen", exact=True)).to_be_visible()
        assert match.rounds.count() == 2

        page.get_by_text("Runde 2 rückgängig machen", exact=True).tap()
        assert match.rounds.count() == 2
        page.get_by_role("button", name="Ja, Runde 2 rückgängig machen").tap()
        expect(page.get_by_text("Runde 1 rückgängig machen", exact=True)).to_be_visible()
        assert match.rounds.count() == 1
    finally:
        page.context.close()


@SCRIPT
def test_revoking_an_invitation_asks_before_it_acts_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser, javascript: bool
) -> None:
    league = club(organiser)
    invite = Invite.issue(league, role="member", new_player_name="Amélie", by=organiser)
    page = german_phone(browser, organiser, live_server.url, javascript)
    try:
        page.goto(live_server.url + reverse("leagues:members", args=[league.slug]))
        page.get_by_text("Einladung für Amélie zurückziehen").tap()
        invite.refresh_from_db()
        assert invite.revoked_at is None
        page.get_by_role("button", name="Ja, zurückziehen").tap()
        expect(page.locator(".messages")).to_be_visible()
        invite.refresh_from_db()
        assert invite.revoked_at is not None
    finally:
        page.context.close()


@SCRIPT
def test_undoing_a_mahjongg_game_asks_before_it_acts_on_a_german_phone(
    transactional_db,
    live_server,
    browser: Browser,
    organiser,
    mj_league,  # noqa: F811 (the fixture)
    javascript: bool,
) -> None:
    names = ("Ann", "Bo", "Cy", "Dee")
    players = [Player.objects.create(club=shared_club(), display_name=n) for n in names]
    match = Match.begin(mj_league, players, by=organiser)
    record_game(match, win(0), by=organiser)
    page = german_phone(browser, organiser, live_server.url, javascript)
    try:
        page.goto(live_server.url + match.get_absolute_url())
        page.get_by_text("Spiel 1 zurücknehmen", exact=True).tap()
        assert match.mj_games.count() == 1
        page.get_by_role("button", name="Ja, Spiel 1 zurücknehmen").tap()
        expect(page.get_by_text("Spiel 1 zurücknehmen", exact=True)).to_have_count(0)
        assert match.mj_games.count() == 0
    finally:
        page.context.close()
