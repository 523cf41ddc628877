"""The club-season pages as their users meet them: a 390 px phone, in German and in
French, each page as the persona who uses it. Every page is measured for what a user would
notice on a phone in their own language:

* nothing sticks out sideways, and no text is cut off inside its box (nor a select's chosen
  option);
* buttons' labels don't break into a tower of lines;
* every button, field and stand-alone link is a tap target at least 44 px high;
* every submit button is reached by Tab (so each form can be sent by keyboard);
* no English is left: the page's visible text holds none of the site's own English msgids
  (locale/*/django.po) that the language translates differently.

Run with
`pytest -m browser tests/site/test_browser_club_pages_i18n.py`; set MHING_SCREENSHOTS to keep
screenshots of each page.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterator
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

from leagues import demo
from leagues.models import ClubNight, Invite, League, Match
from leagues.models.season_change import start_season
from tests.games.live_pages import sign_in
from tests.layout import OVERFLOW, PHONE, keep_screenshot

pytestmark = pytest.mark.browser

LANGUAGES = ("de", "fr")
TAP = 44  # px: the smallest tap target's height (WCAG 2.5.5, Apple's and Google's guides)


@pytest.fixture
def site(transactional_db):
    """The demo leagues, and a second season begun at Thursday's so its switcher shows."""
    demo.load()
    start_season(League.objects.get(slug="thursday"), name="Spring", starts_on=date(2026, 11, 15))
    return get_user_model().objects.get(username=demo.ORGANISER)


def riverside() -> League:
    return League.objects.get(slug="riverside")


def running_match() -> Match:
    """The demo's running match (a club night adds more, later)."""
    return (
        Match.objects.filter(league__slug="riverside", status=Match.Status.RUNNING)
        .order_by("pk")
        .first()
    )


def jade_match() -> Match:
    """The demo's first Mah-Jongg match (its game form has the tile picker)."""
    return Match.objects.filter(league__slug="jade-dragon").order_by("played_on", "pk").first()


def club_night(user) -> ClubNight:
    roster = list(riverside().players.order_by("pk")[:8])
    return ClubNight.seat(
        riverside(),
        [roster[:4], roster[4:]],
        played_on=date.today(),
        since_match=Match.objects.order_by("-pk").values_list("pk", flat=True).first(),
        by=user,
        rules={"variant": "points", "target": 500},
    )


def reset_link() -> str:
    member = get_user_model().objects.get(username=demo.MEMBER)
    uid = urlsafe_base64_encode(force_bytes(member.pk))
    token = default_token_generator.make_token(member)
    return reverse("password_reset_confirm", args=[uid, token])


def invite_link() -> str:
    return Invite.issue(riverside(), role="organiser").get_absolute_url()


