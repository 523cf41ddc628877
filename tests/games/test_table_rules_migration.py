"""The table rules migrations (games 0006, 0007): a Mhing table's target, variant and number of
rounds move into Table.rules, where a Mah-Jongg table keeps its profile, and back into their
columns when unapplied. A table in play when the site is upgraded plays on by them."""

from __future__ import annotations

import pytest

from tests.migrating import historical_apps, migrate_forward, rolled_back_to

# PostgreSQL run: runs migrations.
pytestmark = pytest.mark.postgres

BEFORE = [("games", "0005_table_game")]
AFTER = [("games", "0007_remove_table_target_variant_round_limit")]
PROFILE = {"limit": 1000, "settle": "full", "players": 4}


@pytest.fixture
def executor(transactional_db):
    yield from rolled_back_to(BEFORE)


def _tables(apps) -> None:
    Table = apps.get_model("games", "Table")
    Table.objects.create(slug="race", target=300, players=3)
    Table.objects.create(slug="chips6", variant="chips", round_limit=6)
    # A points race never kept a number of rounds: not carried.
    Table.objects.create(slug="points", round_limit=4)
    Table.objects.create(slug="jade", game="mahjongg", target=700, rules=PROFILE)


def _rules(apps) -> dict:
    Table = apps.get_model("games", "Table")
    return dict(Table.objects.values_list("slug", "rules"))


def test_each_table_keeps_its_rules_in_one_place(executor):
    _tables(historical_apps(executor, BEFORE))

    apps = migrate_forward(executor, AFTER)

    assert _rules(apps) == {
        "race": {"target": 300, "variant": "points"},
        "chips6": {"target": 500, "variant": "chips", "round_limit": 6},
        "points": {"target": 500, "variant": "points"},
        "jade": PROFILE,
    }
    Table = apps.get_model("games", "Table")
    assert not {"target", "variant", "round_limit"} & {f.name for f in Table._meta.fields}


def test_unapplied_the_columns_get_their_values_back(executor):
    _tables(historical_apps(executor, BEFORE))
    migrate_forward(executor, AFTER)

    Table = migrate_forward(executor, BEFORE).get_model("games", "Table")

    columns = Table.objects.values_list("slug", "target", "variant", "round_limit", "rules")
    assert sorted(columns) == [
        ("chips6", 500, "chips", 6, None),
        ("jade", 500, "points", None, PROFILE),
        ("points", 500, "points", None, None),
        ("race", 300, "points", None, None),
    ]
