"""Scaffolding for migration tests: roll the database back to a migration, build data with
the historical models, roll forward, and leave the database at the latest migration."""

from __future__ import annotations

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def rolled_back_to(target):
    """Yield an executor with the database at `target`; afterwards migrate to the leaves.
    Use as `yield from rolled_back_to(BEFORE)` in a `transactional_db` fixture."""
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    executor.loader.build_graph()
    yield executor
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def historical_apps(executor, target):
    """The app registry as it was at `target`."""
    return executor.loader.project_state(target).apps


def migrate_forward(executor, target):
    """Migrate to `target` and return the app registry as it is there."""
    executor.loader.build_graph()
    executor.migrate(target)
    return historical_apps(executor, target)