# name -> (who visits: "organiser", "member" or None for a visitor, how to reach the page).
# Each path is worked out once the demo data exists.
PAGES: dict[str, tuple[str | None, Callable[[Any], str]]] = {
    "league-new": ("organiser", lambda user: reverse("leagues:league_new")),
    "league-new-mahjongg": (
        "organiser",
        lambda user: reverse("leagues:league_new") + "?game=mahjongg",
    ),
    "sign-up": (None, lambda user: reverse("signup")),
    "league": ("organiser", lambda user: reverse("leagues:league", args=["riverside"])),
    "league-settings": (
        "organiser",
        lambda user: reverse("leagues:league_settings", args=["riverside"]),
    ),
    "roster": ("organiser", lambda user: reverse("leagues:roster", args=["riverside"])),
    "roster-player": (
        "organiser",
        lambda user: reverse(
            "leagues:roster_player", args=["riverside", riverside().players.first().pk]
        ),
    ),
    "roster-merge": ("organiser", lambda user: reverse("leagues:roster_merge", args=["riverside"])),
    "members": (
        "organiser",
        lambda user: invite_link() and reverse("leagues:members", args=["riverside"]),
    ),
    "invite-visitor": (None, lambda user: invite_link()),
    "invite-signed-in": ("member", lambda user: invite_link()),
    "sign-in": (None, lambda user: reverse("login")),
    "password-reset": (None, lambda user: reverse("password_reset")),
    "password-reset-done": (None, lambda user: reverse("password_reset_done")),
    "password-reset-confirm": (None, lambda user: reset_link()),
    "password-reset-complete": (None, lambda user: reverse("password_reset_complete")),
    "password-change": ("member", lambda user: reverse("password_change")),
    "password-change-done": ("member", lambda user: reverse("password_change_done")),
    "season-new": ("organiser", lambda user: reverse("leagues:season_new", args=["riverside"])),
    # Six seat rows, each a select and a name field: 509 px wide on a phone until they shrank.
    "match-new": ("organiser", lambda user: reverse("leagues:match_new", args=["riverside"])),
    "mahjongg-match-new": (
        "organiser",
        lambda user: reverse("leagues:match_new", args=["jade-dragon"]),
    ),
    "round-new": (
        "organiser",
        lambda user: reverse("leagues:round_new", args=["riverside", running_match().pk]),
    ),
    "season-switcher": (
        "organiser",
        lambda user: reverse("leagues:league", args=["thursday"]) + "?season=1",
    ),
    "night-new": ("organiser", lambda user: reverse("leagues:night_new", args=["riverside"])),
    "night": ("organiser", lambda user: club_night(user).get_absolute_url()),
    "tonight": ("member", lambda user: reverse("leagues:tonight", args=["riverside"])),
    "match-qr": (
        "organiser",
        lambda user: reverse("leagues:match", args=["riverside", running_match().pk]),
    ),
    "blank-sheet": (
        "organiser",
        lambda user: reverse("leagues:blank_sheet", args=["riverside", running_match().pk]),
    ),
    "match-abandon": (
        "organiser",
        lambda user: reverse("leagues:match_abandon", args=["riverside", running_match().pk]),
    ),
    "match-delete": (
        "organiser",
        lambda user: reverse("leagues:match_delete", args=["riverside", running_match().pk]),
    ),
    "league-history": (
        "organiser",
        lambda user: reverse("leagues:league_history", args=["riverside"]),
    ),
    "mahjongg-calculator": (None, lambda user: reverse("scoring:mahjongg_calculator")),
    "mahjongg-calculator-hand": (
        None,
        lambda user: (
            reverse("scoring:mahjongg_calculator")
            + "?hand=[5b5b5b5b]+123c+456c+789c+22k+F3+S3+seat=W+round=S+win=2k+by=kan"
        ),
    ),
    "mahjongg-game-new": (
        "organiser",
        lambda user: reverse("leagues:mj_game_new", args=["jade-dragon", jade_match().pk]),
    ),
    "mahjongg-game-edit": (
        "organiser",
        lambda user: reverse("leagues:mj_game_edit", args=["jade-dragon", jade_match().pk, 1]),
    ),
}


# -- what is measured on each page -------------------------------------------------------

# Elements whose content is wider than their box and not meant to scroll: text cut off or
# spilling over its neighbours.
CLIPPED = """() => [...document.body.querySelectorAll("*")]
    .filter(node => {
        const style = getComputedStyle(node);
        if (style.display === "inline" || style.display.startsWith("table")) return false;
        if (["auto", "scroll"].includes(style.overflowX)) return false;
        // Hidden on purpose, a field that scrolls its own text, or inside a box that scrolls.
        if (node.closest(".visually-hidden, svg, input, select, textarea")) return false;
        for (let up = node.parentElement; up; up = up.parentElement) {
            if (["auto", "scroll"].includes(getComputedStyle(up).overflowX)) return false;
        }
        return node.clientWidth > 0 && node.scrollWidth > node.clientWidth + 1
            && node.offsetParent !== null;
    })
    .map(node => node.tagName.toLowerCase() + (node.id ? "#" + node.id : "")
        + (node.classList.length ? "." + [...node.classList].join(".") : "")
        + " «" + node.innerText.slice(0, 40) + "»")"""

# Closed selects whose chosen option is wider than the select shows (cut off at its end).
CUT_SELECTS = """() => {
    const pen = document.createElement("canvas").getContext("2d");
    return [...document.querySelectorAll("main select")]
        .filter(node => node.offsetParent !== null && node.selectedIndex >= 0)
        .filter(node => {
            const style = getComputedStyle(node);
            pen.font = style.font;
            const arrow = 20;
            const room = node.clientWidth - parseFloat(style.paddingLeft)
                - parseFloat(style.paddingRight) - arrow;
            return pen.measureText(node.options[node.selectedIndex].text).width > room;
        })
        .map(node => "select#" + node.id + " «" + node.options[node.selectedIndex].text + "»");
}"""

# Buttons whose label runs to more than two lines.
TOWERS = """() => [...document.querySelectorAll("main button, main .button")]
    .filter(node => node.offsetParent !== null)
    .filter(node => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()]
            .filter(box => box.width > 0).map(box => Math.round(box.top / 4)));
        return tops.size > 2;
    })
    .map(node => node.tagName.toLowerCase() + " «" + node.innerText + "»")"""

