"""The end of a live round and match as a player sees it on a phone: each
Mhing card of the winning hand says what it stands for, as the calculator does, and once the
match is over the page links to the match recorded in the league, to a new table and back to
the lobby.

Run with `pytest -m browser tests/games/test_browser_match_end.py`.
"""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from games.models import Table
from games.play.bots import choose_action
from leagues.models import League
from tests.clubs import shared_club
from tests.layout import VIEWPORTS

from .live_pages import serve_snapshot, sign_in, started_table

pytestmark = pytest.mark.browser
PHONE = VIEWPORTS["phone"]


@pytest.fixture(autouse=True)
def _stop_live_tasks() -> None:
    """Nothing runs in the background here: the table moves only when the test moves it."""


def won_with_a_mhing_card(user):
    """A table whose last round was won by a hand holding a Mhing card; the table and the
    card it stood for."""
    table = started_table(user)
    rng = random.Random(4)
    for _ in range(20000):
        table.bot_turns()
        table.refresh_from_db()
        view = table.view(0)
        if view["phase"] == "over" or table.is_finished:
            outcome = view["outcome"]
            if outcome and outcome["result"] == "win":
                for group in outcome["score"]["arrangement"]["groups"]:
                    for code, joker in zip(group["cards"], group["jokers"], strict=True):
                        if joker:
                            return table, code
            if table.is_finished:
                break
            table.run_due(table.deadline)
            continue
        if view["actions"]:
            table.act(0, choose_action(view, 0, rng).to_dict())
    raise AssertionError("no round won with a Mhing card")


def open_table(browser: Browser, live_server, user, table):
    context = browser.new_context(viewport=PHONE)
    sign_in(context, user, live_server.url)
    page = context.new_page()
    serve_snapshot(page, table.snapshot(0))
    page.goto(live_server.url + reverse("games:table", args=[table.slug]))
    return context, page


def test_each_mhing_card_of_the_winning_hand_says_what_it_stands_for(
    transactional_db, live_server, browser: Browser, member
) -> None:
    table, stands_for = won_with_a_mhing_card(member)
    context, page = open_table(browser, live_server, member, table)
    try:
        label = page.locator("#live-result .live-joker-as").first
        expect(label).to_be_visible()
        shown = page.locator("#live-result .live-joker-as").all_inner_texts()
        assert f"as {stands_for}" in shown
        box = label.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    finally:
        context.close()


def test_the_end_of_a_match_links_to_the_league_a_new_table_and_the_lobby(
    transactional_db, live_server, browser: Browser, member, organiser
) -> None:
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(member)
    table = Table.create(member, players=2, league=league, target=1)
    table.fill_with_bots(member)
    table.start(member)
    table.arrive(f"test.{table.slug}.0", member, "test-server")
    table.refresh_from_db()
    rng = random.Random(2)
    for _ in range(5000):
        table.bot_turns()
        table.refresh_from_db()
        if table.is_finished:
            break
        view = table.view(0)
        if view["phase"] == "over":
            table.run_due(table.deadline)
        elif view["actions"]:
            table.act(0, choose_action(view, 0, rng).to_dict())
    table.refresh_from_db()
    assert table.recorded_match_id is not None
    context, page = open_table(browser, live_server, member, table)
    try:
        recorded = page.get_by_role("link", name="See the match in the league")
        expect(recorded).to_be_visible()
        assert recorded.get_attribute("href") == (
            f"/leagues/club/matches/{table.recorded_match_id}/"
        )
        new_table = page.get_by_role("link", name="Open a new table")
        expect(new_table).to_be_visible()
        expect(page.get_by_role("link", name="Back to the lobby")).to_be_visible()
        for link in (recorded, new_table):
            box = link.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
            assert box["height"] >= 40  # a tap target on a phone
        recorded.click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("Match of")
    finally:
        context.close()
