"""`manage.py score_hand`: the table, the JSON object, exit statuses and the stdin mode.

The exit statuses and the stdin mode are met as on the command line (`run`: the command's
run_from_argv in this test process, with standard streams of its own); what depends on the
process itself, the locale's encodings and what the command's start loads, in processes of
their own (`run_bytes`, the last test).
"""

from __future__ import annotations

import ast
import gc
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, ManagementUtility, call_command

REPO = Path(__file__).resolve().parents[2]
# The repository's own copy of shared/golden/scoring.tsv (tests/test_golden_copy.py).
GOLDEN = REPO / "tests" / "golden" / "scoring.tsv"

RULES_EXAMPLE = "567b 567b 678b 789b 99b"
EXPOSED_EXAMPLE = "123c 123c 99b [5b J 7b] [RdRdRd] F F"
NOT_WINNING = "1b 2b 4b 7b 2c 5c 8c 3k 6k 9k Ew Sw Rd Gd"
TOO_FEW = "123b 456b 789b 123c 5c"


def run(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[str]:
    """`manage.py score_hand ARGS` as the command line runs it, but in this process: a
    process each was 0.9 s of CPU of start-up, most of these tests' time. What manage.py
    does once Django is set up: the command's run_from_argv, which parses the arguments as
    from a command line, puts UTF-8 on the real stdout and stderr, and ends with sys.exit's
    status (its SystemExit here); the streams are bytes under text streams of their own,
    encoded as this process's are, as Python sets a process's up. Standard input is the
    given text in UTF-8, or the given bytes."""
    data = stdin.encode() if isinstance(stdin, str) else stdin or b""

    def like(stream, data: bytes = b"") -> io.TextIOWrapper:
        return io.TextIOWrapper(io.BytesIO(data), encoding=stream.encoding, errors=stream.errors)

    streams = (like(sys.__stdin__, data), like(sys.__stdout__), like(sys.__stderr__))
    kept = sys.stdin, sys.stdout, sys.stderr
    frozen = gc.get_freeze_count()
    sys.stdin, sys.stdout, sys.stderr = streams
    try:
        argv = ["manage.py", "score_hand", *args]
        # Made here: a command takes the sys.stdout and sys.stderr of its making.
        ManagementUtility(argv).fetch_command("score_hand").run_from_argv(argv)
        status = 0
    except SystemExit as stop:
        status = stop.code
    finally:
        sys.stdin, sys.stdout, sys.stderr = kept
        # Run from the command line, a batch leaves the collector frozen as the process
        # ends with it (score_stream); this process goes on.
        if not frozen and gc.get_freeze_count():
            gc.unfreeze()
    out, err = (stream.detach().getvalue().decode("utf-8") for stream in streams[1:])
    return subprocess.CompletedProcess(argv, status, out, err)


def call(*args: str, stdin: str | None = None) -> str:
    out = io.StringIO()
    options = {"stdin": io.StringIO(stdin)} if stdin is not None else {}
    call_command("score_hand", *args, stdout=out, **options)
    return out.getvalue()


# The table


def test_it_prints_the_breakdown_and_totals_of_the_rule_book_example() -> None:
    out = call(RULES_EXAMPLE)

    lines = out.splitlines()
    assert any(line.split() == ["All", "sequences", "1", "1", "1"] for line in lines)
    assert any(line.split() == ["Two", "identical", "sequences", "3", "1", "3"] for line in lines)
    assert any(line.split() == ["High", "or", "low", "hand", "5", "1", "5"] for line in lines)
    assert any(line.split() == ["One", "suit", "only", "8", "1", "8"] for line in lines)
    assert "Total credits: 17" in lines
    assert "Points: 512" in lines


def test_it_shows_each_set_marking_exposed_sets_and_what_jokers_stand_for() -> None:
    out = call(EXPOSED_EXAMPLE)

    assert "5b J=6b 7b  (exposed)" in out
    assert "Rd Rd Rd  (exposed)" in out
    assert "1c 2c 3c\n" in out
    assert "(exposed)" not in out.split("9b 9b")[1]
    assert "Total credits: 6" in out


def test_it_takes_the_hand_as_several_arguments_too() -> None:
    assert call(*RULES_EXAMPLE.split()) == call(RULES_EXAMPLE)


def test_the_table_says_when_no_combination_scores() -> None:
    out = call("123b 456c 789k 111b EwEw")

    assert "(no combination: 0 credits)" in out
    assert "Total credits: 0" in out
    assert "Points: 0" in out


# The JSON object


def test_json_gives_one_object_with_the_score() -> None:
    data = json.loads(call("--json", RULES_EXAMPLE))

    assert data["hand"] == RULES_EXAMPLE
    assert data["ok"] is True
    assert (data["credits"], data["points"]) == (17, 512)
    assert [(c["key"], c["credits"], c["count"], c["total"]) for c in data["combinations"]] == [
        ("all_sequences", 1, 1, 1),
        ("identical_sequences", 3, 1, 3),
        ("high_or_low", 5, 1, 5),
        ("one_suit", 8, 1, 8),
    ]
    assert data["combinations"][0]["names"]["de"] == "Nur Sequenzen"
    assert data["arrangement"]["kind"] == "standard"
    assert len(data["arrangement"]["groups"]) == 5


def test_json_shows_exposed_sets_and_joker_cards() -> None:
    data = json.loads(call("--json", EXPOSED_EXAMPLE))

    assert {
        "kind": "sequence",
        "cards": ["5b", "6b", "7b"],
        "jokers": [False, True, False],
        "exposed": True,
    } in data["arrangement"]["groups"]
    assert data["arrangement"]["jokers"] == ["6b"]
    assert data["flowers"] == 2


def test_json_mode_prints_exactly_one_object_even_for_a_failure() -> None:
    result = run("--json", TOO_FEW)

    assert result.stdout.count("\n") == 1
    assert json.loads(result.stdout) == {
        "hand": TOO_FEW,
        "ok": False,
        "error": "invalid",
        "message": "13 playing cards, need 14",
    }


# Exit statuses


def test_a_scored_hand_exits_0() -> None:
    result = run(RULES_EXAMPLE)

    assert result.returncode == 0, result.stderr
    assert "Points: 512" in result.stdout


def test_a_hand_that_does_not_win_exits_1_with_the_reason_on_stderr() -> None:
    result = run(NOT_WINNING)

    assert result.returncode == 1
    assert result.stdout == ""
    assert "not a winning hand" in result.stderr


def test_invalid_input_exits_2_with_the_reason_on_stderr() -> None:
    result = run(TOO_FEW)

    assert result.returncode == 2
    assert result.stdout == ""
    assert "13 playing cards, need 14" in result.stderr


@pytest.mark.parametrize(
    ("hand", "status", "error"), [(NOT_WINNING, 1, "not_winning"), (TOO_FEW, 2, "invalid")]
)
def test_json_mode_exits_with_the_same_statuses(hand: str, status: int, error: str) -> None:
    result = run("--json", hand)

    assert result.returncode == status
    assert json.loads(result.stdout)["error"] == error


def test_call_command_raises_command_error_with_the_status() -> None:
    with pytest.raises(CommandError) as not_winning:
        call(NOT_WINNING)
    with pytest.raises(CommandError) as invalid:
        call("5b 5b 5b 5b 5b 123c 456c 789c 11k")

    assert not_winning.value.returncode == 1
    assert invalid.value.returncode == 2
    assert "five 5s of bamboo" in str(invalid.value)


# Standard input


def test_stdin_mode_answers_one_json_line_per_hand_in_order() -> None:
    hands = [RULES_EXAMPLE, TOO_FEW, "# a comment", "", NOT_WINNING, EXPOSED_EXAMPLE, "   "]

    result = run("-", stdin="\n".join(hands) + "\n")

    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["hand"] for a in answers] == [RULES_EXAMPLE, TOO_FEW, NOT_WINNING, EXPOSED_EXAMPLE]
    assert [a["ok"] for a in answers] == [True, False, False, True]
    assert answers[1]["error"] == "invalid"
    assert answers[2]["error"] == "not_winning"
    assert answers[3]["credits"] == 6