# Tap targets lower than TAP px: buttons, fields, and links that stand alone (a link inside a
# sentence is exempt, as WCAG's target-size rule allows). A check box or radio's target is
# its label.
SMALL_TAPS = """(least) => {
    const inSentence = (link) => {
        if (link.closest("th, td")) return true;  // a data table's links: dense on purpose
        const block = link.parentElement.closest("p, li, dd, figcaption, span.muted");
        if (!block || block.closest("nav, .button-row, .round-buttons")) return false;
        return block.innerText.trim().length > link.innerText.trim().length + 2;
    };
    const target = (node) => {
        if (node.type === "checkbox" || node.type === "radio") {
            return node.closest("label") || document.querySelector(`label[for="${node.id}"]`);
        }
        return node;
    };
    return [...document.querySelectorAll(
            "a[href], button, input:not([type=hidden]), select, textarea, summary")]
        .filter(node => node.offsetParent !== null && !node.closest(".skip-link"))
        .filter(node => node.tagName !== "A" || !inSentence(node))
        .map(node => [node, target(node)])
        .filter(([node, box]) => box && box.getBoundingClientRect().height < least - 0.5)
        .map(([node, box]) => node.tagName.toLowerCase()
            + (node.id ? "#" + node.id : "") + (node.name ? "[" + node.name + "]" : "")
            + " «" + (node.innerText || node.value || "").trim().slice(0, 30) + "» "
            + Math.round(box.getBoundingClientRect().height) + "px");
}"""

# The submit buttons in the page's main part, up to three a form (the calculator's form has a
# button for each tile: its first ones stand for the rest).
SUBMITS = """() => {
    const seen = new Map();
    return [...document.querySelectorAll(
            "main button:not([type=button]):not([type=reset]), main input[type=submit]")]
        .filter(node => node.offsetParent !== null && node.form)
        // A button behind a closed <details> (a step that asks once more) is reached by
        // opening it: its summary is the one Tab must reach, and is a tap target itself.
        .filter(node => !node.closest("details:not([open])"))
        .filter(node => {
            seen.set(node.form, (seen.get(node.form) || 0) + 1);
            return seen.get(node.form) <= 3;
        })
        .map(node => node.outerHTML.slice(0, 80));
}"""

FOCUSED = """() => document.activeElement && document.activeElement !== document.body
    ? document.activeElement.outerHTML.slice(0, 80) : null"""

# Everything above, the page's text and (for the keyboard check) its submit buttons, read in
# one call: each call to the page is a round trip through Playwright's driver and Chromium.
MEASURE = f"""(asked) => ({{
    sideways: ({OVERFLOW})(),
    clipped: [...({CLIPPED})(), ...({CUT_SELECTS})()],
    towers: ({TOWERS})(),
    smallTaps: ({SMALL_TAPS})(asked.least),
    text: document.body.innerText,
    submits: asked.keyboard ? ({SUBMITS})() : [],
}})"""

# Said on the page's console once Tab has reached every wanted button (WATCH_TABS).
ALL_REACHED = "mhing-test: Tab reached every submit button"

# From the page's top (focus on nothing, as a page just loaded), the element focused after
# each Tab (FOCUSED, read as the key comes up) is noted in the page rather than asked for
# after each press, a round trip each; once the wanted buttons have all been focused the page
# says so on its console, and the presses stop.
WATCH_TABS = f"""(wanted) => {{
    document.body.focus();
    if (document.activeElement) document.activeElement.blur();
    const missing = new Set(wanted);
    window.mhingFocused = [];
    window.addEventListener("keyup", () => {{
        const focused = ({FOCUSED})();
        window.mhingFocused.push(focused);
        if (missing.delete(focused) && missing.size === 0) console.log("{ALL_REACHED}");
    }}, true);
}}"""


@cache
def english(language: str) -> tuple[str, ...]:
    """The site's own English texts that `language` says otherwise: msgids without
    placeholders, of two words or more (a single word, a name or "Match" say, is too often the
    same in both or part of a name)."""
    path = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.mo"
    with path.open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    texts = set()
    for msgid, msgstr in catalog.items():
        if not isinstance(msgid, str) or not msgid or "%" in msgid or "\x04" in msgid:
            continue
        if msgstr.strip() == msgid.strip() or len(msgid.split()) < 2:
            continue
        texts.add(msgid.strip())
    return tuple(sorted(texts, key=len, reverse=True))


def english_left(text: str, language: str) -> list[str]:
    flat = " ".join(text.split())
    # The plain `in` first: the same answer, without 800 regular expressions a page.
    return [
        m
        for m in english(language)
        if m in flat and re.search(rf"(?<!\w){re.escape(m)}(?!\w)", flat)
    ]


