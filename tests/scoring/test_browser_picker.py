"""The card picker in a real browser on a slow network, as at a club table on a phone: every
tap counts whatever the latency, a typed hand is what the round form saves, and the palette
stays where the finger is.

The network is slowed with Chrome's own throttling (DevTools protocol), 300 ms and 2 s of
latency on every request, and the taps come faster than the answers.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from leagues.models import League, Match, Player, Round
from scoring.mhing import format_hand, parse_hand, score_hand
from tests.clubs import shared_club
from tests.layout import PHONE

pytestmark = pytest.mark.browser

CALCULATOR = "/calculator/"
# Seven cards already in the hand; tapping 1b..7b makes 123b 456b 77b 123c 456c.
START = "7b 123c 456c"
TAPS = "1b 2b 3b 4b 5b 6b 7b".split()
FINAL = f"{' '.join(TAPS)} {START}"
# The rule book's 17-credit hand, tapped card by card.
BIG_TAPS = "5b 6b 7b 5b 6b 7b 6b 7b 8b 7b 8b 9b 9b 9b".split()
BIG_HAND = "567b 567b 678b 789b 99b"

HAND_CARDS = """() => [...document.querySelectorAll("#picker-hand .picker-cards svg[data-card]")]
    .map(svg => svg.dataset.card)"""
COUNT = "() => document.querySelector('#picker-hand .picker-count').textContent.trim()"
# Nothing being scored: no htmx request (the old picker) and no result marked busy.
SETTLED = "() => !document.querySelector('.htmx-request, [aria-busy=\"true\"]')"
# Where the palette lies on the page (scrolling aside): left, top, width, height.
PALETTE_BOX = """() => {
    const box = document.querySelector("#picker-palette").getBoundingClientRect();
    return [box.left + scrollX, box.top + scrollY, box.width, box.height];
}"""


def throttle(page: Page, latency_ms: int, bytes_per_s: int = -1) -> None:
    """Every request from now on waits `latency_ms` before it reaches the server; with
    `bytes_per_s`, data also flows no faster than that each way (-1: unlimited)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": latency_ms,
            "downloadThroughput": bytes_per_s,
            "uploadThroughput": bytes_per_s,
        },
    )


def tap_quickly(page: Page, codes: list[str], every_ms: int) -> None:
    for code in codes:
        page.click(f"#picker-pick-{code}")
        page.wait_for_timeout(every_ms)


def wait_until_scored(page: Page) -> None:
    page.wait_for_load_state("networkidle")
    page.wait_for_function(SETTLED)


def hand_cards(page: Page) -> list[str]:
    return sorted(page.evaluate(HAND_CARDS))


def cards_of(notation: str) -> list[str]:
    hand = parse_hand(notation)
    return sorted([c.code for c in hand.concealed] + ["J"] * hand.jokers)


def expected_status(notation: str) -> str:
    score = score_hand(parse_hand(notation))
    return f"{score.credits} credits · {score.points} points"


@pytest.fixture
def open_page(browser: Browser, live_server, organiser):
    """Opens a page in a browser signed in as the league's organiser (a viewport may be
    given); at the end, no script on any of the pages may have failed."""
    contexts, errors = [], []

    def open_one(**options) -> Page:
        client = Client()
        client.force_login(organiser)
        context = browser.new_context(**options)
        name = settings.SESSION_COOKIE_NAME
        context.add_cookies(
            [{"name": name, "value": client.cookies[name].value, "url": live_server.url}]
        )
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_one
    for context in contexts:
        context.close()
    assert errors == []


@pytest.fixture
def match(transactional_db, organiser) -> Match:
    players = [
        Player.objects.create(club=shared_club(), display_name=n)
        for n in ("Pia", "Quentin", "Rosa", "Sven")
    ]
    league = League.objects.create(
        club=shared_club(), name="Club", slug="club", season_start=date(2026, 9, 1)
    )
    league.organisers.add(organiser)
    return Match.begin(league, players, first_dealer=0, by=organiser)


def round_url(live_server, match: Match) -> str:
    return live_server.url + reverse("leagues:round_new", args=[match.league.slug, match.pk])


