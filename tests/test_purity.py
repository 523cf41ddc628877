"""The rules packages import no Django, so they stay plain, fast and testable on their own.

Dependencies point one way (STYLE.md): scoring.mhing <- games.play <- the Django apps;
scoring.mhing <- scoring.mahjongg <- games.play (its Mah-Jongg table, games.play.mahjongg).
"""

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# Each pure package and the project packages it may import.
PURE_PACKAGES = {
    # Every game's rule profile raises the one ProfileError.
    "scoring.profile_error": ("scoring.profile_error",),
    "scoring.mhing": ("scoring.mhing", "scoring.profile_error"),
    # games.play.mahjongg scores and settles its games with scoring.mahjongg.
    "games.play": ("scoring.mhing", "scoring.mahjongg", "scoring.profile_error", "games.play"),
    # Mah-Jongg shares the tile kinds, the split into sets and the writing of tiles with Mhing.
    "scoring.mahjongg": ("scoring.mhing", "scoring.mahjongg", "scoring.profile_error"),
    # A tournament's seating is planned without Django.
    "leagues.tournaments": ("leagues.tournaments",),
}
PROJECT_PACKAGES = ("mhing_site", "scoring", "leagues", "games")
WEB_PACKAGES = (
    "django",
    "channels",
    "channels_redis",
    "daphne",
    "django_htmx",
    "template_partials",
    "servestatic",
    "dj_database_url",
    "psycopg",
    "psycopg_pool",
)


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def imported_modules(path: Path, package: str) -> Iterator[tuple[int, str]]:
    """Every module a file imports, relative imports resolved against `package`.

    `from a import b` yields both `a` and `a.b`, since `b` may be a submodule.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                module = ".".join([*parts, node.module] if node.module else parts)
            else:
                module = node.module or ""
            yield node.lineno, module
            for alias in node.names:
                yield node.lineno, f"{module}.{alias.name}"


def is_forbidden(module: str, allowed: tuple[str, ...]) -> bool:
    if any(_within(module, web) for web in WEB_PACKAGES):
        return True
    if not any(_within(module, project) for project in PROJECT_PACKAGES):
        return False  # the standard library or a plain third-party package
    # A parent package of an allowed one (`from scoring import mhing`) is fine: the apps'
    # __init__.py files are empty.
    return not any(_within(module, ok) or _within(ok, module) for ok in allowed)


def impure_imports(root: Path, package: str, allowed: tuple[str, ...]) -> list[str]:
    """`path:line imports module` for each forbidden import under the package directory."""
    package_dir = root.joinpath(*package.split("."))
    found = []
    for path in sorted(package_dir.rglob("*.py")):
        file_package = ".".join(path.parent.relative_to(root).parts)
        for line, module in imported_modules(path, file_package):
            if is_forbidden(module, allowed):
                found.append(f"{path.relative_to(root)}:{line} imports {module}")
    return sorted(set(found))


def existing_pure_packages() -> list[str]:
    return [p for p in PURE_PACKAGES if REPO.joinpath(*p.split("."), "__init__.py").exists()]


def test_the_round_state_machine_package_exists() -> None:
    assert "games.play" in existing_pure_packages()


def test_the_mahjongg_rules_package_is_checked() -> None:
    assert "scoring.mahjongg" in existing_pure_packages()


@pytest.mark.parametrize("package", existing_pure_packages())
def test_pure_packages_import_no_django_and_no_app_code(package: str) -> None:
    assert impure_imports(REPO, package, PURE_PACKAGES[package]) == []


def test_importing_the_pure_packages_loads_no_django() -> None:
    imports = ", ".join(existing_pure_packages())
    code = (
        f"import sys, {imports}; "
        "loaded = [m for m in sys.modules if m == 'django' or m.startswith('django.')]; "
        "assert not loaded, loaded"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60
    )

    assert result.returncode == 0, result.stderr


# The checker itself must be able to fail.


def _write(root: Path, relative: str, source: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source, encoding="utf-8")


def test_the_checker_catches_a_django_import(tmp_path: Path) -> None:
    _write(tmp_path, "games/play/__init__.py", "")
    _write(tmp_path, "games/play/table.py", "from django.db import models\n")

    assert "games/play/table.py:1 imports django.db" in impure_imports(
        tmp_path, "games.play", PURE_PACKAGES["games.play"]
    )


def test_the_checker_catches_app_code_imported_relatively_or_plainly(tmp_path: Path) -> None:
    _write(tmp_path, "games/play/__init__.py", "from .. import models\n")
    _write(tmp_path, "games/play/bots.py", "import leagues.models\nfrom scoring import views\n")

    found = impure_imports(tmp_path, "games.play", PURE_PACKAGES["games.play"])

    assert "games/play/__init__.py:1 imports games.models" in found
    assert "games/play/bots.py:1 imports leagues.models" in found
    assert "games/play/bots.py:2 imports scoring.views" in found


def test_the_checker_keeps_dependencies_pointing_one_way(tmp_path: Path) -> None:
    _write(tmp_path, "scoring/mhing/cards.py", "from games.play import deal\n")

    assert impure_imports(tmp_path, "scoring.mhing", PURE_PACKAGES["scoring.mhing"]) == [
        "scoring/mhing/cards.py:1 imports games.play",
        "scoring/mhing/cards.py:1 imports games.play.deal",
    ]


def test_the_checker_allows_the_standard_library_and_the_engine(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "games/play/round.py",
        "import dataclasses\nfrom scoring import mhing\nfrom scoring.mhing.cards import Card\n"
        "from . import bots\n",
    )

    assert impure_imports(tmp_path, "games.play", PURE_PACKAGES["games.play"]) == []


# Pure modules inside a Django app: the rule is the same, one file at a time.
PURE_MODULES = {"leagues.nights.seating": ()}


@pytest.mark.parametrize("module", PURE_MODULES)
def test_pure_modules_in_apps_import_no_django_and_no_app_code(module: str) -> None:
    path = REPO.joinpath(*module.split(".")).with_suffix(".py")
    package = module.rpartition(".")[0]
    found = [
        f"{line} imports {name}"
        for line, name in imported_modules(path, package)
        if is_forbidden(name, PURE_MODULES[module])
    ]
    assert found == []
