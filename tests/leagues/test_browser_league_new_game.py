""" "Create a league" on a phone in French: the game is chosen first and
only its own fields follow, Mhing's variant and target or the six Mah-Jongg rules, with
script and without.

Run with `pytest -m browser tests/leagues/test_browser_league_new_game.py`.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from leagues.models import League
from tests.games.live_pages import sign_in
from tests.layout import PHONE

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_create_a_league_shows_only_the_chosen_games_fields_on_a_french_phone(
    transactional_db, live_server, browser: Browser, organiser, script: bool
) -> None:
    context = browser.new_context(viewport=PHONE, locale="fr-FR", java_script_enabled=script)
    sign_in(context, organiser, live_server.url)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/leagues/new/")
        form = page.locator("#league-form")
        # Mhing, the default: its variant and target, none of the Mah-Jongg rules.
        expect(form.locator("[name=default_target]")).to_be_visible()
        expect(form.locator("[name^=mj_]")).to_have_count(0)
        expect(page.get_by_text("Règlement", exact=True)).to_have_count(0)

        page.locator("#game-mahjongg").click()
        expect(form.locator("[name=mj_settle]").first).to_be_visible()
        expect(form.locator("[name=default_variant], [name=default_target]")).to_have_count(0)

        form.get_by_label("Nom", exact=True).fill("Tuiles du vendredi")
        page.locator("#create-league").click()
        expect(page.locator("h1")).to_contain_text("Tuiles du vendredi")
        assert League.objects.get(name="Tuiles du vendredi").game == "mahjongg"
    finally:
        context.close()