class TestEveryTapCounts:
    def test_seven_quick_taps_at_300_ms_all_reach_the_calculators_hand_and_score(
        self, live_server, open_page
    ) -> None:
        page = open_page()
        page.goto(f"{live_server.url}{CALCULATOR}?hand={START}")
        throttle(page, 300)

        tap_quickly(page, TAPS, every_ms=150)
        wait_until_scored(page)

        assert hand_cards(page) == cards_of(FINAL)
        assert page.evaluate(COUNT).startswith("14 of 14")
        assert expected_status(FINAL) in page.inner_text("#calculator-status")
        assert expected_status(FINAL).split(" · ")[0] in page.inner_text("#calculator-result")
        assert page.url.endswith("?hand=" + format_hand(parse_hand(FINAL)).replace(" ", "+"))

    def test_at_2_s_the_tapped_card_shows_at_once_and_a_second_tap_is_kept(
        self, live_server, open_page
    ) -> None:
        page = open_page()
        page.goto(f"{live_server.url}{CALCULATOR}")
        throttle(page, 2000)

        page.click("#picker-pick-5b")
        # Long before the answer: the card is in the hand and the page says it is scoring.
        page.wait_for_function(f"() => ({HAND_CARDS})().includes('5b')", timeout=1000)
        expect(page.locator(".picker-busy")).to_be_visible()
        expect(page.locator("#calculator-status")).to_have_text("Scoring…")
        assert page.get_attribute("#calculator-result", "aria-busy") == "true"
        page.click("#picker-pick-6b")
        wait_until_scored(page)

        assert hand_cards(page) == ["5b", "6b"]
        assert page.evaluate(COUNT).startswith("2 of 14")
        assert "2 of 14 cards" in page.inner_text("#calculator-result")
        assert page.url.endswith("?hand=56b")
        assert not page.locator(".picker-busy").is_visible()

    def test_seven_quick_taps_at_300_ms_all_reach_the_round_forms_hand_and_preview(
        self, live_server, match, open_page
    ) -> None:
        page = open_page()
        page.goto(f"{round_url(live_server, match)}?hand={START}&version={match.version}")
        page.get_by_role("radio", name="Quentin", exact=True).check()
        throttle(page, 300)

        tap_quickly(page, TAPS, every_ms=150)
        wait_until_scored(page)

        assert hand_cards(page) == cards_of(FINAL)
        score = score_hand(parse_hand(FINAL))
        assert page.inner_text("#preview-points") == f"{score.points} points"
        assert cards_of(page.input_value("#round-form [name=hand]")) == cards_of(FINAL)
        assert page.get_by_role("radio", name="Quentin", exact=True).is_checked()

    def test_at_2_s_two_taps_in_the_round_form_are_both_kept_and_saved(
        self, live_server, match, open_page
    ) -> None:
        page = open_page()
        page.goto(f"{round_url(live_server, match)}?hand=1234567b+123c+44c&version=1")
        page.get_by_role("radio", name="Quentin", exact=True).check()
        throttle(page, 2000)

        page.click("#picker-pick-5b")
        page.wait_for_function(f"() => ({HAND_CARDS})().includes('5b')", timeout=1000)
        page.click("#picker-pick-6b")
        wait_until_scored(page)

        assert hand_cards(page) == cards_of("1234567b 123c 44c 56b")
        page.click("#save-round")
        page.wait_for_selector("#sheet-table", timeout=15_000)
        assert parse_hand(Round.objects.get().hand.hand) == parse_hand("1234567b 56b 123c 44c")


class TestTypedHand:
    def test_a_typed_hand_is_what_save_the_round_saves(self, live_server, match, open_page) -> None:
        page = open_page()
        page.goto(round_url(live_server, match))
        page.get_by_role("radio", name="Quentin", exact=True).check()

        page.get_by_role("textbox", name="Type or paste a hand").fill(BIG_HAND)
        page.click("#save-round")
        page.wait_for_selector("#sheet-table")

        assert "Round 1 saved: Quentin wins 512 points." in page.inner_text(".messages")
        saved = Round.objects.get()
        assert saved.winner.display_name == "Quentin"
        assert parse_hand(saved.hand.hand) == parse_hand(BIG_HAND)

    def test_without_javascript_a_tapped_then_typed_hand_is_saved_too(
        self, live_server, match, open_page
    ) -> None:
        page = open_page(java_script_enabled=False)
        page.goto(round_url(live_server, match))
        page.click("#picker-pick-5b")  # a plain link: the page again, with 5b in the box
        page.get_by_role("radio", name="Quentin", exact=True).check()
        box = page.get_by_role("textbox", name="Type or paste a hand")
        assert box.input_value() == "5b"

        box.fill(BIG_HAND)
        page.click("#save-round")
        page.wait_for_selector("#sheet-table")

        assert parse_hand(Round.objects.get().hand.hand) == parse_hand(BIG_HAND)

    def test_a_typed_hand_shows_in_the_picker_and_the_preview(
        self, live_server, match, open_page
    ) -> None:
        page = open_page()
        page.goto(round_url(live_server, match))

        page.get_by_role("textbox", name="Type or paste a hand").fill(BIG_HAND)
        page.wait_for_function(
            "() => document.querySelector('#preview-points')?.textContent === '512 points'"
        )

        assert hand_cards(page) == cards_of(BIG_HAND)
        assert page.evaluate(COUNT).startswith("14 of 14")

    def test_a_tap_while_a_typed_hand_is_being_read_adds_to_that_hand(
        self, live_server, match, open_page
    ) -> None:
        page = open_page()
        page.goto(round_url(live_server, match))
        box = page.get_by_role("textbox", name="Type or paste a hand")
        throttle(page, 2000)

        box.fill("123c 456c 789c")
        box.press("Enter")
        page.click("#picker-pick-5b")  # before the server has read the typed hand
        wait_until_scored(page)

        assert hand_cards(page) == cards_of("123456789c 5b")
        assert box.input_value() == "5b 123456789c"


