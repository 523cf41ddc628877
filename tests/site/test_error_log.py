"""A 500 reaches the operator: its traceback in the process's stderr (gunicorn's
and daphne's log), a mail to ADMINS when they are set, and an event at the error tracker when
SENTRY_DSN is set. Each case is a process of its own started with the real settings (DEBUG
off), as a server is: logging is configured once, at start-up."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from mhing_site.logs import admins, level
from tests.site.failing_urls import FAILURE

ROOT = Path(__file__).resolve().parents[2]
# What a deployment may have set, and this machine's shell too: each case says its own.
OPERATOR_VARIABLES = ("DEBUG", "ADMINS", "EMAIL_URL", "SENTRY_DSN", "LOG_LEVEL", "REDIS_URL")


def failing_request(tmp_path: Path, **env: str) -> tuple[dict, str]:
    """Status and mails of one failing request, and the process's stderr."""
    clean = {k: v for k, v in os.environ.items() if k not in OPERATOR_VARIABLES}
    done = subprocess.run(
        [sys.executable, "-m", "tests.site.failing_request"],
        cwd=ROOT,
        env={
            **clean,
            "DJANGO_SETTINGS_MODULE": "mhing_site.settings",
            "DEBUG": "0",
            "SECRET_KEY": "a-long-random-production-secret-" + "x7Kq9zR2mT5vW8yB1nC4dF6gH3jL0pS",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr


def test_a_500_is_logged_with_its_traceback_to_stderr(tmp_path):
    answer, stderr = failing_request(tmp_path)
    assert answer["status"] == 500
    assert "ERROR django.request" in stderr and "Internal Server Error: /fail/" in stderr
    assert "Traceback (most recent call last)" in stderr
    assert f"RuntimeError: {FAILURE}" in stderr
    assert answer["mails"] == []  # no ADMINS, no mail


def test_a_500_is_mailed_to_the_admins_when_they_are_set(tmp_path):
    answer, _stderr = failing_request(
        tmp_path,
        ADMINS="Ann Operator <ann@example.org>, ops@example.org",
        REDIS_URL="redis://:redis-s3cret@127.0.0.1:6379/0",
        EMAIL_URL="smtp://mailer:mail-s3cret@127.0.0.1:2525",
    )
    assert answer["status"] == 500
    [mail] = answer["mails"]
    assert mail["to"] == ["ann@example.org", "ops@example.org"]
    assert "Internal Server Error: /fail/" in mail["subject"]
    assert "RuntimeError at /fail/" in mail["body"] and FAILURE in mail["body"]
    assert "Traceback" in mail["body"]
    # The settings listed in the mail keep the passwords in their addresses to themselves.
    assert "s3cret" not in mail["body"]


def test_admins_and_log_level_are_checked_at_start():
    assert admins("Ann <ann@example.org>,bob@example.org") == [
        ("Ann", "ann@example.org"),
        ("bob@example.org", "bob@example.org"),
    ]
    assert admins(None) == []
    with pytest.raises(ImproperlyConfigured, match="ADMINS"):
        admins("ann at example dot org")
    assert level("warning") == "WARNING"
    with pytest.raises(ImproperlyConfigured, match="LOG_LEVEL"):
        level("loud")


@contextmanager
def tracker() -> Iterator[tuple[str, list[bytes]]]:
    """A stand-in for Sentry's ingestion on this machine: yields a DSN pointing at it and
    the envelopes it receives."""
    received: list[bytes] = []

    class Ingest(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's name)
            body = self.rfile.read(int(self.headers["Content-Length"]))
            if self.headers.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            received.append(body)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Ingest)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://publickey@127.0.0.1:{server.server_port}/1", received
    finally:
        server.shutdown()
        server.server_close()


def test_the_error_tracker_gets_a_500_only_when_its_dsn_is_set(tmp_path):
    with tracker() as (dsn, received):
        # The stand-in is on this machine: never through a proxy the environment names.
        answer, stderr = failing_request(
            tmp_path, SENTRY_DSN=dsn, NO_PROXY="127.0.0.1", no_proxy="127.0.0.1"
        )
        assert answer["status"] == 500
        events = b"\n".join(received).decode()
        assert FAILURE in events and "RuntimeError" in events, stderr[-2000:]
        assert "/fail/" in events

    check = "import django, sentry_sdk; django.setup(); print(sentry_sdk.get_client().is_active())"
    clean = {k: v for k, v in os.environ.items() if k not in OPERATOR_VARIABLES}
    done = subprocess.run(
        [sys.executable, "-c", check],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "mhing_site.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.strip() == "False", done.stderr[-2000:]
