"""`python -m benchmarks.loadtest` end to end, as its user runs it: against a real daphne process
on a migrated database, with the in-memory channel layer. It must play, report nothing lost
and leave no trace of its run in the database.
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
from pathlib import Path

import pytest

from .servers import PYTHON, ROOT, served_database

# A benchmark run end to end and its report read: `make bench` runs it, `make test` does not
# (issue 37: benchmarks leave the test run). What it loads (the live table, the channel
# layer, the sockets' limits) is tested in tests/games and tests/faults.
pytestmark = pytest.mark.bench


# Once per xdist worker (scope "session"): with --dist worksteal a worker may come back to
# this module after others, and a module-scoped server was set up again each time.
@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """One daphne on a throwaway SQLite database, without Redis; its port, the environment
    that reaches the same database, and the database file."""
    directory = tmp_path_factory.mktemp("loadtest")
    with pytest.MonkeyPatch.context() as patch:
        # Its seats act the moment they may (--think 0): far past a person's 20 frames a
        # second, the socket's limit (docs/live_protocol.md#limits).
        patch.setenv("MHING_WS_FRAMES_PER_SECOND", "1000")
        patch.setenv("MHING_WS_FRAME_BURST", "1000")
        with served_database(directory, drop=("REDIS_URL",)) as (port, env):
            yield port, env, directory / "db.sqlite3"


def loadtest(server, *options: str) -> subprocess.CompletedProcess:
    port, env, _ = server
    return subprocess.run(
        [PYTHON, "-m", "benchmarks.loadtest", "--url", f"ws://127.0.0.1:{port}", *options],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def leftovers(database: Path) -> dict[str, int]:
    """What a run would leave behind, counted straight from the file the server uses."""
    with sqlite3.connect(database) as db:
        return {
            "users": db.execute(
                "SELECT count(*) FROM auth_user WHERE username LIKE 'loadtest-%'"
            ).fetchone()[0],
            "tables": db.execute("SELECT count(*) FROM games_table").fetchone()[0],
            "sessions": db.execute("SELECT count(*) FROM django_session").fetchone()[0],
        }


def assert_clean_report(run: subprocess.CompletedProcess, sockets: int) -> None:
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert f"after {sockets} sockets connected" in run.stdout, output
    actions = re.search(r"^actions (\d+) ", run.stdout, re.MULTILINE)
    assert actions and int(actions[1]) > 0, output
    lines = run.stdout.splitlines()
    assert "errors 0" in lines, output
    assert "lost: actions without broadcast 0, frames out of order 0, clients failed 0" in lines


def test_it_plays_a_round_at_every_table_loses_nothing_and_cleans_up(server):
    run = loadtest(server, "--tables", "2", "--players", "2", "--think", "0", "--rounds", "1")

    assert_clean_report(run, sockets=4)
    assert leftovers(server[2]) == {"users": 0, "tables": 0, "sessions": 0}


def test_it_stops_after_the_duration_and_still_loses_nothing(server):
    # A thousand rounds would outlast the timeout: only --duration can end this run.
    run = loadtest(
        server,
        *("--tables", "2", "--players", "3", "--think", "0.05"),
        *("--rounds", "1000", "--duration", "1"),
    )

    assert_clean_report(run, sockets=6)
    # The play time reported is the duration asked for, not the grace after it.
    seconds = re.search(r"seats, ([\d.]+) s ", run.stdout)
    assert seconds and 0.9 <= float(seconds[1]) < 3.0, run.stdout
    assert leftovers(server[2]) == {"users": 0, "tables": 0, "sessions": 0}


def test_it_plays_a_mahjongg_game_at_every_table_and_loses_nothing(server):
    run = loadtest(
        server,
        *("--game", "mahjongg", "--tables", "2", "--players", "3"),
        *("--think", "0", "--rounds", "1"),
    )

    assert_clean_report(run, sockets=6)
    assert leftovers(server[2]) == {"users": 0, "tables": 0, "sessions": 0}
