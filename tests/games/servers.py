"""Real server processes for the tests that meet the site the way a deployment does: a
migrated throwaway SQLite database and daphne listening on a free port.

Helpers, not fixtures, so each test module composes them: one server, or two sharing a
database and a Redis.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"daphne exited: {log.read_text()[-2000:]}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    pytest.fail(f"daphne did not listen on {port}: {log.read_text()[-2000:]}")


def sqlite_env(directory: Path, drop: tuple[str, ...] = ()) -> dict[str, str]:
    """This process's environment pointed at a database file in `directory`, for the server
    and for every command run beside it; without the variables named in `drop`."""
    env = {name: value for name, value in os.environ.items() if name not in drop}
    return {
        **env,
        "DATABASE_URL": f"sqlite:///{directory / 'db.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "mhing_site.settings",
        "MHING_BOT_DELAY": "0",
        "PYTHONPATH": str(ROOT),
    }


def migrate(env: dict[str, str], *options: str) -> None:
    """The database `env` points at, migrated. A new SQLite file is a copy of one this test
    process migrated once (the same tables and rows; `manage.py migrate` takes seconds, and
    would run once per test that starts a server); anything else, PostgreSQL or a file that
    already exists, is migrated as usual. `options`: more of migrate's."""
    target = sqlite_file(env)
    if target is None or target.exists():
        subprocess.run(
            [PYTHON, "manage.py", "migrate", "--noinput", "-v0", *options],
            cwd=ROOT,
            env=env,
            check=True,
        )
        return
    copy_database(migrated_template(env), target)


def sqlite_file(env: dict[str, str]) -> Path | None:
    url = env.get("DATABASE_URL", "")
    return Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite:///") else None


_TEMPLATE: list[Path] = []  # this process's migrated database, made on first use


def migrated_template(env: dict[str, str]) -> Path:
    if not _TEMPLATE:
        directory = Path(tempfile.mkdtemp(prefix="mhing-migrated-"))
        atexit.register(shutil.rmtree, directory, ignore_errors=True)
        template = directory / "db.sqlite3"
        subprocess.run(
            [PYTHON, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env={**env, "DATABASE_URL": f"sqlite:///{template}"},
            check=True,
        )
        _TEMPLATE.append(template)
    return _TEMPLATE[0]


def copy_database(source: Path, target: Path) -> None:
    """SQLite's backup: a consistent copy, with what the source's write-ahead log holds."""
    with closing(sqlite3.connect(source)) as old, closing(sqlite3.connect(target)) as new:
        old.backup(new)


def daphne_command(port: int) -> list[str]:
    # As deployed (docs/deployment.md): 30 s to accept a websocket, not daphne's 5, which
    # dropped handshakes on a loaded machine and made connection storms collapse; and no
    # `Server: daphne` header telling every visitor which server to look up flaws of.
    return [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)] + [
        "--websocket_connect_timeout",
        "30",
        "--no-server-name",
        "mhing_site.asgi:application",
    ]


@contextmanager
def running(
    command: Callable[[int], list[str]],
    env: dict[str, str],
    log: Path,
    append: bool = False,
    port: int | None = None,
) -> Iterator[tuple[int, subprocess.Popen]]:
    """A server process, `command(port)` on `port` (default: a free one) with `env`, its
    output in `log`; yields the port once it listens and the process (to kill it), and stops
    it afterwards if it still runs."""
    port = port or free_port()
    with log.open("a" if append else "w") as output:  # the server holds its own copy
        process = subprocess.Popen(
            command(port), cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT
        )
    try:
        wait_for_port(port, process, log)
        yield port, process
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@contextmanager
def daphne(env: dict[str, str], log: Path) -> Iterator[int]:
    """One daphne process serving the site with `env`, its output in `log`; yields its port
    once it listens, and stops it afterwards."""
    with running(daphne_command, env, log) as (port, _process):
        yield port


def prepare_tables(
    env: dict[str, str], tables: int, players: int, game: str = "mhing"
) -> list[dict]:
    """Started tables of people only, each seat with the cookie that signs its player in
    (benchmarks.loadtest --prepare), made in the database `env` points at."""
    made = subprocess.run(
        [PYTHON, "-m", "benchmarks.loadtest", "--prepare", str(tables), "--players", str(players)]
        + ["--game", game, "--json"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(made.stdout)


@contextmanager
def served_database(directory: Path, drop: tuple[str, ...] = ()) -> Iterator[tuple[int, dict]]:
    """A freshly migrated database in `directory` and one daphne serving it; yields the port
    and the environment to run commands against the same database."""
    env = sqlite_env(directory, drop)
    migrate(env)
    with daphne(env, directory / "daphne.log") as port:
        yield port, env
