"""A league of four players run by the organiser, the organiser's signed-in client, and
every form of the league's pages where a name is typed, for the fault tests that post
hostile names (tests/faults/test_invisible_names.py, tests/faults/test_hostile_club_input.py)."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.models import League, Player
from tests.clubs import shared_club


@pytest.fixture
def players(member):
    made = [
        Player.objects.create(display_name=n, club=shared_club())
        for n in ("Pia", "Quentin", "Rosa", "Sven")
    ]
    made[0].user = member
    made[0].save()
    return made


@pytest.fixture
def league(organiser, players):
    league = League.objects.create(
        name="Tuesday Club", slug="tuesday", season_start=date(2026, 9, 1), club=shared_club()
    )
    league.organisers.add(organiser)
    league.players.add(*players)
    return league


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


def form_post(league, players, where: str, name: str) -> tuple[str, dict]:
    slug, rosa = league.slug, players[2]
    return {
        "new league": (
            "/leagues/new/",
            {
                "name": name,
                "slug": "",
                "game": "mhing",
                "default_variant": league.rule_profile().variant.value,
                "default_target": str(league.rule_profile().target),
                "bot_matches": league.bot_matches,
                "mj_settle": "diff",
                "mj_limit": "1000",
                "mj_rotation": "fixed_east",
                "mj_players": "4",
            },
        ),
        "settings": (
            f"/leagues/{slug}/settings/",
            {
                "name": name,
                "slug": slug,
                "game": "mhing",
                "default_variant": league.rule_profile().variant.value,
                "default_target": str(league.rule_profile().target),
                "bot_matches": league.bot_matches,
                "version": str(league.version),
                "mj_settle": "diff",
                "mj_limit": "1000",
                "mj_rotation": "fixed_east",
                "mj_players": "4",
            },
        ),
        "season": (
            f"/leagues/{slug}/seasons/new/",
            {"name": name, "starts_on": "2026-10-01", "confirm": "on"},
        ),
        "roster": (f"/leagues/{slug}/players/", {"name": name}),
        "rename": (
            f"/leagues/{slug}/players/{rosa.pk}/",
            {"action": "rename", "name": name, "was": "Rosa"},
        ),
        "invite": (
            f"/leagues/{slug}/members/",
            {"role": "member", "new_player_name": name, "days": "7"},
        ),
        "new match": (
            f"/leagues/{slug}/matches/new/",
            {
                "seat1_player": str(rosa.pk),
                "seat2_name": name,
                "target_choice": "500",
                "variant": "points",
                "played_on": "2026-10-06",
            },
        ),
    }[where]