def tab_reaches(page: Page, wanted: list[str], presses: int = 150) -> list[str]:
    """Which of the submit buttons (outerHTML heads) Tab never reaches from the page's top
    in `presses` presses."""
    if not wanted:
        return []
    heard: list[str] = []

    def listener(message: ConsoleMessage) -> None:
        heard.append(message.text)

    page.on("console", listener)
    try:
        page.evaluate(WATCH_TABS, wanted)
        for _ in range(presses):
            # The console's word can come a press late: the presses past it change
            # nothing, as only what the page noted is read.
            if ALL_REACHED in heard:
                break
            page.keyboard.press("Tab")
        focused = page.evaluate("() => window.mhingFocused")
    finally:
        page.remove_listener("console", listener)
    return sorted(set(wanted) - set(focused))


def problems_on(page: Page, language: str) -> dict[str, list[str]]:
    keyboard = language == LANGUAGES[0]  # the same buttons in every language
    seen = page.evaluate(MEASURE, {"least": TAP, "keyboard": keyboard})
    found: dict[str, list[str]] = {}
    sideways = seen["sideways"]
    if sideways["scrollWidth"] > sideways["width"] or sideways["out"]:
        found["sideways"] = [f"page {sideways['scrollWidth']}px wide", *sideways["out"]]
    found["clipped"] = seen["clipped"]
    found["tower buttons"] = seen["towers"]
    found["small taps"] = seen["smallTaps"]
    found["english"] = english_left(seen["text"], language)
    if keyboard:
        found["no keyboard"] = tab_reaches(page, seen["submits"])
    return {kind: items for kind, items in found.items() if items}


@pytest.fixture
def phone(browser: Browser, live_server) -> Iterator[Callable[[str, object], BrowserContext]]:
    contexts = []

    def open_(language: str, user) -> BrowserContext:
        # The browser asks for the language (Accept-Language), as a visitor's phone does:
        # LocaleMiddleware picks it, with no cookie set.
        context = browser.new_context(viewport=PHONE, locale=language, has_touch=True)
        contexts.append(context)
        if user is not None:
            sign_in(context, user, live_server.url)
        return context

    yield open_
    for context in contexts:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_club_page_fits_a_phone_and_speaks_the_language(
    site, phone, live_server, language
) -> None:
    people = {
        "organiser": site,
        "member": get_user_model().objects.get(username=demo.MEMBER),
        None: None,
    }
    contexts = {who: phone(language, user) for who, user in people.items()}
    pages = {who: context.new_page() for who, context in contexts.items()}
    report = {}
    for name, (who, reach) in PAGES.items():
        page = pages[who]
        response = page.goto(live_server.url + reach(people[who]))
        assert response and response.ok, f"{name}: {response and response.status}"
        keep_screenshot(page, f"trial-{name}-{language}")
        found = problems_on(page, language)
        if found:
            report[name] = found

    assert not report, "\n".join(
        f"{name} ({language}): {kind}: {items}"
        for name, found in report.items()
        for kind, items in found.items()
    )


# -- keyboard only, over a slow network --------------------------------------------------
# (The Mah-Jongg calculator's quick taps on a slow phone, once here too, are
# tests/scoring/test_browser_mahjongg_hand_in_page.py's, with every tap in the hand at once.)

SLOW = {"offline": False, "latency": 400, "downloadThroughput": 50_000, "uploadThroughput": 50_000}


def slow_network(context: BrowserContext, page: Page) -> None:
    """Chrome DevTools' throttling: 400 ms before each answer, 50 kB/s each way."""
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", SLOW)


# Two taps on a button, the second while the first is on its way; what the button says in
# between.
TWO_TAPS = """(id) => new Promise(done => {
    const button = document.getElementById(id);
    button.click();
    setTimeout(() => {
        const busy = button.getAttribute("aria-disabled");
        button.click();
        done(busy);
    }, 150);
})"""


def test_a_club_night_is_seated_by_keyboard_and_a_second_tap_creates_nothing_more(
    site, phone, live_server
) -> None:
    context = phone("de", site)
    page = context.new_page()
    page.goto(live_server.url + reverse("leagues:night_new", args=["riverside"]))
    slow_network(context, page)
    posts = []
    page.on("request", lambda request: request.method == "POST" and posts.append(request.url))
    # Tick four players by keyboard: Space on a check box, Tab to the next; Enter sends.
    page.locator("#id_present_0").focus()
    for _ in range(4):
        page.keyboard.press("Space")
        page.keyboard.press("Tab")
    page.locator("#propose-tables").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#create-matches")
    posts.clear()

    busy = page.evaluate(TWO_TAPS, "create-matches")
    page.wait_for_url(re.compile(r".*/nights/\d+/$"))

    assert busy == "true", "the button did not show that the form was on its way"
    assert len(posts) == 1
    assert ClubNight.objects.count() == 1
    assert page.locator(".message-success").is_visible()
