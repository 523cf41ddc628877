"""Starting a season on a 390 px phone in German: the default start is
today, accepted even when the current season began today (the club journey closes a season
made that day), a refusal writes its date as the pages do ("28. November 2026", not
"2026-11-28"), and a season dated tomorrow is current only from tomorrow, so tonight's match
still goes into the season it follows.

Run with `pytest -m browser tests/leagues/test_browser_season_start.py`.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation
from playwright.sync_api import Browser, expect

from leagues.models import League, Match, Player
from mhing_site.templatetags.dates import long_date
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE

pytestmark = pytest.mark.browser


def test_a_season_dated_tomorrow_waits_for_tomorrow_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    today = timezone.localdate()
    tomorrow = today + timedelta(days=1)
    # Made today: its first season began today.
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(organiser)
    first = league.current_season
    players = [
        Player.objects.create(club=shared_club(), display_name=name) for name in ("Ann", "Bo")
    ]
    with translation.override("de"):
        today_written = long_date(today)
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/leagues/club/seasons/new/")
        starts_on = page.locator("#id_starts_on")
        # The default is a day the form takes: today, the day the current season began.
        expect(starts_on).to_have_value(today.isoformat())

        page.locator("#id_name").fill("Winter")
        page.locator("#id_confirm").check()
        starts_on.fill((today - timedelta(days=1)).isoformat())
        page.locator("#start-season").click()
        refusal = page.locator("#id_starts_on-error")
        expect(refusal).to_contain_text(f"({today_written})")
        expect(refusal).not_to_contain_text(today.isoformat())
        expect(refusal).to_contain_text("kann nicht vor dem Beginn")

        page.locator("#id_starts_on").fill(tomorrow.isoformat())
        page.locator("#id_confirm").check()
        page.locator("#start-season").click()
        expect(page.get_by_text("„Winter“ beginnt am")).to_be_visible()
        # Tonight the league still shows, and plays in, the season that began today.
        with translation.override("de"):  # the default name, as this German reader sees it
            shown = first.label
        expect(page.locator(".league-meta .season-name")).to_have_text(shown)
        expect(page.locator(".league-meta")).not_to_contain_text("Archiviert")

        tonight = Match.begin(league, players, first_dealer=0)
        assert tonight.season == first
        assert not Match.objects.get(pk=tonight.pk).season.is_archived
    finally:
        context.close()
