"""Helpers shared by the Mah-Jongg browser tests (tests/leagues/test_browser_mahjongg.py,
tests/scoring/test_browser_mahjongg_modes.py, tests/scoring/test_browser_mahjongg_hand_in_page.py):
a four-player match to enter games in, the game form opened on one player's tiles, and the
wait until every answer the page asked for is in."""

from __future__ import annotations

from datetime import date

from django.urls import reverse
from playwright.sync_api import Page, expect

from leagues.models import League, Match, Player
from tests.clubs import shared_club

NAMES = ("Pia", "Quentin", "Rosa", "Sven")


def mahjongg_match(organiser, name: str = "Dragons", slug: str = "dragons") -> Match:
    """A Mah-Jongg league run by `organiser`, and a match of NAMES in it (Pia is East)."""
    league = League.objects.create(club=shared_club(), name=name, slug=slug, game="mahjongg")
    league.organisers.add(organiser)
    players = [Player.objects.create(club=shared_club(), display_name=n) for n in NAMES]
    return Match.begin(league, players, played_on=date(2026, 11, 20))


def open_game_form(page: Page, live_server, match: Match, position: int | None = None) -> None:
    """Open the match's game form; with a position, show that player's tiles in the picker."""
    page.goto(live_server.url + reverse("leagues:mj_game_new", args=[match.league.slug, match.pk]))
    if position is not None:
        page.locator(f"#mj-show-{position}").click()
        expect(page.locator(f"#mj-show-{position}")).to_have_attribute("aria-pressed", "true")


def settled(page: Page) -> None:
    """Wait until the network is idle and no htmx request or busy element is left."""
    page.wait_for_load_state("networkidle")
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, [aria-busy=\"true\"]')", timeout=20_000
    )
