"""Hostile files: what a league file (the import page, `manage.py import_league`) and
`manage.py score_hand -` do with input made to hurt them.

Every hostile league file gets a clear, specific refusal and changes nothing: on the page a
200 with the message in the form (never a 500), on the command line exit status 1 with the
message on standard error and no traceback. The command runs in a real process, on a
database of its own (a migrated SQLite file), as a club would run it.
"""

from __future__ import annotations

import html
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from leagues.exchange.importer import MAX_DEPTH, MAX_DIGITS, MAX_FILE_SIZE
from leagues.exchange.reader import MAX_FILE_ROUNDS, MAX_MATCHES, MAX_ROSTER, MAX_ROUNDS
from leagues.models import League, Match, Player, Round

REPO = Path(__file__).resolve().parents[2]
HAND = "123c 456b 789k 234c 55k"


def league_file(matches: list, **top) -> bytes:
    document = {
        "format_version": 1,
        "league": {"name": "Hostile", "slug": "hostile"},
        "matches": matches,
        **top,
    }
    return json.dumps(document).encode()


def match(rounds: list | None = None, **fields) -> dict:
    return {
        "date": "2025-03-04",
        "players": ["Ann", "Ben", "Cat"],
        "target": 10**9,
        "rounds": rounds or [],
        **fields,
    }


def draws(count: int) -> list[dict]:
    return [{"outcome": "draw"}] * count


def hundred_thousand_draws() -> bytes:
    """About 2 MB: within the size limit, far beyond the rounds a match may have."""
    data = league_file([match(draws(100_000))])
    assert len(data) < MAX_FILE_SIZE
    return data


