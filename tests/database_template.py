"""One migrated test database per pytest-xdist run, copied for each worker.

Without this, every xdist worker creates its own test database by running all the
migrations (seconds of CPU each, more on PostgreSQL), and CI's runs start about ten of them
on two cores. Instead, the first worker to need a database migrates a template, under a
file lock in a directory the controller gives the run's workers; each worker then copies
it, the others waiting on the lock while it is made: SQLite by sqlite3's backup API, into
the worker's usual test database (in memory, or the file of a run with browser tests);
PostgreSQL by `CREATE DATABASE ... TEMPLATE` (nothing may be connected to the template
then, hence the lock around every copy). Each worker's database has the name and the
contents it had before; the controller removes the template once the workers are done.

A run without xdist, or with --reuse-db or --nomigrations, sets its database up as
pytest-django does: `tests/conftest.py`'s `django_db_setup` hands it back.
"""

from __future__ import annotations

import fcntl
import json
import shutil
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test.utils import get_unique_databases_and_mirrors

# workerinput's key for the directory the controller shares with the run's workers.
DIRECTORY = "mhing_test_db_template"
ENGINES = frozenset({"django.db.backends.sqlite3", "django.db.backends.postgresql"})
_MADE = pytest.StashKey[Path]()


def share_directory(config: pytest.Config, workerinput: dict) -> None:
    """The controller's part, as each worker starts: one directory for the whole run."""
    if _MADE not in config.stash:
        config.stash[_MADE] = Path(tempfile.mkdtemp(prefix="mhing-test-db-"))
    workerinput[DIRECTORY] = str(config.stash[_MADE])


def directory_for(config: pytest.Config, aliases: Iterable[str], plain: bool) -> Path | None:
    """The run's shared directory, when this worker's databases can be copies of a template:
    under xdist, migrations on (`plain`: no --reuse-db, no --nomigrations), and only SQLite
    and PostgreSQL databases, none a mirror or an alias of another."""
    shared = getattr(config, "workerinput", {}).get(DIRECTORY)
    if not (shared and plain):
        return None
    databases, mirrors = get_unique_databases_and_mirrors(aliases)
    if mirrors or any(len(names) > 1 for _, names in databases.values()):
        return None
    if any(connections[alias].settings_dict["ENGINE"] not in ENGINES for alias in aliases):
        return None
    return Path(shared)


def setup_copies(
    directory: Path,
    worker: str,
    aliases: Iterable[str],
    serialized_aliases: Iterable[str],
    verbosity: int,
) -> list[tuple[BaseDatabaseWrapper, str, bool]]:
    """Each alias's test database a copy of the run's template, made first if no worker has
    yet. Returns what django.test.utils.teardown_databases takes, as setup_databases does."""
    old_names = []
    with _locked(directory / "lock"):
        for alias in sorted(aliases):
            connection = connections[alias]
            record = directory / f"{alias}.json"
            if not record.exists():
                template = _make_template(connection, directory, worker, verbosity)
                record.write_text(
                    json.dumps({"engine": connection.settings_dict["ENGINE"], "name": template})
                )
            old_names.append((connection, connection.settings_dict["NAME"], True))
            _copy(connection, json.loads(record.read_text())["name"])
    # As setup_databases does, once every database is set up: for the tests that ask for
    # serialized_rollback, the rows the migrations left (a transactional test's flush
    # removes them; such a test puts them back).
    for alias in serialized_aliases:
        connection = connections[alias]
        connection._test_serialized_contents = connection.creation.serialize_db_to_string()
    return old_names


def remove_templates(config: pytest.Config) -> None:
    """The controller's part at the end of the run: drop the templates the workers made."""
    directory = config.stash.get(_MADE, None)
    if directory is None:
        return
    from pytest_django.plugin import blocking_manager_key

    try:
        for record in directory.glob("*.json"):
            made = json.loads(record.read_text())
            if made["engine"] != "django.db.backends.postgresql":
                continue
            # the controller's own settings: no worker's test name, no pool of its own
            try:
                with config.stash[blocking_manager_key].unblock():
                    connections[record.stem].creation._destroy_test_db(made["name"], 0)
            except Exception as exc:  # the tests' outcome stands: say so, and go on
                config.get_terminal_writer().line(
                    f"could not drop the test database template {made['name']}: {exc!r}",
                    yellow=True,
                )
    finally:
        shutil.rmtree(directory, ignore_errors=True)  # the lock and any SQLite template


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    with path.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        yield


def _make_template(
    connection: BaseDatabaseWrapper, directory: Path, worker: str, verbosity: int
) -> str:
    """A migrated database beside this worker's own: a file in the shared directory for
    SQLite; for PostgreSQL, the worker's test name without its xdist suffix, and
    `_template`. Made by Django's create_test_db, as the worker's own would have been."""
    creation = connection.creation
    test = connection.settings_dict["TEST"]
    own_test_name = test["NAME"]
    if connection.vendor == "sqlite":
        name = str(directory / f"{connection.alias}.sqlite3")
    else:
        name = f"{creation._get_test_db_name().removesuffix(f'_{worker}')}_template"
    old_name = connection.settings_dict["NAME"]
    test["NAME"] = name
    try:
        creation.create_test_db(verbosity=verbosity, autoclobber=True, serialize=False)
    finally:
        test["NAME"] = own_test_name
        _disconnect(connection)
        settings.DATABASES[connection.alias]["NAME"] = old_name
        connection.settings_dict["NAME"] = old_name
    return name


def _copy(connection: BaseDatabaseWrapper, template: str) -> None:
    """The worker's own test database, under the name it would have had, filled from the
    template, and the connection pointed at it as create_test_db leaves it."""
    creation = connection.creation
    _disconnect(connection)
    if connection.vendor == "sqlite":
        # removes a file left by an earlier run; in memory, just the name
        name = creation._create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    else:
        name = creation._get_test_db_name()
        quote = connection.ops.quote_name
        with creation._nodb_cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {quote(name)}")
            cursor.execute(f"CREATE DATABASE {quote(name)} TEMPLATE {quote(template)}")
    settings.DATABASES[connection.alias]["NAME"] = name
    connection.settings_dict["NAME"] = name
    connection.ensure_connection()
    if connection.vendor == "sqlite":
        # Into Django's own connection: an in-memory database lives as long as it does.
        read_only = f"{Path(template).as_uri()}?mode=ro"
        with closing(sqlite3.connect(read_only, uri=True)) as source:
            source.backup(connection.connection)


def _disconnect(connection: BaseDatabaseWrapper) -> None:
    """No connection left open, nor pooled (psycopg's pool, settings.py): to the template,
    which PostgreSQL copies only when nobody is connected to it, or to the previous name."""
    connection.close()
    if connection.vendor == "postgresql":
        connection.close_pool()
