"""scripts/deploy.sh, the step docs/deployment.md runs on every deployment and upgrade, run
as the docs say (their command, their production.env but for the database) in a checkout as
a clone brings it: no compiled translations (.mo files are build output, not in the
repository), no collected static files, no database. After it the site serves with DEBUG=0,
and its German and French pages are German and French."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
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
DOCS = ROOT / "docs" / "deployment.md"
# The home page in each language given, as a browser asking for it over HTTPS sees it: by
# language, its status and its HTML. One process for all of them: each request chooses its
# own language (LocaleMiddleware), and a process is 1.3 s of CPU of Django's start.
HOME_IN = (
    "from django.test import Client; import django, json; django.setup(); import sys;"
    "host, *languages = sys.argv[1:]; pages = {language: Client().get('/',"
    " HTTP_ACCEPT_LANGUAGE=language, HTTP_HOST=host, secure=True) for language in languages};"
    " print(json.dumps({language: [page.status_code, page.content.decode()]"
    " for language, page in pages.items()}))"
)
LANGUAGES = {"en": "Sign in", "de": "Anmelden", "fr": "Se connecter"}


def documented_settings() -> str:
    """The production.env of docs/deployment.md's step 4."""
    blocks = re.findall(r"```sh\n( *DEBUG=0\n.*?\n) *```", DOCS.read_text(), re.DOTALL)
    assert len(blocks) == 1, "docs/deployment.md: step 4's production.env"
    return textwrap.dedent(blocks[0])


def documented_command() -> str:
    """Step 5's command, without `runuser -u mhing --` (the tests' user runs it)."""
    found = re.findall(r"runuser -u mhing -- (sh -c '[^'\n]*scripts/deploy\.sh')", DOCS.read_text())
    assert found, "docs/deployment.md: step 5 runs scripts/deploy.sh"
    return found[0]


def systemd_reading(text: str) -> dict[str, str]:
    """VAR=value lines as systemd's EnvironmentFile reads them (no quotes used)."""
    lines = [line.strip() for line in text.splitlines()]
    return dict(line.split("=", 1) for line in lines if line and not line.startswith("#"))


# Once per xdist worker (scope "session", docs/testing.md): with --dist worksteal a worker
# may come back to this module after others, and a module fixture would deploy again.
@pytest.fixture(scope="session")
def deployed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A copy of the checkout as a clone brings it, its .venv the tests' own, deployed by
    the documented command with the documented settings (SQLite instead of PostgreSQL)."""
    checkout = tmp_path_factory.mktemp("clone") / "mhing"
    shutil.copytree(ROOT, checkout, ignore=NOT_CLONED)
    (checkout / ".venv").symlink_to(Path(sys.prefix))
    assert not list(checkout.glob("locale/*/LC_MESSAGES/*.mo"))
    settings = documented_settings().replace(
        "DATABASE_URL=postgres:///mhing", f"DATABASE_URL=sqlite:///{checkout / 'db.sqlite3'}"
    )
    (checkout / "production.env").write_text(settings)
    outside = ("DATABASE_URL", "REDIS_URL", "STATIC_ROOT", "DJANGO_SETTINGS_MODULE", "PYTHON")
    env = {name: value for name, value in os.environ.items() if name not in outside}

    run = subprocess.run(
        ["sh", "-c", documented_command()], cwd=checkout, env=env, capture_output=True, text=True
    )

    assert run.returncode == 0, run.stdout + run.stderr
    return checkout, {**env, **systemd_reading(settings)}


def test_the_shell_and_systemd_read_the_settings_alike(tmp_path: Path) -> None:
    settings = documented_settings()
    (tmp_path / "production.env").write_text(settings)
    shell = subprocess.run(
        ["sh", "-c", "set -a; . ./production.env; set +a; env -0"],
        cwd=tmp_path,
        env={"PATH": os.environ["PATH"]},
        capture_output=True,
        text=True,
        check=True,
    )
    read = dict(item.split("=", 1) for item in shell.stdout.split("\0") if "=" in item)

    for name, value in systemd_reading(settings).items():
        assert read.get(name) == value, name


@pytest.fixture(scope="session")
def home_pages(deployed) -> dict[str, str]:
    """The deployed site's home page in each of LANGUAGES, by language."""
    checkout, env = deployed
    shown = subprocess.run(
        [sys.executable, "-c", HOME_IN, env["ALLOWED_HOSTS"].split(",")[0], *LANGUAGES],
        cwd=checkout,
        env={**env, "DJANGO_SETTINGS_MODULE": "mhing_site.settings"},
        capture_output=True,
        text=True,
        check=True,
    )
    pages = json.loads(shown.stdout)
    for language, (status, page) in pages.items():
        assert status == 200, f"{language}: {status} {page[:2000]}"
    return {language: page for language, (_status, page) in pages.items()}


@pytest.mark.parametrize(("language", "sign_in"), LANGUAGES.items())
def test_the_pages_are_served_in_each_language_after_a_deployment(
    deployed, home_pages, language, sign_in
) -> None:
    """Served with DEBUG=0: the static files' manifest is there (the page links to hashed
    names) and the database migrated."""
    checkout, _env = deployed

    page = home_pages[language]

    assert f'lang="{language}"' in page
    assert f">{sign_in}<" in page
    assert (checkout / "staticfiles" / "staticfiles.json").exists()
