"""The words a German or French player reads: German says "Steine" for
tiles in today's spelling, French never builds "de Amélie" (the name is a variable, so no
article meets it), touch screens are not told to click, and a league's default season name
reads in the reader's language, not its creator's.

Run with `pytest -m browser tests/site/test_wording.py` (the catalogue scan runs without).
"""

from __future__ import annotations

import gettext
import html
import re
from datetime import date
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import Browser

from leagues.models import League, Match, Player, RoundEntry
from tests.clubs import shared_club
from tests.games.live_pages import sign_in
from tests.layout import PHONE

NAME_VARIABLES = "name|player|players|discarder|winner|league|old|new"
# French words that elide before a vowel: none of them may stand before a name.
FRENCH_ELIDING = re.compile(rf"\b(de|que|le|la|jusque|lorsque|puisque) %\(({NAME_VARIABLES})\)s")
FORBIDDEN = {
    "de": [re.compile(r"Ziegel"), re.compile(r"paßt"), re.compile(r"Schluß"), re.compile("Klick")],
    "fr": [FRENCH_ELIDING, re.compile(r"[Cc]liquez"), re.compile(r"trié par %")],
}


def catalogue(language: str) -> dict:
    path = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.mo"
    with path.open("rb") as file:
        return gettext.GNUTranslations(file)._catalog


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_translations_say_steine_tap_and_never_de_before_a_name(language: str) -> None:
    found = [
        (pattern.pattern, text)
        for text in catalogue(language).values()
        for pattern in FORBIDDEN[language]
        if pattern.search(text)
    ]
    assert found == []


def test_the_score_rows_german_names_say_steine_in_todays_spelling() -> None:
    """The rows' names are data (scoring.mahjongg.rows, scoring.mhing.combinations): the
    breakdown shows them, and score_hand's JSON carries them under unchanged keys."""
    from scoring.mahjongg.rows import ROWS
    from scoring.mhing.combinations import COMBINATIONS

    names = [row.name_de for row in ROWS] + [combination.name_de for combination in COMBINATIONS]
    found = [name for name in names for pattern in FORBIDDEN["de"] if pattern.search(name)]
    assert found == []


def test_german_says_unentschieden_for_a_draw_and_never_remis() -> None:
    texts = catalogue("de").values()
    assert [text for text in texts if "Remis" in text] == []
    assert any("Unentschieden" in text for text in texts)


def amelies_league(organiser, game: str = "mhing") -> League:
    """A league made by an English-speaking organiser, with Amélie in it."""
    with translation.override("en"):
        league = League.objects.create(
            club=shared_club(),
            name="Riverside",
            slug=f"riverside-{game}",
            game=game,
            season_start=date(2026, 9, 1),
        )
    league.organisers.add(organiser)
    return league


def amelie_and_friends() -> list[Player]:
    names = ["Amélie", "Bo", "Céline", "Denis"]
    return [Player.objects.create(club=shared_club(), display_name=n) for n in names]


def page_text(page) -> str:
    """The page's markup, hidden parts too (a label read only by a screen reader counts)."""
    return html.unescape(page.content())


@pytest.mark.browser
def test_french_pages_never_say_de_amelie_on_a_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    players = amelie_and_friends()
    league = amelies_league(organiser)
    amelie, bo = players[0], players[1]
    match = Match.begin(league, players, first_dealer=0, played_on=date(2026, 11, 3))
    match.record_round(
        RoundEntry(winner=bo, win_type="discard", discarder=amelie, hand="123c 456b 789k 234c 55k")
    )
    mj_league = amelies_league(organiser, game="mahjongg")
    mj_match = Match.begin(mj_league, players, by=organiser)
    context = browser.new_context(viewport=PHONE, locale="fr", has_touch=True)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        pages = [
            match.get_absolute_url(),
            reverse("leagues:player", args=[amelie.pk]) + f"?league={league.slug}",
            reverse("leagues:mj_game_new", args=[mj_league.slug, mj_match.pk]),
            reverse("leagues:roster", args=[league.slug]),
        ]
        for url in pages:
            page.goto(live_server.url + url)
            text = page_text(page)
            assert "Amélie" in text, url
            assert not re.search(r"\b(de|que|le|la) Amélie", text), url
    finally:
        context.close()


@pytest.mark.browser
def test_german_pages_say_steine_and_the_default_season_in_german_on_a_phone(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    mj_league = amelies_league(organiser, game="mahjongg")
    mj_match = Match.begin(mj_league, amelie_and_friends(), by=organiser)
    context = browser.new_context(viewport=PHONE, locale="de", has_touch=True)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        page.goto(
            live_server.url + reverse("leagues:mj_game_new", args=[mj_league.slug, mj_match.pk])
        )
        text = page_text(page)
        assert "Steine" in text
        assert "Ziegel" not in text
        page.goto(live_server.url + mj_league.get_absolute_url())
        body = page.locator("body").inner_text()
        assert "Saison 2026" in body
        assert "Season 2026" not in body
    finally:
        context.close()


def test_the_english_msgids_never_say_click() -> None:
    """English is the msgid: "Tap", "Choose" or "Press", which fit a finger and a mouse."""
    msgids = [key[0] if isinstance(key, tuple) else key for key in catalogue("de")]
    assert [text for text in msgids if re.search(r"\bclick", text, re.IGNORECASE)] == []


@pytest.mark.browser
def test_the_calculator_and_round_entry_never_tell_a_phone_to_click(
    transactional_db, live_server, browser: Browser, organiser
) -> None:
    league = amelies_league(organiser)
    match = Match.begin(league, amelie_and_friends(), by=organiser)
    context = browser.new_context(viewport=PHONE, locale="en", has_touch=True)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        for url in (
            reverse("scoring:calculator"),
            reverse("scoring:calculator") + "?hand=123b",
            reverse("leagues:round_new", args=[league.slug, match.pk]),
        ):
            page.goto(live_server.url + url)
            assert not re.search(r"\bclick", page_text(page), re.IGNORECASE), url
    finally:
        context.close()