def test_stdin_lines_are_compact_json_keeping_non_ascii_text() -> None:
    out = call("-", stdin=RULES_EXAMPLE + "\n")

    assert out.count("\n") == 1
    assert ", " not in out and '": ' not in out
    assert "Que des séquences" in out


def test_stdin_mode_with_no_hands_prints_nothing() -> None:
    assert call("-", stdin="# nothing to score\n\n") == ""


# The golden file


def golden_lines() -> list[list[str]]:
    assert GOLDEN.exists(), f"{GOLDEN} is missing"
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line.strip() and not line.startswith("#")]


def test_every_golden_hand_scores_as_expected_through_stdin() -> None:
    rows = golden_lines()

    result = run("-", stdin="".join(row[0] + "\n" for row in rows))

    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == len(rows)
    for row, answer in zip(rows, answers, strict=True):
        hand, expected = row[0], row[1:]
        assert answer["hand"] == hand
        if expected[0] == "ERROR":
            assert (answer["ok"], answer["error"], answer["message"]) == (
                False,
                "invalid",
                expected[1],
            ), hand
        elif expected[0] == "NOT_WINNING":
            assert (answer["ok"], answer["error"]) == (False, "not_winning"), hand
        else:
            credits, points, breakdown = expected
            assert answer["ok"] is True, answer
            assert (answer["credits"], answer["points"]) == (int(credits), int(points)), hand
            totals = {c["key"]: c["total"] for c in answer["combinations"]}
            assert totals == ast.literal_eval(breakdown), hand


