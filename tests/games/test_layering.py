"""The live shell's imports point one way (docs/architecture.md, "The live shell's imports
point one way"): the table's mixins and what they stand on never import the model they are
mixed into or anything above it, not even for type hints or inside a function, and the bot
driver never imports the presence heartbeat that drives it, so that no modules of games/
import each other in a circle and a bot's move does not go from table_play up into
snapshots and back."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "games"

# Each module and the modules of games/ above it, which it must not import.
ABOVE_THE_MODEL = (
    "games.models",
    "games.snapshots",
    "games.live",
    "games.presence",
    "games.catch_up",
    "games.consumers",
    "games.views",
)
BELOW = {
    "table_play": ABOVE_THE_MODEL,
    "table_lobby": ABOVE_THE_MODEL,
    "table_attendance": ABOVE_THE_MODEL,
    "table_expiry": ABOVE_THE_MODEL,
    "recording": ABOVE_THE_MODEL,
    "loads": (*ABOVE_THE_MODEL, "games.table_play"),
    "table_rows": (*ABOVE_THE_MODEL, "games.table_play", "games.loads"),
    # The game interface and its registry: below everything that asks them.
    "engine": (*ABOVE_THE_MODEL, "games.table_play", "games.loads", "games.registry"),
    "registry": (*ABOVE_THE_MODEL, "games.table_play", "games.loads"),
    "live": ("games.presence", "games.consumers", "games.views"),
    # Whether PostgreSQL is there: asked by snapshots' db_call, so below everything live.
    "outage": (*ABOVE_THE_MODEL, "games.table_play", "games.loads", "games.table_rows"),
}


def imported(module: str) -> set[str]:
    """Every module `games/<module>.py` imports, anywhere in it (`from games import x`
    counts as games.x)."""
    tree = ast.parse((GAMES / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize("module", BELOW)
def test_a_lower_module_of_the_live_shell_imports_nothing_above_it(module: str) -> None:
    wrong = sorted(
        name
        for name in imported(module)
        if any(name == above or name.startswith(above + ".") for above in BELOW[module])
    )
    assert wrong == [], f"games/{module}.py imports {wrong}"
