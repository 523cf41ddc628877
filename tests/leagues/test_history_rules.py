"""A change of a league's rules in its history (leagues/history_lines.py): told rule by rule,
in the words of the game's settings page, in the reader's language; older entries (Mhing's
target and variant, Mah-Jongg's profile, before League.rules) still read."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.models import League, LeagueEvent
from scoring.mahjongg.profile import Profile as MahjonggProfile
from tests.clubs import shared_club

from .test_organiser_league import settings_form


def history(client, league: League, language: str = "en") -> str:
    url = reverse("leagues:league_history", args=[league.slug])
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


@pytest.fixture
def dragons(organiser) -> League:
    league = League.objects.create(
        club=shared_club(), name="Dragons", slug="dragons", game="mahjongg"
    )
    league.organisers.add(organiser)
    return league


@pytest.mark.django_db
def test_a_mhing_target_changed_reads_as_the_settings_page_names_it(organiser_client, league):
    before = league.rule_profile().target
    organiser_client.post(
        reverse("leagues:league_settings", args=[league.slug]),
        settings_form(league, default_target=before + 400),
    )

    page = history(organiser_client, league)

    assert f"Default target points: {before} → {before + 400}" in page
    assert "variant" not in page.split("Settings changed", 1)[1]  # unchanged: not told
    assert "target=" not in page


@pytest.mark.django_db
def test_a_mahjongg_rule_changed_reads_in_the_games_words_in_german(organiser_client, dragons):
    limit = dragons.rule_profile().limit
    organiser_client.post(
        reverse("leagues:league_settings", args=[dragons.slug]),
        settings_form(dragons, mj_limit=limit + 500, mj_settle="full"),
    )
    assert dragons.events.filter(action=LeagueEvent.Action.SETTINGS_CHANGED).exists()

    english = history(organiser_client, dragons)
    german = history(organiser_client, dragons, "de")

    assert f"Limit: {limit} → {limit + 500}" in english
    assert (
        "Settlement: Differences: each pays every higher score the difference → "
        "Full value: everyone pays the caller&#x27;s score first"
    ) in english
    assert "settle=" not in english and "Settlement" not in german
    assert f"{limit} → {limit + 500}" in german


@pytest.mark.django_db
def test_older_entries_read_as_they_did_and_rule_by_rule(organiser_client, dragons, organiser):
    old = MahjonggProfile().to_dict()
    LeagueEvent.objects.create(
        league=dragons,
        action=LeagueEvent.Action.SETTINGS_CHANGED,
        by=organiser,
        details={
            "changes": {
                "mahjongg_profile": [old, {**old, "players": 3}],
                "default_target": [100, 500],
            }
        },
    )

    page = history(organiser_client, dragons)

    assert "Players at a table: Four → Three (North stays empty)" in page
    assert "default target points: 100 → 500" in page


@pytest.mark.django_db
def test_rules_that_no_longer_read_are_shown_as_stored(organiser_client, dragons, organiser):
    LeagueEvent.objects.create(
        league=dragons,
        action=LeagueEvent.Action.SETTINGS_CHANGED,
        by=organiser,
        details={"changes": {"rules": [{"limit": "lots"}, {"limit": 1000}]}},
    )

    assert "rules: limit=lots → limit=1000" in history(organiser_client, dragons)


@pytest.mark.django_db
def test_a_change_of_game_shows_each_games_rules_whole(organiser_client, league):
    mahjongg = MahjonggProfile()
    organiser_client.post(
        reverse("leagues:league_settings", args=[league.slug]),
        settings_form(league, game="mahjongg", mj_limit=mahjongg.limit, mj_settle="diff"),
    )
    assert League.objects.get(pk=league.pk).game == "mahjongg"

    page = history(organiser_client, league)

    assert "rules: Default variant: " in page
    assert "game: Mhing → Mah-Jongg; rules: Default variant: " in page
    assert f"Default target points: {league.rule_profile().target} → Settlement: " in page
    assert f"Limit: {mahjongg.limit}" in page
