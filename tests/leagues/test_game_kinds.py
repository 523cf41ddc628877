"""Every game a league can play (leagues/kinds/) goes through the same checks: it is
registered for its stored value, its hooks, pages and templates are there, a match of it
begins, shows its sheet, its blank sheet and the league's downloads, and a league of it
leaves by its file and comes back the same game. And no code outside the game packages
starts naming a game (docs/architecture.md, "One interface per game")."""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from dataclasses import fields
from datetime import date
from pathlib import Path

import pytest
from django.template.loader import get_template
from django.urls import reverse

from games import registry
from leagues.exchange.export import league_document
from leagues.exchange.importer import import_league
from leagues.kinds import KINDS, all_kinds, kind_of
from leagues.kinds.base import Hook, Words
from leagues.models import League, Match
from leagues.models.league import GameChoice
from tests.clubs import shared_club

ROOT = Path(__file__).resolve().parents[2]
# The partials of a game's words that the shared pages include (league.html, night.html).
WORDS = (
    "played",
    "table_caption",
    "total_heading",
    "total",
    "refresh_note",
    "rounds_csv",
    "standings_note",
    "settings",
)
# ... and of a live table's words, that the lobby and the table page include.
LIVE_WORDS = ("lobby", "settings", "head", "parts")
KIND_IDS = [kind.key for kind in all_kinds()]


def test_every_stored_game_has_one_registered_kind():
    assert sorted(KINDS) == sorted(GameChoice.values)
    assert all(kind_of(key).key == key for key in GameChoice.values)


@pytest.mark.parametrize("key", KIND_IDS)
def test_a_games_hooks_pages_and_templates_are_there(key):
    kind = kind_of(key)
    for field in fields(kind):
        value = getattr(kind, field.name)
        if isinstance(value, Hook):
            assert value.target is not None, field.name  # imports, or raises
    assert kind.urlpatterns()
    reverse(kind.entry_url, args=["any", 1])
    reverse(kind.calculator_url)
    get_template(kind.blank_sheet_template)
    assert isinstance(kind.words, Words)
    for name in WORDS:
        get_template(kind.words[name])
    for name in ("totals", "leagues", "hands", "matches"):
        get_template(kind.player[name])  # the player page's parts
    for name in kind.settings_fields:
        assert name  # a field of the league forms (leagues.organiser_forms)
    # Played live exactly when the live shell registered the game's interface (games.registry).
    assert kind.live == (kind.key in {game.key for game in registry.live_games()})
    if kind.live:
        for name in LIVE_WORDS:
            get_template(registry.live_game(kind.key).words[name])


@pytest.fixture
def league_of(organiser):
    def make(key: str) -> League:
        league = League.objects.create(
            club=shared_club(),
            name=f"A {key} league",
            slug=f"a-{key}",
            game=key,
            season_start=date(2026, 9, 1),
        )
        league.organisers.add(organiser)
        return league

    return make


@pytest.mark.django_db
@pytest.mark.parametrize("key", KIND_IDS)
def test_a_match_of_every_game_begins_and_shows_its_pages(
    key, league_of, players, organiser, client
):
    league = league_of(key)
    seated = players[: league.kind.table_size(league) or 4]
    match = Match.begin(league, seated, by=organiser)
    assert match.kind is league.kind and match.game == key
    client.force_login(organiser)
    for url in (
        match.get_absolute_url(),
        reverse("leagues:blank_sheet", args=[league.slug, match.pk]),
        reverse(league.kind.entry_url, args=[league.slug, match.pk]),
        reverse("leagues:league", args=[league.slug]),
    ):
        assert client.get(url).status_code == 200, url
    rounds = client.get(reverse("leagues:rounds_csv", args=[league.slug]))
    assert f"-{league.kind.rounds_csv_name}.csv" in rounds["Content-Disposition"]
    standings = client.get(reverse("leagues:standings_csv", args=[league.slug]))
    assert standings.status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("key", KIND_IDS)
def test_a_league_of_every_game_comes_back_from_its_file_as_that_game(
    key, league_of, players, organiser
):
    league = league_of(key)
    Match.begin(league, players[: league.kind.table_size(league) or 4], by=organiser)
    document = json.loads(json.dumps(league_document(league)))
    copy = import_league(document, slug=f"copy-{key}", by=organiser).league
    assert copy.game == key and copy.matches.count() == 1
    assert copy.matches.get().kind is league.kind


# -- no new place names a game ----------------------------------------------------------------

# What names a game: the tests of which game it is, the spellings of the registry (a game's
# package or templates named from outside them), and the player page's.
NAMING = re.compile(
    r"plays_mahjongg|GameChoice\.(MHING|MAHJONGG)|\bgame [!=]= |"
    r"\bkind is (not )?(MHING|MAHJONGG)\b|\bkinds\.(mhing|mahjongg)\b|"
    r"leagues/(mhing|mahjongg)/|mahjongg_fields|"
    r"record\.(mhing|mahjongg)_|record\.shows_mhing"
)
SEARCHED = ("leagues", "games", "mhing_site", "templates")
# Outside the game packages (leagues/kinds/, templates/leagues/<game>/), the places that still
# name a game, with how many lines each; docs/architecture.md says why each stays.
STILL_NAMING = {
    # The JSON file says its game by a "game" key or a "games" list (docs/league_json.md),
    # and the league's rules by each game's keys (default_target, mahjongg_profile).
    "leagues/exchange/reader.py": 7,
    # Guards: a round is refused in a Mah-Jongg match, a game in a Mhing match.
    "leagues/models/match.py": 1,
    "leagues/models/mahjongg_entry.py": 1,
}


def _naming_lines() -> dict[str, int]:
    found: dict[str, int] = {}
    for top in SEARCHED:
        for path in sorted((ROOT / top).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in (".py", ".html") or _in_a_game_package(relative):
                continue
            count = sum(1 for line in _code_lines(path) if NAMING.search(line))
            if count:
                found[relative] = count
    return found


def _code_lines(path: Path) -> list[str]:
    """The file's lines; of Python, without its comments and docstrings (which may name a
    module of a game's package to say where something is)."""
    text = path.read_text()
    lines = text.splitlines()
    if path.suffix != ".py":
        return lines
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and _is_docstring(body[0]):
            for number in range(body[0].lineno - 1, body[0].end_lineno):
                lines[number] = ""
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            lines[row - 1] = lines[row - 1][:column]
    return lines


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _in_a_game_package(path: str) -> bool:
    return (
        path.startswith(("leagues/kinds/", "leagues/migrations/", "templates/leagues/mhing/"))
        or path.startswith("templates/leagues/mahjongg/")
        # The live tables' own packages (Mah-Jongg's engine; each game's Django shell and
        # its words on the live pages).
        or path.startswith(("games/play/mahjongg/", "games/mahjongg/", "templates/games/mahjongg/"))
        or path.startswith(("games/mhing/", "templates/games/mhing/"))
        or "/bench" in path
    )


def test_no_new_place_outside_the_game_packages_names_a_game():
    assert _naming_lines() == STILL_NAMING
