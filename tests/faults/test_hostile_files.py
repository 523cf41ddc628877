"""Hostile files: what a league file (the import page, `manage.py import_league`) and
`manage.py score_hand -` do with input made to hurt them.

Every hostile league file gets a clear, specific refusal and changes nothing: on the page a
200 with the message in the form (never a 500), on the command line exit status 1 with the
message on standard error and no traceback. The command runs in real processes, on a
database of its own (a migrated SQLite file), as a club would run it: through manage.py in a
process of its own for the files nested deep enough to threaten the interpreter's own stack
and for the file that imports; the other refusals one after another in one process, each
as manage.py runs it (its arguments, standard input through a pipe, its own output streams,
its exit status): a process each cost 1.2 s of start-up a file.
"""

from __future__ import annotations

import html
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from leagues.exchange.importer import MAX_DEPTH, MAX_DIGITS, MAX_FILE_SIZE
from leagues.exchange.reader import MAX_FILE_ROUNDS, MAX_MATCHES, MAX_ROSTER, MAX_ROUNDS
from leagues.models import League, Match, Player, Round
from tests.games.servers import migrate

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
    """A migrated SQLite file for the command's own processes: a copy of the database this
    test process migrated once (`manage.py migrate` is 5 s of CPU; tests/games/servers.py)."""
    path = tmp_path_factory.mktemp("import-command") / "db.sqlite3"
    migrate(environment(DATABASE_URL=f"sqlite:///{path}"))
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
    with closing(sqlite3.connect(database)) as db:
        return tuple(
            db.execute(f"SELECT COUNT(*) FROM leagues_{table}").fetchone()[0]
            for table in ("league", "player", "match", "round")
        )


@dataclass(frozen=True)
class Run:
    """One run of the command: its exit status, what it wrote, the database's rows before
    and after it."""

    returncode: int
    stdout: bytes
    stderr: bytes
    before: tuple[int, ...]
    after: tuple[int, ...]


def in_own_process(database: str, *args: str, stdin: bytes | None = None) -> Run:
    """`manage.py import_league ARGS` in a process of its own."""
    before = rows_in(database)
    result = import_command(database, *args, stdin=stdin)
    return Run(result.returncode, result.stdout, result.stderr, before, rows_in(database))


# Nested brackets are what could overflow the C stack and kill the interpreter itself (no
# status 1, no message): each such file runs in a manage.py process of its own, so that a
# crash is that file's alone, and so that manage.py's own start stays covered.
OWN_PROCESS = frozenset(
    {"brackets-100000-deep", "matches-3000-deep", "objects-500-deep-in-a-round"}
)

# The other runs, one after another in one child process. Each is what `manage.py
# import_league ARGS` does, but for the interpreter's start: execute_from_command_line with
# the arguments, standard input through a pipe of its own (a pipe gives what has arrived,
# a file all of it), stdout and stderr encoded as the process's own are, the exit status its
# SystemExit's, and an exception that escapes printed as the interpreter prints it (a
# traceback, status 1). Logging's handlers are made again at each run's django.setup(), on
# that run's stderr. Argument: a JSON file of [name, args, file for stdin or null]; out:
# one JSON object, by name, with the bytes written in hex.
RUNS_IN_ONE_PROCESS = r"""
import io, json, os, sqlite3, sys, threading, traceback
from contextlib import closing

from django.core.management import execute_from_command_line

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mhing_site.settings")
database = os.environ["DATABASE_URL"].removeprefix("sqlite:///")
with open(sys.argv[1]) as listing:
    runs = json.load(listing)


def rows():
    with closing(sqlite3.connect(database)) as db:
        tables = ("league", "player", "match", "round")
        return [db.execute(f"SELECT COUNT(*) FROM leagues_{t}").fetchone()[0] for t in tables]


def piped(path):
    read, write = os.pipe()

    def feed():
        try:
            with open(path, "rb") as data, open(write, "wb") as pipe:
                pipe.write(data.read())
        except BrokenPipeError:  # the command stopped reading: so does a writer into a pipe
            pass

    feeder = threading.Thread(target=feed)
    feeder.start()
    return open(read, encoding=sys.stdin.encoding, errors=sys.stdin.errors), feeder


def stream(like):
    return io.TextIOWrapper(io.BytesIO(), encoding=like.encoding, errors=like.errors)


answers = {}
for name, args, stdin in runs:
    before = rows()
    out, err = stream(sys.__stdout__), stream(sys.__stderr__)
    sys.stdout, sys.stderr = out, err
    if stdin is not None:
        sys.stdin, feeder = piped(stdin)
    try:
        execute_from_command_line(["manage.py", "import_league", *args])
        status = 0
    except SystemExit as stop:  # as the interpreter turns sys.exit(code) into a status
        status = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
        if not isinstance(stop.code, int | None):
            print(stop.code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
        status = 1
    finally:
        if stdin is not None:
            sys.stdin.close()
            feeder.join()
        sys.stdin, sys.stdout, sys.stderr = sys.__stdin__, sys.__stdout__, sys.__stderr__
    out.flush()
    err.flush()
    answers[name] = {
        "returncode": status,
        "stdout": out.buffer.getvalue().hex(),
        "stderr": err.buffer.getvalue().hex(),
        "before": before,
        "after": rows(),
    }
json.dump(answers, sys.stdout)
"""


