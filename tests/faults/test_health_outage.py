"""GET /health/ when the database does not answer: 503, naming the database, so a
load balancer stops sending this process pages; asked on plain HTTP by address, as a load
balancer on the machine does, from daphne (ASGI; gunicorn's WSGI path: tests/site/
test_health.py). The database out of reach: a SQLite file that cannot be opened, and a
PostgreSQL address where nothing listens (the server stopped)."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request

import pytest

from tests.games.servers import daphne, free_port, sqlite_env


def health(port: int) -> tuple[int, dict, float]:
    asked = time.monotonic()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/health/", headers={"Accept": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, body = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read()
    return status, json.loads(body), time.monotonic() - asked


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_health_answers_503_when_the_database_does_not(tmp_path, database):
    env = sqlite_env(tmp_path)
    env["ALLOWED_HOSTS"] = "league.example.org"  # asked by address all the same
    env.pop("REDIS_URL", None)
    if database == "sqlite":
        env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'missing' / 'db.sqlite3'}"
    else:
        env["DATABASE_URL"] = f"postgresql://mhing:x@127.0.0.1:{free_port()}/mhing"
    with daphne(env, tmp_path / "daphne.log") as port:
        status, checks, seconds = health(port)
    assert status == 503, checks
    assert list(checks) == ["database"] and checks["database"] != "OK"
    print(f"{database}: {status} {checks} in {seconds:.2f} s")
    assert seconds < 5  # within a load balancer's usual probe timeout
    # One line a probe, not a traceback each few seconds while the database is away.
    logged = (tmp_path / "daphne.log").read_text()
    assert re.search(r"ERROR django.request \[\d+\] Service Unavailable: /health/", logged)
    assert "Traceback" not in logged, logged[-3000:]