class TestALostAnswer:
    def test_a_tap_made_offline_is_scored_once_the_network_is_back(
        self, live_server, open_page
    ) -> None:
        page = open_page()
        page.goto(f"{live_server.url}{CALCULATOR}?hand=123c")
        page.context.set_offline(True)

        page.click("#picker-pick-5b")
        expect(page.locator("#calculator-result .picker-failed")).to_contain_text(
            "could not be loaded"
        )
        page.context.set_offline(False)

        expect(page.locator("#calculator-result")).to_contain_text("4 of 14 cards", timeout=10_000)
        assert hand_cards(page) == ["1c", "2c", "3c", "5b"]
        assert not page.locator(".picker-failed").count()


# What the hand and the palette show, to compare picker.js's drawing with the server's.
DRAWN = """() => {
    const hand = document.querySelector("#picker-hand");
    const shown = (node) => node && !node.hidden;
    return {
        cards: [...hand.querySelectorAll(".picker-cards svg[data-card]")].map(s => s.dataset.card),
        groups: [...hand.querySelectorAll(".picker-cards > *")].map(n => n.className),
        links: [...hand.querySelectorAll(".picker-cards a")].map(a => a.getAttribute("aria-label")),
        count: hand.querySelector(".picker-count").textContent.trim(),
        tip: hand.querySelector(".picker-tip").textContent.trim(),
        note: hand.querySelector(".picker-note")?.textContent.trim() || null,
        buttons: [...hand.querySelectorAll("[data-do]")].filter(shown).map(b => b.id),
        hrefs: [...document.querySelectorAll("#picker-hand a, #picker-palette a")]
            .filter(a => shown(a) && a.hasAttribute("href")).map(a => a.getAttribute("href")),
        disabled: [...document.querySelectorAll("#picker-palette [data-add]")]
            .filter(n => n.classList.contains("is-disabled"))
            .map(n => [n.dataset.add, n.getAttribute("title")]),
        title: document.querySelector("#picker-palette h2").textContent.trim(),
        box: document.querySelector("#picker-notation").value,
        hint: [shown(document.querySelector("#picker-hint")),
               document.querySelector("#picker-hint").textContent.replace(/\\s+/g, " ").trim()],
    };
}"""


