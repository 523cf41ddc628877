"""docs/configuration.md names every environment variable the server reads, so an operator
finds each setting in one place: the variables read through settings.py's env helpers or
os.environ in the app's packages, and the live tables' timing names (games/timing.py)."""

from __future__ import annotations

import re
from pathlib import Path

from games.timing import DEFAULTS

REPO = Path(__file__).resolve().parents[2]
READ = re.compile(
    r"""\b(?:env_\w+|os\.environ\.get|os\.getenv|os\.environ\[)\(?\s*["']([A-Z][A-Z0-9_]+)["']"""
)


def variables_read() -> set[str]:
    names = set(DEFAULTS)
    for package in ("mhing_site", "games", "leagues", "scoring"):
        for path in (REPO / package).rglob("*.py"):
            names |= set(READ.findall(path.read_text(encoding="utf-8")))
    return names


def test_the_finder_sees_the_settings_variables() -> None:
    names = variables_read()
    assert {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "MHING_TURN_TIMEOUT"} <= names


def test_every_variable_read_is_in_the_configuration_doc() -> None:
    doc = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)`", doc, flags=re.MULTILINE))
    missing = sorted(variables_read() - documented)
    assert missing == [], f"not in docs/configuration.md's tables: {missing}"
