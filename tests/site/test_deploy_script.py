"""scripts/deploy.sh, the step docs/deployment.md runs on every deployment and upgrade, in a
checkout as a clone brings it: no compiled translations (.mo files are build output, not in
the repository), no collected static files, no database. After it the site starts with
DEBUG=0 and its German and French pages are German and French."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# What a clone does not hold (.gitignore), and the repository itself.
NOT_CLONED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "*.mo",
    "staticfiles",
    "db.sqlite3*",
    "__pycache__",
    "*.egg-info",
    "node_modules",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
)
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-long-random-production-secret-" + "d4Vb8Nm1Qx5Kz9Lw2Ry6Tc3Hf7Js0Gp",
    "ALLOWED_HOSTS": "testserver",
}
# The home page's sign-in link in each language, as the browser asks for it.
HOME_IN = (
    "from django.test import Client; import django; django.setup();"
    "import sys; page = Client().get('/', HTTP_ACCEPT_LANGUAGE=sys.argv[1], secure=True);"
    "print(page.status_code, page.content.decode())"
)


def production_env(checkout: Path) -> dict[str, str]:
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("DATABASE_URL", "REDIS_URL", "STATIC_ROOT", "DJANGO_SETTINGS_MODULE")
    }
    return {
        **env,
        **PRODUCTION,
        "DATABASE_URL": f"sqlite:///{checkout / 'db.sqlite3'}",
        "PYTHON": sys.executable,
        "DJANGO_SETTINGS_MODULE": "mhing_site.settings",
    }


@pytest.fixture(scope="module")
def deployed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    checkout = tmp_path_factory.mktemp("clone") / "mhing"
    shutil.copytree(ROOT, checkout, ignore=NOT_CLONED)
    assert not list(checkout.glob("locale/*/LC_MESSAGES/*.mo"))
    env = production_env(checkout)

    run = subprocess.run(
        ["bash", "scripts/deploy.sh"], cwd=checkout, env=env, capture_output=True, text=True
    )

    assert run.returncode == 0, run.stdout + run.stderr
    return checkout, env


def home_page(checkout: Path, env: dict[str, str], language: str) -> str:
    shown = subprocess.run(
        [sys.executable, "-c", HOME_IN, language],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    status, _, page = shown.stdout.partition(" ")
    assert status == "200", shown.stdout[:2000]
    return page


@pytest.mark.parametrize(("language", "sign_in"), [("de", "Anmelden"), ("fr", "Se connecter")])
def test_the_pages_are_translated_after_a_deployment(deployed, language, sign_in) -> None:
    checkout, env = deployed

    page = home_page(checkout, env, language)

    assert f'lang="{language}"' in page
    assert sign_in in page
    assert ">Sign in<" not in page


def test_the_site_is_ready_to_serve(deployed) -> None:
    """The servers' own start-up checks pass: static files collected, database migrated."""
    checkout, env = deployed

    assert (checkout / "staticfiles" / "staticfiles.json").exists()
    pending = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--check", "--noinput"],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
    )
    assert pending.returncode == 0, pending.stdout + pending.stderr
    assert home_page(checkout, env, "en")  # English, and served with DEBUG=0


def test_a_second_run_changes_nothing_and_succeeds(deployed) -> None:
    checkout, env = deployed

    again = subprocess.run(
        ["bash", "scripts/deploy.sh"], cwd=checkout, env=env, capture_output=True, text=True
    )

    assert again.returncode == 0, again.stdout + again.stderr
    assert "No migrations to apply." in again.stdout