def in_one_process(database: str, directory: Path, runs: dict) -> dict[str, Run]:
    """Each of `runs` (name: (args, stdin bytes or None)) as manage.py runs it, all in one
    process (RUNS_IN_ONE_PROCESS); by name."""
    listing = []
    for name, (args, stdin) in runs.items():
        piped = None
        if stdin is not None:
            piped = directory / f"{name}.stdin"
            piped.write_bytes(stdin)
        listing.append([name, list(args), piped and str(piped)])
    (directory / "runs.json").write_text(json.dumps(listing))
    ran = subprocess.run(
        [sys.executable, "-c", RUNS_IN_ONE_PROCESS, str(directory / "runs.json")],
        cwd=REPO,
        capture_output=True,
        env=environment(DATABASE_URL=f"sqlite:///{database}"),
        timeout=600,
    )
    # Nothing may escape the runs' own streams (a traceback logged past them, say).
    assert (ran.returncode, ran.stderr) == (0, b""), ran.stderr.decode(errors="replace")
    return {
        name: Run(
            answer["returncode"],
            bytes.fromhex(answer["stdout"]),
            bytes.fromhex(answer["stderr"]),
            tuple(answer["before"]),
            tuple(answer["after"]),
        )
        for name, answer in json.loads(ran.stdout).items()
    }


def refused(run: Run, message: str) -> str:
    """The refusal every hostile input gets: status 1, the message on stderr, no traceback,
    nothing saved. Returns stderr."""
    stderr = run.stderr.decode("utf-8")
    assert run.returncode == 1, stderr
    assert message in stderr
    assert "Traceback" not in stderr
    assert run.after == run.before
    return stderr


@pytest.fixture(scope="session")
def shared_runs(command_database, tmp_path_factory) -> dict[str, Run]:
    """Each hostile file but those of OWN_PROCESS, and each standard input but the deep one,
    given to the command in one process (in_one_process); by test id."""
    directory = tmp_path_factory.mktemp("hostile-files")
    runs: dict[str, tuple[tuple[str, ...], bytes | None]] = {}
    for name in (name for name in HOSTILE if name not in OWN_PROCESS):
        path = directory / f"{name}.json"
        path.write_bytes(hostile(name)[0])
        runs[f"file-{name}"] = ((str(path),), None)
    for name in (name for name in STDIN if name not in OWN_PROCESS_STDIN):
        runs[f"stdin-{name}"] = (("-",), STDIN[name][0])
    return in_one_process(command_database, directory, runs)


@pytest.mark.parametrize("name", HOSTILE)
def test_the_command_refuses_it_with_status_1_and_no_traceback(
    command_database, request, tmp_path, name
):
    data, message = hostile(name)
    if name in OWN_PROCESS:
        path = tmp_path / "hostile.json"
        path.write_bytes(data)
        run = in_own_process(command_database, str(path))
    else:  # asked for here: a run of the deep files alone needs no shared process
        run = request.getfixturevalue("shared_runs")[f"file-{name}"]

    stderr = refused(run, message)

    assert "Nothing was imported." in stderr
    assert len(stderr) < 10_000
    assert run.stdout == b""


# Each: what comes on standard input, and what the refusal must say.
STDIN: dict[str, tuple[bytes, str]] = {
    "latin-1": (
        league_file([match()]).replace(b"Ann", "Jörg".encode("latin-1")),
        "The file is not UTF-8 text (byte",
    ),
    "oversize": (
        b" " * (MAX_FILE_SIZE + 1),
        "The file is larger than 5.0\xa0MB, the most a league file may be.",
    ),
    "deep": (b"[" * 100_000, "nests brackets more than"),
    "empty": (b"", "Expecting value (line 1, column 1)"),
}
OWN_PROCESS_STDIN = frozenset({"deep"})  # as OWN_PROCESS


@pytest.mark.parametrize("name", STDIN)
def test_the_command_reads_standard_input_as_bytes_too(command_database, request, name):
    data, message = STDIN[name]
    if name in OWN_PROCESS_STDIN:
        run = in_own_process(command_database, "-", stdin=data)
    else:
        run = request.getfixturevalue("shared_runs")[f"stdin-{name}"]

    refused(run, message)


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