# Bytes that are not UTF-8, whatever the locale

# "Jörg" in Latin-1: the ö is byte 0xF6, which no UTF-8 character starts with.
LATIN1_LINE = b"5b J\xf6rg 1c"
LOCALES = {
    "C": {"LC_ALL": "C"},
    "latin-1": {"LC_ALL": "de_DE.ISO-8859-1", "PYTHONIOENCODING": "latin-1"},
}


def run_bytes(*args: str, stdin: bytes, env: dict[str, str]) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    environment.pop("PYTHONIOENCODING", None)
    return subprocess.run(
        [sys.executable, "manage.py", "score_hand", *args],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        env={**environment, **env},
        timeout=120,
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_a_stdin_line_that_is_not_utf8_gets_its_own_error_line(locale: str) -> None:
    lines = [RULES_EXAMPLE.encode(), LATIN1_LINE, b"# a comment in \xff Latin-1", b"", b"123c"]

    result = run_bytes("-", stdin=b"\n".join(lines) + b"\n", env=LOCALES[locale])

    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    assert [a["ok"] for a in answers] == [True, False, False]
    assert answers[1] == {
        "hand": "5b J\ufffdrg 1c",
        "ok": False,
        "error": "invalid",
        "message": "not UTF-8 text",
    }
    assert answers[2]["hand"] == "123c" and answers[2]["error"] == "invalid"


@pytest.mark.parametrize("locale", LOCALES)
def test_output_is_utf8_whatever_the_locale(locale: str) -> None:
    result = run_bytes(
        "-", stdin="Jörg 123c\n".encode() + RULES_EXAMPLE.encode(), env=LOCALES[locale]
    )

    assert result.returncode == 0, result.stderr
    text = result.stdout.decode("utf-8")  # strict: raw or Latin-1 bytes would fail here
    first, second = (json.loads(line) for line in text.splitlines())
    assert first["hand"] == "Jörg 123c" and first["error"] == "invalid"
    assert "Que des séquences" in text and second["ok"] is True


@pytest.mark.parametrize("locale", LOCALES)
def test_the_table_is_utf8_whatever_the_locale(locale: str) -> None:
    result = run_bytes("Jörg", stdin=b"", env=LOCALES[locale])

    assert result.returncode == 2
    assert "invalid hand: unknown card 'Jörg'" in result.stderr.decode("utf-8")


@pytest.mark.parametrize("args", [(), ("--json",)])
def test_a_hand_argument_that_is_not_utf8_is_invalid_input(args: tuple[str, ...]) -> None:
    hand = os.fsdecode(LATIN1_LINE)  # how Python hands such bytes to the program

    result = run_bytes(*args, hand, stdin=b"", env=LOCALES["C"])

    assert result.returncode == 2
    assert "invalid hand: not UTF-8 text" in result.stderr.decode("utf-8")
    if args:
        assert json.loads(result.stdout.decode("utf-8")) == {
            "hand": "5b J\ufffdrg 1c",
            "ok": False,
            "error": "invalid",
            "message": "not UTF-8 text",
        }
    else:
        assert result.stdout == b""


def test_a_byte_order_mark_before_the_first_hand_is_ignored() -> None:
    result = run("-", stdin=b"\xef\xbb\xbf" + RULES_EXAMPLE.encode() + b"\n")

    assert json.loads(result.stdout)["hand"] == RULES_EXAMPLE


def test_the_command_starts_without_the_web_server_or_the_site_checks() -> None:
    """What a batch pays before its first hand (docs/benchmarks.md, "Batch scoring"): Django
    and the engine, not daphne's server and Twisted (0.4 s), the system checks, which load
    every view (0.1 s), nor on SQLite psycopg's pool (0.1 s): 0.55 s of start, not 1.2 s."""
    code = (
        "import sys; from django.core.management import execute_from_command_line; "
        f"execute_from_command_line(['manage.py', 'score_hand', {RULES_EXAMPLE!r}]); "
        "print(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('twisted', 'psycopg_pool') "
        "or m in ('daphne.server', 'leagues.views')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env={
            **{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},  # SQLite
            "DJANGO_SETTINGS_MODULE": "mhing_site.settings",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]", result.stdout
