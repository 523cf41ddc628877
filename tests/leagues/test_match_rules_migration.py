"""The match rules migrations (leagues 0026, 0027): a Mhing match's target, variant and agreed
number of rounds move into Match.rule_profile, where a Mah-Jongg match keeps its rules, and
back into their columns when unapplied."""

from __future__ import annotations

from datetime import date

import pytest

from tests.migrating import historical_apps, migrate_forward, rolled_back_to

# PostgreSQL run: runs migrations.
pytestmark = pytest.mark.postgres

BEFORE = [("leagues", "0025_remove_league_default_target_and_variant")]
AFTER = [("leagues", "0027_remove_match_target_variant_round_limit")]
JADE_RULES = {"limit": 1000, "settle": "full"}


@pytest.fixture
def executor(transactional_db):
    yield from rolled_back_to(BEFORE)


def _matches(apps) -> None:
    Club = apps.get_model("leagues", "Club")
    League = apps.get_model("leagues", "League")
    Season = apps.get_model("leagues", "Season")
    Match = apps.get_model("leagues", "Match")
    club = Club.objects.create(name="Riverside", slug="riverside")
    mhing = League.objects.create(club=club, name="Tuesday", slug="tuesday")
    jade = League.objects.create(club=club, name="Jade", slug="jade", game="mahjongg")
    for league in (mhing, jade):
        season = Season.objects.create(league=league, number=1, starts_on=date(2026, 9, 1))
        if league is mhing:
            Match.objects.create(league=league, season=season, target_points=300, first_dealer=1)
            Match.objects.create(league=league, season=season, variant="chips", round_limit=6)
            Match.objects.create(league=league, season=season, variant="chips")
        else:
            # Its columns meant nothing to a Mah-Jongg match: not carried.
            Match.objects.create(
                league=league, season=season, game="mahjongg", rule_profile=JADE_RULES
            )


def _rules(apps) -> list:
    Match = apps.get_model("leagues", "Match")
    return list(Match.objects.order_by("pk").values_list("rule_profile", flat=True))


def test_each_match_keeps_its_rules_in_one_place(executor):
    _matches(historical_apps(executor, BEFORE))

    apps = migrate_forward(executor, AFTER)

    assert _rules(apps) == [
        {"target": 300, "variant": "points"},
        {"target": 500, "variant": "chips", "round_limit": 6},
        {"target": 500, "variant": "chips"},
        JADE_RULES,
    ]
    Match = apps.get_model("leagues", "Match")
    assert not {"target_points", "variant", "round_limit"} & {f.name for f in Match._meta.fields}


def test_unapplied_the_columns_get_their_values_back(executor):
    _matches(historical_apps(executor, BEFORE))
    migrate_forward(executor, AFTER)

    Match = migrate_forward(executor, BEFORE).get_model("leagues", "Match")

    columns = Match.objects.order_by("pk").values_list(
        "target_points", "variant", "round_limit", "rule_profile"
    )
    assert list(columns) == [
        (300, "points", None, {}),
        (500, "chips", 6, {}),
        (500, "chips", None, {}),
        (500, "points", None, JADE_RULES),
    ]
