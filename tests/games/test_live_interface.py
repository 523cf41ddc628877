"""Bars `live-interface` and `lighter-house` (issue 37 §1): the live shell (the modules directly
under games/) reaches a game only through the registry (games.registry, filled by
games.apps.GamesConfig.ready, the one module allowed to import the games), the shared
`Table` has no game's mixin, games/mahjongg/slot.py is gone, and at most 10 lines of code
outside the game packages branch on which game it is (docs/architecture.md)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from games import registry
from games.models import Table

ROOT = Path(__file__).resolve().parents[2]

# A game's own packages: its engine, its rules, its live shell, its league side and its
# templates. Only these may name a game and branch on it.
GAME_PACKAGES = (
    "games.mhing",
    "games.mahjongg",
    "games.play",  # Mhing's engine, and games.play.mahjongg Mah-Jongg's
    "scoring.mhing",
    "scoring.mahjongg",
)
GAME_FOLDERS = (
    *(name.replace(".", "/") + "/" for name in GAME_PACKAGES),
    "leagues/kinds/mhing/",
    "leagues/kinds/mahjongg/",
    "templates/games/mhing/",
    "templates/games/mahjongg/",
    "templates/leagues/mhing/",
    "templates/leagues/mahjongg/",
)
# The app's configuration registers the games: the one shell module that imports them.
MAY_IMPORT_GAMES = {"games/apps.py"}

# A line that branches on which game it is: a comparison with a game's key or constant, or
# of a `game` itself (`table.game != MAHJONGG`, `game == "mhing"`, `kind is MHING`).
BRANCHING = re.compile(
    r"""[!=]=\s*(GameChoice\.)?(MAHJONGG|MHING)\b|\b(MAHJONGG|MHING)\s*[!=]="""
    r"""|\bgame\s*[!=]=|[!=]=\s*[\w.]*\bgame\b"""
    r"""|["'](mhing|mahjongg)["']\s*[!=]=|[!=]=\s*["'](mhing|mahjongg)["']"""
    r"""|\bis\s+(not\s+)?(GameChoice\.)?(MHING|MAHJONGG)\b"""
)
SEARCHED = ("games", "leagues", "scoring", "mhing_site", "templates")
MOST_BRANCHING = 10


def _shell_modules() -> list[Path]:
    return sorted((ROOT / "games").glob("*.py"))


def _imported(path: Path) -> set[str]:
    """Every module the file imports, at its top or inside a function."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _is_a_game(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in GAME_PACKAGES)


def test_no_shell_module_imports_a_game():
    found = {
        path.relative_to(ROOT).as_posix(): sorted(m for m in _imported(path) if _is_a_game(m))
        for path in _shell_modules()
        if path.relative_to(ROOT).as_posix() not in MAY_IMPORT_GAMES
    }
    assert {path: modules for path, modules in found.items() if modules} == {}


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    module = tmp_path / "shell.py"
    module.write_text("def f():\n    from games.play.mahjongg import views\n")
    assert any(_is_a_game(m) for m in _imported(module))


def test_the_registry_is_filled_with_real_imports_by_the_app():
    assert "games.mhing.live" in _imported(ROOT / "games/apps.py")
    assert "games.mahjongg.live" in _imported(ROOT / "games/apps.py")
    assert {game.key for game in registry.live_games()} == {"mhing", "mahjongg"}


def test_the_table_has_no_game_mixin_and_slot_py_is_gone():
    assert not [base for base in Table.__mro__ if _is_a_game(base.__module__)]
    assert not (ROOT / "games/mahjongg/slot.py").exists()
    assert not (ROOT / "games/mahjongg/table_play.py").exists()


def _code_lines(path: Path) -> list[str]:
    """The file's lines; of Python, without comments and docstrings."""
    text = path.read_text()
    lines = text.splitlines()
    if path.suffix != ".py":
        return lines
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                for number in range(body[0].lineno - 1, body[0].end_lineno):
                    lines[number] = ""
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            lines[row - 1] = lines[row - 1][:column]
    return lines


def branching_lines() -> list[str]:
    found = []
    for top in SEARCHED:
        for path in sorted((ROOT / top).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in (".py", ".html") or "/migrations/" in relative:
                continue
            if relative.startswith(GAME_FOLDERS):
                continue
            for number, line in enumerate(_code_lines(path), 1):
                if BRANCHING.search(line):
                    found.append(f"{relative}:{number}: {line.strip()}")
    return found


def test_at_most_ten_lines_outside_the_game_packages_branch_on_the_game():
    found = branching_lines()
    assert len(found) <= MOST_BRANCHING, "\n".join(found)


def test_the_pattern_sees_the_branches_it_is_for():
    for line in (
        "if self.game != MAHJONGG:",
        'if options["game"] == "mahjongg":',
        "if locked.game != GameChoice.MAHJONGG:",
        "if file_game != into.game:",
        '{% if current == "mhing" %}',
        "if kind is MHING:",
    ):
        assert BRANCHING.search(line), line
    for line in ("for game in registry.live_games():", 'key = "mhing"', "game = forms.Field()"):
        assert not BRANCHING.search(line), line
