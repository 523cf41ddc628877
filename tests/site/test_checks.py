"""With DEBUG off, a server whose static files were never collected refuses to start and says
why (mhing_site/checks.py), instead of starting and failing on every page."""

from __future__ import annotations

import atexit
import http.client
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import override_settings

from mhing_site.settings import BASE_DIR
from tests.games.servers import daphne_command, free_port, migrate, running

MANIFEST_STORAGE = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "servestatic.storage.CompressedManifestStaticFilesStorage"},
}
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-long-random-production-secret-" + "x7Kq9zR2mT5vW8yB1nC4dF6gH3jL0pS",
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECURE_SSL_REDIRECT": "0",
}


def production_env(static_root: Path, database: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DEBUG")}
    return {
        **env,
        **PRODUCTION,
        "DJANGO_SETTINGS_MODULE": "mhing_site.settings",
        "STATIC_ROOT": str(static_root),
        "DATABASE_URL": f"sqlite:///{database}",
    }


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=120
    )


_COLLECTED: list[Path] = []  # this process's collected static files, made on first use


def collected_static(env: dict[str, str]) -> Path:
    """A STATIC_ROOT that `manage.py collectstatic` filled with `env`'s settings, DEBUG off:
    hashed and compressed copies and their manifest. Made once per test process and shared
    (test_settings.py's deployment checklist reads it too): collectstatic is 2.5 s of CPU,
    and what it writes depends on DEBUG alone, not on the other settings."""
    assert env["DEBUG"] == "0", "the files DEBUG off serves"
    if not _COLLECTED:
        root = Path(tempfile.mkdtemp(prefix="mhing-static-"))
        atexit.register(shutil.rmtree, root, ignore_errors=True)
        collected = run(
            {**env, "STATIC_ROOT": str(root)}, "manage.py", "collectstatic", "--noinput", "-v0"
        )
        assert collected.returncode == 0, collected.stderr
        _COLLECTED.append(root)
    return _COLLECTED[0]


def test_check_reports_static_files_not_collected_when_debug_is_off(tmp_path) -> None:
    with override_settings(DEBUG=False, STORAGES=MANIFEST_STORAGE, STATIC_ROOT=tmp_path):
        with pytest.raises(SystemCheckError) as refused:
            call_command("check")

    message = str(refused.value)
    assert "mhing_site.E001" in message
    assert f"{tmp_path}/staticfiles.json is missing" in message
    assert "python manage.py collectstatic" in message


def test_check_passes_once_the_manifest_is_there(tmp_path) -> None:
    (tmp_path / "staticfiles.json").write_text('{"paths": {}, "version": "1.1"}')

    with override_settings(DEBUG=False, STORAGES=MANIFEST_STORAGE, STATIC_ROOT=tmp_path):
        call_command("check")


def test_check_leaves_development_alone(tmp_path) -> None:
    """DEBUG on: the files are served from the finders, nothing needs collecting."""
    with override_settings(DEBUG=True, STORAGES=MANIFEST_STORAGE, STATIC_ROOT=tmp_path):
        call_command("check")


def test_daphne_refuses_to_start_without_collected_static_files(tmp_path) -> None:
    env = production_env(tmp_path / "static", tmp_path / "db.sqlite3")

    server = subprocess.run(
        daphne_command(free_port()),
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert server.returncode != 0
    assert "ImproperlyConfigured: Static files have not been collected" in server.stderr
    assert "python manage.py collectstatic --noinput" in server.stderr


def test_daphne_serves_pages_once_static_files_are_collected(tmp_path) -> None:
    env = production_env(tmp_path / "static", tmp_path / "db.sqlite3")
    env["STATIC_ROOT"] = str(collected_static(env))
    # A copy of the database this process migrated once (migrate is 5 s of CPU).
    migrate(env)

    with running(daphne_command, env, tmp_path / "daphne.log") as (port, _process):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/")
        response = connection.getresponse()
        page = response.read().decode()

    assert response.status == 200
    # The page links the hashed copy collectstatic made.
    assert "/static/css/site." in page and 'site.css"' not in page
