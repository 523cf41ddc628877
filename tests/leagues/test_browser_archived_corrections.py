"""A match of an archived season on a phone in German: its "Correct round"
and "Correct game" pages say at once that it is archived and offer nothing to change, rather
than an editable form that says so only after Save.

Run with `pytest -m browser tests/leagues/test_browser_archived_corrections.py`.
"""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import Browser, expect

from leagues.models import Match, RoundEntry
from leagues.models.mahjongg_entry import record_game
from leagues.models.season_change import open_next_season
from tests.games.live_pages import sign_in
from tests.layout import PHONE

from .mahjongg_fixtures import mj_league, win
from .test_browser_round_entry import BIG_HAND, club_match

pytestmark = pytest.mark.browser
__all__ = ["mj_league"]  # the fixture


def archive(league) -> None:
    open_next_season(league, league.current_season, name="Frühling", starts_on=date.today())


def see_archived_page(browser: Browser, organiser, url: str) -> None:
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    sign_in(context, organiser, url)
    page = context.new_page()
    try:
        page.goto(url)
        expect(page.locator("#archived-refusal")).to_contain_text("ist archiviert")
        # Nothing to change: no field, no choice, no Save.
        expect(page.locator("main input:not([type=hidden]), main textarea")).to_have_count(0)
        expect(page.locator("main button[type=submit]")).to_have_count(0)
        expect(page.get_by_role("link", name="Zurück zur Partie")).to_be_visible()
    finally:
        context.close()


def test_correct_round_of_an_archived_match_says_archived_at_once_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    match = club_match(organiser)
    match.record_round(
        RoundEntry(winner=match.seats.get(position=0).player, win_type="self_draw", hand=BIG_HAND)
    )
    archive(match.league)
    url = live_server.url + f"/leagues/club/matches/{match.pk}/rounds/1/edit/"

    see_archived_page(browser, organiser, url)


def test_correct_game_of_an_archived_mahjongg_match_says_archived_at_once_on_a_german_phone(
    transactional_db,
    live_server,
    browser: Browser,
    organiser,
    mj_league,
    players,
) -> None:
    match = Match.begin(mj_league, players, by=organiser)
    record_game(match, win(0), by=organiser)
    # Ended before the archive (as if its last game were in: a match's 16 games and more are
    # not the point here); one still running plays on to its end (docs/seasons.md).
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    archive(mj_league)
    url = live_server.url + f"/leagues/dragons/matches/{match.pk}/games/1/edit/"

    see_archived_page(browser, organiser, url)
