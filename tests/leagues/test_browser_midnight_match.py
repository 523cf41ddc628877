"""Tonight's match goes on after midnight, when a season dated tomorrow begins
(docs/seasons.md "A match running at midnight"). On a 390 px phone in German the
organiser, after midnight, still finds "Enter a round" on the match page, which says the
match is played to its end in the season it began in, and the round saved there is on the
sheet. Before, the match was frozen half played: "read-only", no button, Save refused.

Midnight passes as in the other season tests: the old season's `archived_at` (the new
one's first moment) is moved to a second ago.

Run with `pytest -m browser tests/leagues/test_browser_midnight_match.py`.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, expect

from leagues.models import League, Match, Player, Season
from leagues.models.season_change import start_season
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE

pytestmark = pytest.mark.browser

HAND = "567b 567b 678b 789b 99b"  # 512 points


def test_a_round_is_saved_after_midnight_in_the_season_the_match_began_in(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    league = League.objects.create(
        club=shared_club(), name="Club", slug="club", season_start=date(2026, 9, 1)
    )
    league.organisers.add(organiser)
    autumn = league.current_season
    tomorrow = timezone.localdate() + timedelta(days=1)
    winter = start_season(league, name="Winter", starts_on=tomorrow, by=organiser)
    players = [
        Player.objects.create(club=shared_club(), display_name=name)
        for name in ("Ann", "Bo", "Cleo", "Dan")
    ]
    tonight = Match.begin(league, players, first_dealer=0, by=organiser)
    assert tonight.season == autumn
    # Midnight.
    Season.objects.filter(pk=autumn.pk).update(archived_at=timezone.now() - timedelta(seconds=1))
    assert league.current_season == winter

    context = browser.new_context(viewport=PHONE, locale="de-DE", has_touch=True)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        page.goto(live_server.url + tonight.get_absolute_url())
        expect(page.locator("#match-plays-on")).to_contain_text("zu Ende gespielt")
        page.locator("#enter-round").tap()
        page.wait_for_url("**/rounds/new/**")
        page.get_by_role("radio", name="Bo", exact=True).check()
        page.locator("[name=hand]").fill(HAND)
        page.locator("#save-round").tap()

        expect(page.locator(".messages")).to_contain_text("Runde 1")
        expect(page.locator("#sheet-table .sheet-rounds")).to_contain_text("1")
        saved = Match.objects.get(pk=tonight.pk)
        assert saved.rounds.count() == 1 and saved.season == autumn
    finally:
        context.close()
