"""`manage.py play_bots --game mahjongg`: bot matches through the live engine, the same per
seed; with `--lines` every hand and settlement as `score_hand --game mahjongg` reads them,
each with the engine's answer, which must be exactly score_hand's (many seeds, several
profiles, both commands run as a user runs them)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

REPO = Path(__file__).resolve().parents[3]


def run(*args: str) -> str:
    out = StringIO()
    call_command("play_bots", "--game", "mahjongg", *args, stdout=out)
    return out.getvalue()


def command(name: str, *args: str, stdin: str | None = None) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", name, *args],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


PROFILE_OPTIONS = [
    ("--seed", "1", "--matches", "2"),
    ("--seed", "40", "--matches", "2", "--players", "3", "--settle", "full"),
    (
        "--seed",
        "80",
        "--matches",
        "2",
        "--rotation",
        "rotating",
        "--pairs",
        "all",
        "--limit",
        "1000",
        "--settled-draw",
    ),  # fmt: skip
    (
        "--seed",
        "120",
        "--matches",
        "2",
        "--players",
        "3",
        "--rotation",
        "classical",
        "--no-bonus-tiles",
        "--settled-draw",
        "--settle",
        "full",
        "--limit",
        "500",
    ),  # fmt: skip
]


def rows_of(printed: str) -> list[list[str]]:
    rows = [line.split("\t") for line in printed.splitlines() if not line.startswith("#")]
    assert all(len(row) == 2 for row in rows)
    return rows


def test_every_printed_line_gets_from_score_hand_exactly_the_answer_the_engine_gave():
    """One subprocess pair, as a user runs them: `play_bots --lines` for the first profile
    (the others in-process: the same command, without a second interpreter start), then ONE
    `score_hand -` over every line of all four profiles (each line carries its own limit,
    pairs, settlement and players)."""
    first, *others = PROFILE_OPTIONS
    printed = [command("play_bots", "--game", "mahjongg", "--lines", *first)]
    printed += [run("--lines", *options) for options in others]
    per_profile = [rows_of(text) for text in printed]
    for rows in per_profile:
        assert len(rows) > 40 and any(line.startswith("settle=") for line, _ in rows)
    rows = [row for profile_rows in per_profile for row in profile_rows]

    answers = command(
        "score_hand", "--game", "mahjongg", "-", stdin="".join(line + "\n" for line, _ in rows)
    )

    got = []
    for answer in answers.splitlines():
        data = json.loads(answer)
        assert data["ok"], data
        got.append(data["text"] if "text" in data else str(data["score"]))
    assert got == [expected for _, expected in rows]


def test_a_hand_line_holds_seat_round_limit_and_pairs_and_the_callers_win_and_by() -> None:
    text = run("--seed", "3", "--lines", "--limit", "2000", "--pairs", "all")

    hands = [line.split("\t")[0] for line in text.splitlines() if "seat=" in line]
    assert all(re.search(r"seat=[ESWN] round=[ESWN] limit=2000 pairs=all$", h) for h in hands)
    callers = [h for h in hands if "win=" in h]
    assert callers and all(
        re.search(r"win=\S+ by=(wall|discard|kan|last) seat=", h) for h in callers
    )
    assert re.search(r"^settle=diff winner=[ESWN] dealer=E E=\d+ S=\d+ W=\d+ N=\d+\t", text, re.M)


def test_it_reports_each_match_the_same_per_seed() -> None:
    def summary(text: str) -> list[str]:
        return [line.rsplit(",", 1)[0] for line in text.splitlines()[:-1]]  # no timings

    first = run("--seed", "8", "--matches", "2", "--players", "3")

    assert re.match(r"match 1 \(seed 8\): \d+ games \(\d+ drawn\), balance ", first)
    assert re.search(r"2 matches, \d+ games, \d+ moves in [\d.]+ s: \d+ moves/s", first)
    assert summary(first) == summary(run("--seed", "8", "--matches", "2", "--players", "3"))
    timing = re.compile(r"\d+ moves in .*$", re.M)
    lines = timing.sub("", run("--seed", "8", "--lines"))
    assert lines == timing.sub("", run("--seed", "8", "--lines"))


def test_a_profile_that_cannot_be_is_refused() -> None:
    with pytest.raises(CommandError, match="players"):
        run("--players", "5")
    with pytest.raises(CommandError, match="limit"):
        run("--limit", "0")


def test_mhing_stays_the_default_game() -> None:
    out = StringIO()
    call_command("play_bots", "--players", "3", "--seed", "4", "--target", "60", stdout=out)

    assert re.match(r"match 1 \(seed 4\): winner seat \d", out.getvalue())
