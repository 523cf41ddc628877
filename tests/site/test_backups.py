"""The backup and restore commands docs/deployment.md gives, run as written (only the paths
changed) on a database holding the demo's leagues: after a restore the leagues, matches,
players and accounts are exactly those of the moment of the backup.

The commands are taken from this module's COMMANDS, and a test checks that the docs show each
one verbatim. SQLite needs the `sqlite3` program (apt-get install sqlite3; .ci/run installs
it): without it the SQLite test is skipped on a developer's machine and fails in CI
(CI=true). The PostgreSQL test runs in `make test-postgres` (on DATABASE_URL's server)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.faults.racing import database, migrated, server_env
from tests.games.servers import ROOT

# PostgreSQL run: pg_dump and restore.
pytestmark = pytest.mark.postgres

DOCS = ROOT / "docs" / "deployment.md"
SRV = "/srv/mhing"
BACKUPS = "/srv/backups"
COMMANDS = {
    "sqlite backup": f"sqlite3 {SRV}/db.sqlite3 \".backup '{BACKUPS}/mhing-$(date +%F).sqlite3'\"",
    "sqlite restore": f"sqlite3 {SRV}/db.sqlite3 \".restore '{BACKUPS}/mhing-2026-12-06.sqlite3'\"",
    "postgres backup": (
        f'pg_dump --format=custom --file={BACKUPS}/mhing-$(date +%F).dump "$DATABASE_URL"'
    ),
    "postgres restore": (
        'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" '
        f"{BACKUPS}/mhing-2026-12-06.dump"
    ),
}
# What the site holds: every league, match, player, account.
APPS = ["leagues", "games", "auth"]


def test_the_docs_give_these_commands() -> None:
    docs = DOCS.read_text()

    for name, command in COMMANDS.items():
        assert command in docs, f"{name}: docs/deployment.md no longer says {command}"


def run(name: str, directory: Path, env: dict[str, str], **paths: str) -> None:
    """A documented command with /srv/mhing and /srv/backups moved into `directory`, and the
    dated file name, where one is read, made the one the backup wrote."""
    command = COMMANDS[name].replace(SRV, str(directory)).replace(BACKUPS, str(directory))
    for old, new in paths.items():
        command = command.replace(old, new)
    done = subprocess.run(["bash", "-c", command], env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def contents(env: dict[str, str]) -> str:
    return manage(env, "dumpdata", *APPS, "--indent", "1")


def load_leagues(env: dict[str, str]) -> str:
    migrated(env)
    manage(env, "load_demo")
    held = contents(env)
    assert '"model": "leagues.match"' in held and '"model": "leagues.league"' in held
    return held


def lose_everything(env: dict[str, str]) -> None:
    """After the backup: the leagues deleted, another account made."""
    manage(
        env,
        "shell",
        "-c",
        "from leagues.models import League; from django.contrib.auth.models import User;"
        "League.objects.all().delete(); User.objects.create_user('after-the-backup')",
    )


def the_one(directory: Path, pattern: str) -> str:
    made = list(directory.glob(pattern))
    assert len(made) == 1, made
    return made[0].name


def test_a_sqlite_backup_restores_the_leagues(tmp_path: Path) -> None:
    if shutil.which("sqlite3") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("sqlite3 is not installed: .ci/run installs it (apt-get install sqlite3)")
        pytest.skip("sqlite3 is not installed (apt-get install sqlite3)")
    env = server_env(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    held = load_leagues(env)

    run("sqlite backup", tmp_path, env)  # while the site may be serving: SQLite's backup
    backup = the_one(tmp_path, "mhing-*.sqlite3")
    lose_everything(env)
    assert contents(env) != held
    run("sqlite restore", tmp_path, env, **{"mhing-2026-12-06.sqlite3": backup})

    assert contents(env) == held


@pytest.mark.database
def test_a_postgres_dump_restores_the_leagues(tmp_path: Path) -> None:
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        pytest.skip("runs on PostgreSQL: make test-postgres")
    with database(tmp_path) as url:
        env = server_env(url)
        held = load_leagues(env)

        run("postgres backup", tmp_path, env)
        backup = the_one(tmp_path, "mhing-*.dump")
        lose_everything(env)
        assert contents(env) != held
        run("postgres restore", tmp_path, env, **{"mhing-2026-12-06.dump": backup})

        assert contents(env) == held
