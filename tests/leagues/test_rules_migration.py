"""The rules migrations (leagues 0023 to 0025): a Mhing league's default target and variant
move into League.rules, beside a Mah-Jongg league's profile, and back again when unapplied."""

from __future__ import annotations

import pytest

from tests.migrating import historical_apps, migrate_forward, rolled_back_to

# PostgreSQL run: runs migrations.
pytestmark = pytest.mark.postgres

BEFORE = [("leagues", "0022_entry_confirmation")]
AFTER = [("leagues", "0025_remove_league_default_target_and_variant")]


@pytest.fixture
def executor(transactional_db):
    yield from rolled_back_to(BEFORE)


def _leagues(apps) -> None:
    Club = apps.get_model("leagues", "Club")
    League = apps.get_model("leagues", "League")
    club = Club.objects.create(name="Riverside", slug="riverside")
    League.objects.create(
        club=club, name="Chips night", slug="chips", default_target=2000, default_variant="chips"
    )
    League.objects.create(club=club, name="Plain", slug="plain")  # the defaults
    League.objects.create(
        club=club,
        name="Jade",
        slug="jade",
        game="mahjongg",
        default_target=700,  # meant nothing to a Mah-Jongg league: not carried
        mahjongg_profile={"limit": 1000, "settle": "full"},
    )


def test_each_league_keeps_its_rules_in_one_place(executor):
    _leagues(historical_apps(executor, BEFORE))

    League = migrate_forward(executor, AFTER).get_model("leagues", "League")

    rules = dict(League.objects.values_list("slug", "rules"))
    assert rules == {
        "chips": {"target": 2000, "variant": "chips"},
        "plain": {"target": 500, "variant": "points"},
        "jade": {"limit": 1000, "settle": "full"},
    }
    assert not {"default_target", "default_variant"} & {f.name for f in League._meta.fields}


def test_unapplied_the_columns_get_their_values_back(executor):
    _leagues(historical_apps(executor, BEFORE))
    migrate_forward(executor, AFTER)

    League = migrate_forward(executor, BEFORE).get_model("leagues", "League")

    chips = League.objects.get(slug="chips")
    assert (chips.default_target, chips.default_variant, chips.mahjongg_profile) == (
        2000,
        "chips",
        {},
    )
    assert League.objects.get(slug="jade").mahjongg_profile == {"limit": 1000, "settle": "full"}
