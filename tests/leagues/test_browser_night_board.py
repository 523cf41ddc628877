"""The night's board on a projector and on a phone (issue 36 §3): at 1920 px the tables
fill the width side by side in large type; at 390 px, in German, one column where no heading
is broken inside a word ("Punkt-e") and the rounds say their plural right. Nothing is cut off.
And a fault (here, not in tests/faults/, whose live-table fixtures are async): while polls
fail, the last tables stay and the page says so until a poll answers (three polls, ~45 s).

Run with `pytest -m browser tests/leagues/test_browser_night_board.py`.
"""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import Browser, expect

from leagues.models import ClubNight, League, Player, RoundEntry
from leagues.models.match_end import abandon_match
from tests.clubs import shared_club
from tests.layout import PHONE, keep_screenshot, overflow

pytestmark = pytest.mark.browser
PROJECTOR = {"width": 1920, "height": 1080}
NAMES = [
    "Anna", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jan",
    "Kim", "Lea", "Mo", "Nils", "Ola", "Maximiliane Oberhausen-Winterfeld",
    "Quirin", "Ria", "Sam", "Tom",
]  # fmt: skip
SMALL_HAND = "123c 456b 789k 234c 55k"
POLL = 20_000  # ms: past the next poll (every 15 s)

# How many lines each element's text takes: a word broken in two takes two.
LINES = """(nodes) => nodes.map(node => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
})"""


@pytest.fixture
def night(transactional_db, organiser) -> ClubNight:
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(organiser)
    roster = [Player.objects.create(club=shared_club(), display_name=name) for name in NAMES]
    league.players.add(*roster)
    night = ClubNight.seat(
        league,
        [roster[i : i + 4] for i in range(0, 20, 4)],
        played_on=date.today(),
        since_match=0,
        by=organiser,
        rules={"variant": "points", "target": 5000},
    )
    first, *_, last = night.matches.order_by("pk")
    first.record_round(
        RoundEntry(winner=first.seated_players()[0], win_type="self_draw", hand=SMALL_HAND)
    )
    abandon_match(last, organiser, last.version)
    return night


def test_on_a_projector_the_tables_fill_the_width_side_by_side(
    live_server, browser: Browser, night
) -> None:
    page = browser.new_page(viewport=PROJECTOR)
    try:
        page.goto(live_server.url + night.get_absolute_url())
        tables = page.locator(".night-board-table")
        expect(tables).to_have_count(4)  # the fifth was abandoned
        boxes = [tables.nth(i).bounding_box() for i in range(4)]
        keep_screenshot(page, "night-board-projector")

        in_first_row = [box for box in boxes if abs(box["y"] - boxes[0]["y"]) < 1]
        assert len(in_first_row) >= 3, boxes
        board = page.locator(".night-board").bounding_box()
        assert board["width"] > 0.9 * PROJECTOR["width"], board
        name_size = page.locator(".night-board-totals tbody th").first.evaluate(
            "node => parseFloat(getComputedStyle(node).fontSize)"
        )
        assert name_size >= 28, name_size  # read from the back of the room
        assert overflow(page)["out"] == []
    finally:
        page.close()


def test_on_a_phone_in_german_one_column_no_broken_word_and_right_plurals(
    live_server, browser: Browser, night
) -> None:
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(live_server.url + night.get_absolute_url())
        tables = page.locator(".night-board-table")
        expect(tables).to_have_count(4)
        keep_screenshot(page, "night-board-phone-de")

        expect(tables.nth(0).locator(".night-board-rounds")).to_have_text("1 Runde")
        expect(tables.nth(1).locator(".night-board-rounds")).to_have_text("0 Runden")
        xs = {round(tables.nth(i).bounding_box()["x"]) for i in range(4)}
        assert len(xs) == 1, xs  # one column
        headings = page.locator(".night-board-totals thead th")
        expect(headings.nth(1)).to_have_text("Punkte")
        assert set(headings.evaluate_all(LINES)) == {1}  # "Spieler", "Punkte": one line each
        totals = page.locator(".night-board-totals td")
        assert set(totals.evaluate_all(LINES)) == {1}
        assert overflow(page)["out"] == []
    finally:
        context.close()


def test_a_failed_poll_keeps_the_tables_and_says_so_until_one_answers(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    players = [Player.objects.create(club=shared_club(), display_name=n) for n in "ABCD"]
    league.players.add(*players)
    night = ClubNight.seat(
        league,
        [players],
        played_on=date.today(),
        since_match=0,
        by=organiser,
        rules={"variant": "points", "target": 5000},
    )
    match = night.matches.get()
    page = browser.new_page()
    url = live_server.url + night.get_absolute_url()
    # The page's clock is the test's: each poll (every 15 s) is made to come at once, instead
    # of the test waiting three polls out (45 s of the browser run).
    page.clock.install()
    try:
        page.goto(url)
        board = page.locator("#night-tables")
        failed = page.locator("#night-board-failed")
        expect(board).to_contain_text("0 rounds")
        updated = page.locator(".night-board-updated").inner_text()
        expect(failed).to_be_hidden()

        page.route(url, lambda route: route.fulfill(status=503, body="down for a moment"))
        page.clock.fast_forward(POLL)
        expect(failed).to_be_visible()
        expect(board).to_contain_text("0 rounds")
        expect(page.locator(".night-board-updated")).to_have_text(updated)

        page.unroute(url)
        page.route(url, lambda route: route.abort())  # the network gone
        with page.expect_event("requestfailed"):
            page.clock.fast_forward(POLL)
        expect(failed).to_be_visible()
        expect(board).to_contain_text("0 rounds")

        page.unroute(url)
        match.record_round(
            RoundEntry(winner=match.seated_players()[0], win_type="self_draw", hand=SMALL_HAND)
        )
        page.wait_for_timeout(1100)  # the server's clock (to the second) moves on
        page.clock.fast_forward(POLL)
        expect(board).to_contain_text("1 round")
        expect(failed).to_be_hidden()
        expect(page.locator(".night-board-updated")).not_to_have_text(updated)
    finally:
        page.close()
