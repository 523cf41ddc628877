"""The wall between clubs in the code (docs/architecture.md, "Decisions"; STYLE.md "Where
the wall stands"), as Zulip's linter bans raw lookups of realm-scoped models in views.

Every query for players or leagues starts from what the viewer may read in one club: the
scoped entry points (`League.objects.visible_to`, `recordable_by`; `Player.objects.in_club`,
`named`; and `none()`). A raw `Player.objects.filter(...)`, `.get(...)`, `.create(...)` and
the like, which could match across clubs, is allowed only in the short list of modules
below, each with why. A new raw use elsewhere fails here: scope it, or add the module with
its reason after a review."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("leagues", "games", "mhing_site", "scoring", "benchmarks")
SCOPED = {
    "League": {"visible_to", "recordable_by", "none"},
    "Player": {"in_club", "named", "none"},
}
RAW_ALLOWED = {
    # The model layer: each lookup there is by a key already scoped by its caller (a
    # league's own rows, a player's pk read from a league's roster).
    "leagues/models/": "the model layer, below the access checks",
    "leagues/exchange/importer.py": "a new league's short name is unique on the whole site; "
    "the import's targets are the leagues the user organises; players are made in the club",
    "leagues/exchange/reader.py": "a short name is unique on the whole site",
    "leagues/organiser_forms.py": "a short name is unique on the whole site",
    "leagues/demo.py": "the demo makes its own club and leagues",
    "benchmarks/league.py": "a benchmark's own database",
    "leagues/admin.py": "the staff's admin, which sees every club",
    "leagues/management/commands/": "the server's operator, on the command line",
    "benchmarks/clicks.py": "a benchmark's own database",
    "benchmarks/clicks_mahjongg.py": "a benchmark's own database",
}


def _modules():
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def _raw_uses(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)):
            continue
        manager = node.value
        if manager.attr != "objects" or not isinstance(manager.value, ast.Name):
            continue
        model = manager.value.id
        if model in SCOPED and node.attr not in SCOPED[model]:
            found.append(f"{model}.objects.{node.attr} (line {node.lineno})")
    return found


def test_raw_player_and_league_queries_only_in_the_allowed_modules():
    offending = {}
    for path in _modules():
        name = path.relative_to(REPO).as_posix()
        if any(name == allowed or name.startswith(allowed) for allowed in RAW_ALLOWED):
            continue
        uses = _raw_uses(path)
        if uses:
            offending[name] = uses
    assert not offending, offending


def test_the_check_finds_a_raw_query():
    """The check itself can fail: it sees a raw lookup that would match across clubs."""
    source = "def f(name):\n    return Player.objects.filter(display_name=name).first()\n"
    probe = REPO / "tests" / "_wall_probe.py"
    probe.write_text(source, encoding="utf-8")
    try:
        assert _raw_uses(probe) == ["Player.objects.filter (line 2)"]
    finally:
        probe.unlink()


def test_every_allowed_module_exists():
    for allowed in RAW_ALLOWED:
        assert (REPO / allowed).exists(), allowed