# Each: the file's bytes (built when the test runs) and what the refusal must say.
HOSTILE: dict[str, tuple[Callable[[], bytes], str]] = {
    "brackets-100000-deep": (
        lambda: b"[" * 100_000,
        f"The file nests brackets more than {MAX_DEPTH} deep",
    ),
    "matches-3000-deep": (
        lambda: b'{"format_version": 1, "matches": ' + b"[" * 3000 + b"]" * 3000 + b"}",
        f"The file nests brackets more than {MAX_DEPTH} deep",
    ),
    "objects-500-deep-in-a-round": (
        lambda: league_file([match([{"x": 1}])]).replace(
            b'{"x": 1}', b'{"x": ' + b'{"a": ' * 500 + b"1" + b"}" * 500 + b"}"
        ),
        f"The file nests brackets more than {MAX_DEPTH} deep",
    ),
    "format-version-of-5000-digits": (
        lambda: b'{"format_version": ' + b"9" * 5000 + b', "matches": []}',
        f"The file holds a number longer than {MAX_DIGITS} digits",
    ),
    "target-of-4301-digits": (
        lambda: league_file([match()]).replace(b"1000000000", b"1" * 4301),
        f"The file holds a number longer than {MAX_DIGITS} digits",
    ),
    "negative-first-dealer-of-100000-digits": (
        lambda: league_file([match(first_dealer=0)]).replace(
            b'"first_dealer": 0', b'"first_dealer": -' + b"7" * 100_000
        ),
        f"The file holds a number longer than {MAX_DIGITS} digits",
    ),
    "latin-1-name": (
        lambda: league_file([match()]).replace(b"Ann", "Jörg".encode("latin-1")),
        "The file is not UTF-8 text (byte",
    ),
    "utf-16": (
        lambda: league_file([]).decode().encode("utf-16"),
        "The file is not UTF-8 text (byte 1 is not part of a character).",
    ),
    "oversize": (
        lambda: b" " * MAX_FILE_SIZE + b"{}",
        "a league file may be at most 5.0",
    ),
    "too-many-matches": (
        lambda: league_file([match()] * (MAX_MATCHES + 1)),
        f"The file holds {MAX_MATCHES + 1} matches; a league file may hold at most {MAX_MATCHES}.",
    ),
    "too-many-rounds-in-a-match": (
        lambda: league_file([match(draws(MAX_ROUNDS + 1))]),
        f"the match has {MAX_ROUNDS + 1} rounds; a match may have at most {MAX_ROUNDS}.",
    ),
    "100000-draws-in-2-mb": (
        hundred_thousand_draws,
        f"The file holds 100000 rounds; a league file may hold at most {MAX_FILE_ROUNDS}",
    ),
    "too-many-rounds-in-the-file": (
        lambda: league_file([match(draws(MAX_ROUNDS))] * (MAX_FILE_ROUNDS // MAX_ROUNDS + 1)),
        f"a league file may hold at most {MAX_FILE_ROUNDS}: import it in parts.",
    ),
    "roster-too-long": (
        lambda: league_file([], players=[f"P{n}" for n in range(MAX_ROSTER + 1)]),
        f"a league file may list at most {MAX_ROSTER}.",
    ),
    "a-match-of-10000-players": (
        lambda: league_file([match(players=[f"P{n}" for n in range(10_000)])]),
        "A match has 2 to 6 players, not 10000.",
    ),
    "format-version-true": (
        lambda: league_file([], format_version=True),
        "'format_version' must be a whole number (this site reads 1), not true.",
    ),
    "format-version-1.0": (
        lambda: league_file([], format_version=1.0),
        "'format_version' must be a whole number (this site reads 1), not 1.0.",
    ),
    "format-version-nan": (
        lambda: league_file([], format_version=float("nan")),
        "'format_version' must be a whole number (this site reads 1), not NaN.",
    ),
    "format-version-1e999": (
        lambda: league_file([]).replace(b'"format_version": 1', b'"format_version": 1e999'),
        "'format_version' must be a whole number (this site reads 1), not Infinity.",
    ),
    "a-date-of-a-megabyte": (
        lambda: league_file([match(date="9" * 1_000_000)]),
        "match 1: 'date' must be a date written YYYY-MM-DD, not '999",
    ),
    "a-hand-of-a-megabyte": (
        lambda: league_file([match([{"winner": "Ann", "hand": "1b" * 500_000}])]),
        "match 1 (2025-03-04), round 1: the hand is longer than 200 characters.",
    ),
    "blank": (lambda: b" \n", "The file is not valid JSON: Expecting value (line 2, column 1)."),
    "null": (lambda: b"null", "The file does not hold a league: expected a JSON object."),
}


def hostile(name: str) -> tuple[bytes, str]:
    build, message = HOSTILE[name]
    return build(), message


def counts() -> tuple[int, ...]:
    return tuple(model.objects.count() for model in (League, Player, Match, Round))


# -- the import page -----------------------------------------------------------------------


@pytest.fixture
def staff_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("stella", is_staff=True))
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("name", HOSTILE)
def test_the_import_page_refuses_it_saying_why_and_saves_nothing(staff_client, name):
    data, message = hostile(name)
    before = counts()
    upload = SimpleUploadedFile("hostile.json", data, content_type="application/json")

    response = staff_client.post("/leagues/import/", {"file": upload, "league": ""})

    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    assert message in page
    # The quoted value is cut short: a megabyte in the file is not a megabyte on the page.
    assert len(page) < 50_000
    assert counts() == before


@pytest.mark.django_db
def test_the_import_page_refuses_an_oversize_upload_before_reading_it(staff_client):
    upload = SimpleUploadedFile("big.json", b"{" * (MAX_FILE_SIZE + 1))

    response = staff_client.post("/leagues/import/", {"file": upload, "league": ""})

    assert response.status_code == 200
    errors = response.context["form"].errors["file"]
    assert errors == ["The file is 5.0\xa0MB; a league file may be at most 5.0\xa0MB."]


@pytest.mark.django_db
def test_the_import_page_refuses_an_empty_file(staff_client):
    upload = SimpleUploadedFile("empty.json", b"")

    response = staff_client.post("/leagues/import/", {"file": upload, "league": ""})

    assert response.status_code == 200
    assert response.context["form"].errors["file"] == ["The submitted file is empty."]


# -- manage.py import_league ---------------------------------------------------------------


def environment(**extra: str) -> dict[str, str]:
    """The test's environment for a child process: SQLite unless given, no Redis, no locale
    or encoding of the shell's."""
    keep = {
        name: value
        for name, value in os.environ.items()
        if name not in ("DATABASE_URL", "REDIS_URL", "PYTHONIOENCODING")
        and not name.startswith(("LC_", "LANG"))
    }
    return {**keep, **extra}


# Once per xdist worker (scope "session"): with --dist worksteal a worker may come back to
# this module after others, and a module-scoped server was set up again each time.
@pytest.fixture(scope="session")
def command_database(tmp_path_factory) -> str:
    """A migrated SQLite file for the command's own process."""
    path = tmp_path_factory.mktemp("import-command") / "db.sqlite3"
    url = f"sqlite:///{path}"
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=REPO,
        env=environment(DATABASE_URL=url),
        check=True,
        timeout=300,
    )
    return str(path)


