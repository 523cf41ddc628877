"""What a phone still got wrong at a club night, each at 390 px: the
finished match's place column and the standings cards' rating were cut off, the standings
card said "Runden 1" for rounds won and the match page "Platz" (seat) beside "Rang".

Run with `pytest -m browser tests/leagues/test_browser_evening_phone.py`.
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page

from leagues.models import ClubNight, League, Match, Player
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE, keep_screenshot

from .conftest import BIG_HAND, SMALL_HAND, win

pytestmark = pytest.mark.browser

# Names as long as a club's real ones: the columns beside them must still show.
NAMES = ["Annemarie Oberholzer", "Bartholomäus Klein", "Christiane Weber", "Dietrich Sommer"]

# Each cell of a table: its text and whether it ends inside the viewport and its table box.
CELLS = """(selector) => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll(selector + " tr")].map(row =>
        [...row.cells].map(cell => {
            const r = cell.getBoundingClientRect();
            let box = cell.closest(".table-scroll") || cell.closest("table");
            const edge = box.getBoundingClientRect();
            // Its text too, not only its box: a figure wider than its cell is cut as well.
            // (Visible text only: a heading's full label is kept for screen readers in a
            // 1 px box.)
            let right = r.right;
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                if (node.parentElement.getBoundingClientRect().width <= 1) continue;
                const range = document.createRange();
                range.selectNodeContents(node);
                const box = range.getBoundingClientRect();
                if (box.width > 0) right = Math.max(right, box.right);
            }
            return {text: cell.textContent.trim(), right,
                    inside: right <= Math.min(width, edge.right) + 0.5 && r.left >= -0.5};
        }));
}"""


@pytest.fixture
def finished(transactional_db) -> Match:
    league = League.objects.create(club=shared_club(), name="Dienstagsclub", slug="dienstag")
    players = [Player.objects.create(club=league.club, display_name=name) for name in NAMES]
    match = Match.begin(league, players, first_dealer=0)
    match.record_round(win(players[1], SMALL_HAND))
    match.record_round(win(players[2], BIG_HAND))
    return match


def german_phone(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport=PHONE, locale="de")
    context.add_cookies([{"name": "django_language", "value": "de", "url": url}])
    page = context.new_page()
    page.goto(url)
    return page


def test_the_finished_match_shows_its_place_column_whole_on_a_german_phone(
    live_server, browser: Browser, finished
) -> None:
    page = german_phone(browser, live_server.url + finished.get_absolute_url())
    try:
        keep_screenshot(page, "evening-match-de")
        rows = page.evaluate(CELLS, "#match-players")
    finally:
        page.context.close()
    heading = [cell["text"] for cell in rows[0]]
    # "Sitz" for the seat: "Platz" beside "Rang" read as two words for one thing.
    assert heading == ["Sitz", "Spieler", "Punkte", "Rang"], heading
    cut = [cell["text"] for row in rows for cell in row if not cell["inside"]]
    assert cut == [], f"cut off at 390 px: {cut}"


def test_the_standings_cards_show_the_rating_and_say_rounds_won_on_a_german_phone(
    live_server, browser: Browser, finished
) -> None:
    url = live_server.url + reverse("leagues:league", args=[finished.league.slug])
    page = german_phone(browser, url)
    try:
        keep_screenshot(page, "evening-standings-de")
        rows = page.evaluate(CELLS, "#standings")
        rounds = page.locator("#standings tbody .col-rounds").first.evaluate(
            "cell => getComputedStyle(cell, '::before').content"
        )
        # How far each rating's figure ends from the card's right edge.
        room = page.evaluate(RATING_ROOM)
    finally:
        page.context.close()
    cut = [cell["text"] for row in rows for cell in row if not cell["inside"]]
    assert cut == [], f"cut off at 390 px: {cut}"
    # Not "Runden 1": one round won, not one round played.
    assert "gewonnen" in rounds.lower(), rounds
    # A margin, not flush with the card's edge, where a wider figure was cut.
    assert min(room) >= 4, room


RATING_ROOM = """() => {
    const edge = document.getElementById("standings").getBoundingClientRect().right;
    return [...document.querySelectorAll("#standings tbody .col-rating")].map(cell => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return edge - range.getBoundingClientRect().right;
    });
}"""


TYPED = "123b 234b 456c 789k 55c"


def test_a_saved_hand_comes_back_as_it_was_typed_on_a_german_phone(
    live_server, browser: Browser, finished, organiser
) -> None:
    """Correcting a round: the hand field showed "122334b 45556c 789k", the cards sorted by
    suit, for a hand typed (and kept) as five sets."""
    finished.league.organisers.add(organiser)
    first = finished.rounds.get(number=1)
    winner, discarder = first.winner, None
    finished.correct_round(first, win(winner, TYPED, discarder), None, first.version)
    first.refresh_from_db()
    assert first.hand.hand == TYPED  # kept grouped as played
    url = live_server.url + reverse(
        "leagues:round_edit", args=[finished.league.slug, finished.pk, first.number]
    )
    context = browser.new_context(viewport=PHONE, locale="de")
    context.add_cookies([{"name": "django_language", "value": "de", "url": url}])
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_load_state("networkidle")
        shown = page.locator("[data-picker-notation]").input_value()
    finally:
        context.close()
    assert shown == TYPED


# The vertical middle of the breadcrumb's link text and of its "›", each as drawn.
BREADCRUMB = """() => {
    const middle = (node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        return (box.top + box.bottom) / 2;
    };
    const nav = document.querySelector("nav.breadcrumb");
    return {link: middle(nav.querySelector("a")), mark: middle(nav.querySelector("span"))};
}"""


def test_the_breadcrumb_mark_sits_on_the_line_of_its_link_on_a_german_phone(
    live_server, browser: Browser, finished
) -> None:
    page = german_phone(browser, live_server.url + finished.get_absolute_url())
    try:
        measured = page.evaluate(BREADCRUMB)
    finally:
        page.context.close()
    assert abs(measured["link"] - measured["mark"]) <= 3, measured


def test_the_mahjongg_game_form_says_chow_pung_kong_and_tapping_needs_no_typing(
    live_server, browser: Browser, organiser, member
) -> None:
    """English players say chow, pung and kong (chi, pon and kan are the Japanese words the
    rule book's notation keeps: by=kan); and the help beside the tiles told someone tapping
    to type "win=5k by=wall"."""
    league = League.objects.create(
        club=shared_club(), name="Dragon Club", slug="dragons", game="mahjongg"
    )
    league.organisers.add(organiser)
    players = [Player.objects.create(club=league.club, display_name=n) for n in NAMES]
    match = Match.begin(league, players)
    url = live_server.url + reverse("leagues:mj_game_new", args=[league.slug, match.pk])
    context = browser.new_context(viewport=PHONE, locale="en-US")
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        page.goto(url)
        choices = page.locator(".mj-add-as-option").first.locator("xpath=..").inner_text()
        help_text = page.locator("#mj-notation-help").inner_text()
    finally:
        context.close()
    assert "chow [ ]" in choices and "pung [ ]" in choices and "kong" in choices, choices
    assert not re.search(r"\b(chi|pon|kan)\b", choices), choices
    assert help_text.startswith("To type instead of tapping"), help_text
    assert "Tapping, the winning tile and how it came are chosen under" in help_text


def test_seating_a_club_night_ticks_all_or_last_nights_players_on_a_german_phone(
    live_server, browser: Browser, organiser
) -> None:
    league = League.objects.create(club=shared_club(), name="Dienstagsclub", slug="dienstag")
    league.organisers.add(organiser)
    roster = [Player.objects.create(club=league.club, display_name=f"P{n}") for n in range(10)]
    league.players.add(*roster)
    last_week = roster[:4] + roster[5:9]  # eight of the ten came last week
    ClubNight.seat(
        league,
        [last_week[:4], last_week[4:]],
        played_on=date(2026, 11, 29),
        since_match=0,
        rules={"variant": "points", "target": 500},
    )
    url = live_server.url + reverse("leagues:night_new", args=[league.slug])
    context = browser.new_context(viewport=PHONE, locale="de-DE", has_touch=True)
    context.add_cookies([{"name": "django_language", "value": "de", "url": url}])
    sign_in(context, organiser, live_server.url)
    page = context.new_page()

    def ticked() -> set[str]:
        boxes = page.locator("#night-form input[name=present]:checked")
        return {box.evaluate("b => b.closest('label').innerText.trim()") for box in boxes.all()}

    try:
        page.goto(url)
        assert ticked() == set()
        page.get_by_role("link", name="Alle ankreuzen").tap()
        page.wait_for_url("**tick=all")
        assert ticked() == {p.display_name for p in roster}
        page.get_by_role("link", name="Die Spieler des letzten Clubabends ankreuzen").tap()
        page.wait_for_url("**tick=last")
        assert ticked() == {p.display_name for p in last_week}
    finally:
        context.close()
