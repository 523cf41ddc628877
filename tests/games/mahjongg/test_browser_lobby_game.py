"""The lobby's "Open a table" on a phone in German: the game is chosen first and only its
own fields follow (Mhing's players, scoring and target, or the Mah-Jongg rules), with script
and without, as "Create a league" does.

Run with `pytest -m browser tests/games/mahjongg/test_browser_lobby_game.py`.
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from playwright.sync_api import Browser, expect

from games.models import Table
from leagues.models import League
from tests.clubs import shared_club
from tests.layout import PHONE, keep_screenshot

from ..live_pages import sign_in

pytestmark = pytest.mark.browser

MHING_ONLY = ", ".join(
    f"[name={name}]" for name in ("players", "variant", "target", "other_target", "round_limit")
)


@pytest.fixture(autouse=True)
def _stop_live_tasks() -> None:
    """No table plays here: it is only opened."""


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_open_a_table_shows_only_the_chosen_games_fields_on_a_german_phone(
    transactional_db, live_server, browser: Browser, alice, script: bool
) -> None:
    context = browser.new_context(viewport=PHONE, locale="de-DE", java_script_enabled=script)
    sign_in(context, alice, live_server.url)
    context.add_cookies([{"name": "django_language", "value": "de", "url": live_server.url}])
    page = context.new_page()
    try:
        page.goto(live_server.url + "/play/")
        form = page.locator("#create-form")
        # Mhing, the default: its target and scoring, none of the Mah-Jongg rules.
        expect(form.get_by_label("Zielpunktzahl")).to_be_visible()
        expect(form.locator("[name^=mj_]")).to_have_count(0)
        expect(page.get_by_text("Welches Spiel?", exact=True)).to_be_visible()

        page.locator("#game-mahjongg").click()
        expect(page.locator("#create-form [name=mj_limit]")).to_be_visible()
        expect(page.locator("#create-form").get_by_label("Höchstgrenze")).to_be_visible()
        expect(page.locator("#create-form").locator(MHING_ONLY)).to_have_count(0)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], width  # nothing runs off the phone's screen
        keep_screenshot(page, f"lobby-mahjongg-de-{'script' if script else 'no-script'}")

        page.locator("#create-form").get_by_role("button", name="Tisch eröffnen").click()
        expect(page).to_have_url(re.compile(r"/play/[a-z0-9]+/$"))
        table = Table.objects.get()
        assert table.game == "mahjongg" and table.rules["players"] == 4

        # And back to Mhing: its fields again, no Mah-Jongg rules.
        page.goto(live_server.url + "/play/?game=mahjongg")
        page.locator("#game-mhing").click()
        expect(page.locator("#create-form").get_by_label("Zielpunktzahl")).to_be_visible()
        expect(page.locator("#create-form [name^=mj_]")).to_have_count(0)
    finally:
        context.close()


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_record_in_league_follows_the_chosen_game_on_a_german_phone(
    transactional_db, live_server, browser: Browser, organiser, script: bool
) -> None:
    """Only the chosen game's leagues are offered, and the list follows the game: in place
    with script (the page is not reloaded), by the link without. A league whose game changed
    after the page was shown is refused with what to do."""
    leagues = (("Dienstagsrunde", "dienstag", "mhing"), ("Freitagssteine", "freitag", "mahjongg"))
    for name, slug, game in leagues:
        league = League.objects.create(
            club=shared_club(), name=name, slug=slug, season_start=date(2026, 9, 1), game=game
        )
        league.organisers.add(organiser)
    context = browser.new_context(viewport=PHONE, locale="de-DE", java_script_enabled=script)
    sign_in(context, organiser, live_server.url)
    context.add_cookies([{"name": "django_language", "value": "de", "url": live_server.url}])
    page = context.new_page()
    try:
        page.goto(live_server.url + "/play/")
        leagues = page.locator("#create-form").get_by_label("In Liga eintragen")
        expect(leagues.locator("option")).to_have_text(
            ["Keine: ein Freundschaftsspiel", "Dienstagsrunde"]
        )
        if script:
            page.evaluate("() => { window.notReloaded = true; }")
        page.locator("#game-mahjongg").click()
        expect(leagues.locator("option")).to_have_text(
            ["Keine: ein Freundschaftsspiel", "Freitagssteine"]
        )
        if script:
            assert page.evaluate("() => window.notReloaded === true")
        page.locator("#game-mhing").click()
        expect(leagues.locator("option")).to_have_text(
            ["Keine: ein Freundschaftsspiel", "Dienstagsrunde"]
        )

        # The organiser changes Dienstagsrunde's game meanwhile: the table is refused, and
        # the page says what to do.
        leagues.select_option(label="Dienstagsrunde")
        League.objects.filter(slug="dienstag").update(game="mahjongg")
        page.locator("#create-form").get_by_role("button", name="Tisch eröffnen").click()
        error = page.locator("#create-form .field-league")
        expect(error).to_contain_text(
            "Dienstagsrunde spielt Mah-Jongg. Um diesen Tisch dort einzutragen, wählen Sie oben"
            " unter „Welches Spiel?“ Mah-Jongg; oder wählen Sie eine andere Liga."
        )
        assert not Table.objects.exists()
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], width  # nothing runs off the phone's screen
        keep_screenshot(page, f"lobby-league-refused-de-{'script' if script else 'no-script'}")
    finally:
        context.close()
