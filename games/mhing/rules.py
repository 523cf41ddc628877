"""A Mhing table's rules: its target, variant and number of rounds, kept in Table.rules as the
league keeps them (scoring.mhing.profile)."""

from __future__ import annotations

from django.db.models import Model

from scoring.mhing.profile import Profile


def table_rules(table: Model) -> Profile:
    return Profile.from_dict(table.rules)