def test_the_script_draws_the_hand_and_the_palette_as_the_server_does(
    live_server, open_page
) -> None:
    """After each tap the hand and the palette picker.js drew match the page the server
    renders for the same address (read without the script): same cards, texts, buttons and
    greyed-out cards with the same reasons."""
    page = open_page()
    fresh = open_page(java_script_enabled=False)
    page.goto(f"{live_server.url}{CALCULATOR}?hand=5555b+99c")
    steps = [
        "#picker-pick-J",  # a Mhing card for a fifth 5b
        "#picker-pick-F",
        "#picker-pick-F",
        "#picker-set-start",
        "#picker-pick-6b",
        "#picker-pick-7b",  # [6b 7b .]: 9b and the circles are greyed out
        "#picker-pick-J",  # closes [6b 7b J]
        "#picker-set-start",
        "#picker-pick-Rd",
        "#picker-set-cancel",
        "#picker-hand [data-remove='F']",
        "#picker-hand [data-remove-set='0']",
        "#picker-hand [data-remove='5b']",
        "#picker-pick-1k",
        "#picker-clear",
    ]
    for step in steps:
        page.click(step)
        wait_until_scored(page)
        drawn = page.evaluate(DRAWN)
        fresh.goto(page.url)
        assert drawn == fresh.evaluate(DRAWN), f"after {step} at {page.url}"


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "laptop"])
@pytest.mark.parametrize("where", ["calculator", "round form"])
def test_the_palette_stays_put_from_the_first_card_to_the_fourteenth(
    live_server, match, open_page, where, size
) -> None:
    viewport = {"width": size[0], "height": size[1]}
    page = open_page(viewport=viewport)
    url = (
        f"{live_server.url}{CALCULATOR}" if where == "calculator" else round_url(live_server, match)
    )
    page.goto(url)
    empty = page.evaluate(PALETTE_BOX)

    moves = []
    for count, code in enumerate(BIG_TAPS, start=1):
        page.click(f"#picker-pick-{code}")
        page.wait_for_function(
            f"() => ({COUNT})().startsWith('{count} of 14') && ({SETTLED})()", timeout=10_000
        )
        box = page.evaluate(PALETTE_BOX)
        shift = max(abs(a - b) for a, b in zip(box, empty, strict=True))
        if shift > 2:
            moves.append((count, code, [round(v) for v in box]))

    assert page.evaluate(COUNT).startswith("14 of 14")
    assert "512 points" in page.inner_text("#calculator-result, #round-preview")
    assert moves == [], f"palette at first {[round(v) for v in empty]}, then moved: {moves}"


def test_space_adds_a_focused_card_as_enter_does_and_the_page_stays(
    live_server, match, open_page
) -> None:
    """Keyboard only on the round form: a card reached by Tab is added by Space (the cards
    look and act like buttons) as by Enter, and Space does not scroll the page away."""
    page = open_page(viewport={"width": 390, "height": 844})
    page.goto(round_url(live_server, match))
    page.focus("#picker-pick-5b")
    scrolled = page.evaluate("() => scrollY")

    page.keyboard.press("Space")
    page.wait_for_function(f"() => ({COUNT})().startsWith('1 of 14') && ({SETTLED})()")
    assert page.evaluate("() => scrollY") == scrolled
    assert page.evaluate("() => document.activeElement.id") == "picker-pick-5b"

    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({COUNT})().startsWith('2 of 14') && ({SETTLED})()")
    assert hand_cards(page) == ["5b", "5b"]


def test_a_refused_save_says_why_on_the_phones_screen_and_its_link_takes_the_focus(
    live_server, match, open_page
) -> None:
    """Save with no winner chosen: the page comes back at its top, where the box says the
    round was not saved (its error sat below a phone's screen); its link puts the keyboard
    on the first winner to choose (it used to scroll there and leave the focus behind)."""
    page = open_page(viewport={"width": 390, "height": 844})
    page.goto(round_url(live_server, match))
    tap_quickly(page, BIG_TAPS, 0)
    page.wait_for_function(f"() => ({COUNT})().startsWith('14 of 14') && ({SETTLED})()")

    page.click("#save-round")

    summary = page.locator("#round-errors")
    expect(summary).to_contain_text("The round was not saved.")
    expect(summary).to_be_in_viewport()
    summary.get_by_role("link", name="Who won the round?").click()
    expect(page.locator("#id_winner_0")).to_be_focused()
    expect(page.locator("#id_winner_0")).to_be_in_viewport()
    assert not Round.objects.exists()


# History and the address follow every tap in order, whatever the timing. The
# server's answers are held back and released by the test, so each ordering is made to happen
# rather than hoped for.

TYPED_ENTRY = "(text) => history.state && history.state.pickerText === text"


def hold_scoring_answers(page: Page) -> list:
    """From now on the calculator's questions wait until the test lets them through."""
    held = []
    page.route(lambda url: "/calculator/?" in url, lambda route: held.append(route))
    return held


def release(page: Page, held: list, index: int | None = None) -> None:
    """Let the question held at `index` through; without one, every question held so far,
    oldest first: the page has given up all but its newest (each question aborts the one
    before), and how many there are depends on the machine (a pause in typing asks too, and
    on a busy machine Enter can come after the pause has run out)."""
    page.wait_for_function("() => true")  # lets Playwright hand over the routes asked so far
    for _ in range(100):
        if len(held) > (index or 0):
            break
        page.wait_for_timeout(20)
    if index is not None:
        held.pop(index).continue_()
        return
    while held:
        held.pop(0).continue_()