def import_command(database: str, *args: str, stdin: bytes | None = None):
    return subprocess.run(
        [sys.executable, "manage.py", "import_league", *args],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        env=environment(DATABASE_URL=f"sqlite:///{database}"),
        timeout=300,
    )


def rows_in(database: str) -> tuple[int, ...]:
    with sqlite3.connect(database) as db:
        return tuple(
            db.execute(f"SELECT COUNT(*) FROM leagues_{table}").fetchone()[0]
            for table in ("league", "player", "match", "round")
        )


@pytest.mark.parametrize("name", HOSTILE)
def test_the_command_refuses_it_with_status_1_and_no_traceback(command_database, tmp_path, name):
    data, message = hostile(name)
    path = tmp_path / "hostile.json"
    path.write_bytes(data)

    before = rows_in(command_database)

    result = import_command(command_database, str(path))

    stderr = result.stderr.decode("utf-8")
    assert result.returncode == 1, stderr
    assert message in stderr
    assert "Nothing was imported." in stderr
    assert "Traceback" not in stderr
    assert len(stderr) < 10_000
    assert result.stdout == b""
    assert rows_in(command_database) == before


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(
            league_file([match()]).replace(b"Ann", "Jörg".encode("latin-1")),
            "The file is not UTF-8 text (byte",
            id="latin-1",
        ),
        pytest.param(
            b" " * (MAX_FILE_SIZE + 1),
            "The file is larger than 5.0\xa0MB, the most a league file may be.",
            id="oversize",
        ),
        pytest.param(b"[" * 100_000, "nests brackets more than", id="deep"),
        pytest.param(b"", "Expecting value (line 1, column 1)", id="empty"),
    ],
)
def test_the_command_reads_standard_input_as_bytes_too(command_database, data, message):
    before = rows_in(command_database)

    result = import_command(command_database, "-", stdin=data)

    stderr = result.stderr.decode("utf-8")
    assert result.returncode == 1, stderr
    assert message in stderr and "Traceback" not in stderr
    assert rows_in(command_database) == before


def test_a_file_within_the_limits_still_imports_from_the_command(command_database, tmp_path):
    path = tmp_path / "fine.json"
    path.write_bytes(league_file([match([{"winner": "Ann", "hand": HAND}])]))

    leagues, players, matches, rounds = rows_in(command_database)

    result = import_command(command_database, str(path), "--slug", "fine")

    assert result.returncode == 0, result.stderr.decode()
    assert rows_in(command_database) == (leagues + 1, players + 3, matches + 1, rounds + 1)


# -- manage.py score_hand - ----------------------------------------------------------------

NOT_UTF8_LINES = {
    "latin-1": b"5b J\xf6rg 1c",
    "lone-continuation-byte": b"\x80 123c",
    "overlong-slash": b"\xc0\xaf",
    "utf-8-encoded-surrogate": b"\xed\xa0\x80 1c",
    "cut-off-sequence": b"123c \xe2\x82",
    "utf-16": "123c".encode("utf-16"),
}
LOCALES = {
    "C": {"LC_ALL": "C"},
    "latin-1": {"LC_ALL": "de_DE.ISO-8859-1", "PYTHONIOENCODING": "latin-1"},
}


@pytest.mark.parametrize("locale", LOCALES)
def test_score_hand_answers_each_line_that_is_not_utf8_with_an_error_line(locale):
    good = b"567b 567b 678b 789b 99b"
    stdin = b"\n".join([good, *NOT_UTF8_LINES.values(), good]) + b"\n"

    result = subprocess.run(
        [sys.executable, "manage.py", "score_hand", "-"],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        env=environment(**LOCALES[locale]),
        timeout=120,
    )

    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    answers = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    assert len(answers) == 2 + len(NOT_UTF8_LINES)
    assert answers[0]["ok"] and answers[-1]["ok"]
    for answer in answers[1:-1]:
        assert (answer["ok"], answer["error"], answer["message"]) == (
            False,
            "invalid",
            "not UTF-8 text",
        )
        assert "\ufffd" in answer["hand"]