@pytest.mark.parametrize("pause", [False, True], ids=["enter at once", "pause, then enter"])
def test_back_and_forward_go_through_the_taps_and_a_typed_hand(
    live_server, open_page, pause
) -> None:
    """With a pause in typing before Enter too: CI saw Back show "0 of 14" after 5b, 6b and a
    typed hand, as the pause (400 ms, longer on a busy machine) had put the typed hand in
    place of the taps' entry."""
    page = open_page()
    page.goto(f"{live_server.url}{CALCULATOR}")
    entries = page.evaluate("() => history.length")
    page.click("#picker-pick-5b")
    page.click("#picker-pick-6b")
    box = page.get_by_role("textbox", name="Type or paste a hand")
    box.fill("123c xx")
    if pause:
        page.wait_for_function(TYPED_ENTRY, arg="123c xx")  # the pause has shown the hand
    box.press("Enter")
    expect(page.locator("#calculator-result")).to_contain_text("Unknown card 'xx'")
    assert page.locator("#picker-palette .is-disabled").count() == 36

    page.go_back()
    expect(page.locator("#picker-hand .picker-count")).to_have_text("2 of 14 cards")
    assert box.input_value() == "56b"
    page.go_back()
    expect(page.locator("#picker-hand .picker-count")).to_have_text("1 of 14 cards")
    page.go_forward()
    page.go_forward()
    expect(page.locator("#calculator-result")).to_contain_text("Unknown card 'xx'")
    assert box.input_value() == "123c xx"
    # Typing and Enter made one entry: there is nothing further forward.
    assert page.evaluate("() => history.length") == entries + 3


@pytest.mark.parametrize("pause", [False, True], ids=["enter at once", "pause, then enter"])
def test_taps_made_while_a_typed_hand_is_read_each_get_their_entry(
    live_server, open_page, pause
) -> None:
    """With a pause in typing before Enter too (the typed hand asked twice): the test's own
    count of held questions went wrong so on a busy machine, and waited for an answer the
    page had given up."""
    page = open_page()
    page.goto(f"{live_server.url}{CALCULATOR}")
    held = hold_scoring_answers(page)
    box = page.get_by_role("textbox", name="Type or paste a hand")
    box.fill("123c")
    if pause:
        page.wait_for_function(TYPED_ENTRY, arg="123c")  # the pause has asked about it
    box.press("Enter")
    page.click("#picker-pick-4c")  # the typed hand is not read yet: these wait for it
    page.click("#picker-pick-5c")
    release(page, held)
    release(page, held)
    expect(page.locator("#picker-hand .picker-count")).to_have_text("5 of 14 cards")
    assert page.url.endswith("?hand=12345c")

    page.go_back()
    expect(page.locator("#picker-hand .picker-count")).to_have_text("4 of 14 cards")
    release(page, held)
    assert page.url.endswith("?hand=1234c")
    page.go_back()
    assert page.url.endswith("?hand=123c")
    assert box.input_value() == "123c"
    release(page, held)
    expect(page.locator("#picker-hand .picker-count")).to_have_text("3 of 14 cards")


def test_answers_let_through_newest_first_leave_every_tap_in_the_address(
    live_server, open_page
) -> None:
    page = open_page()
    page.goto(f"{live_server.url}{CALCULATOR}")
    held = hold_scoring_answers(page)
    for code in ("5b", "6b", "7b"):
        page.click(f"#picker-pick-{code}")
    release(page, held, index=2)  # 7b's answer first, then the older ones (aborted)
    release(page, held, index=1)
    release(page, held, index=0)
    wait_until_scored(page)

    assert hand_cards(page) == ["5b", "6b", "7b"]
    assert page.url.endswith("?hand=567b")
    page.go_back()
    assert page.url.endswith("?hand=56b")
    page.go_back()
    assert page.url.endswith("?hand=5b")


def test_the_round_forms_bar_does_not_grow_over_the_palette_with_the_first_card(
    live_server, open_page, match
) -> None:
    """On a phone the round form's bar (the count and Save) sticks to the bottom of the
    screen over the palette: it keeps the count's room before the first card, so the card
    under a finger at its top edge is not covered a moment later."""
    page = open_page(viewport=PHONE)
    page.goto(round_url(live_server, match))
    before = page.locator(".round-bar").bounding_box()
    page.click("#picker-pick-5b")
    expect(page.locator("#round-status")).to_contain_text("1 of 14")
    after = page.locator(".round-bar").bounding_box()
    assert after["height"] == pytest.approx(before["height"], abs=1)
