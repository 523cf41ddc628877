"""`manage.py play_bots`: bots play whole matches and the command reports them and the speed."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args: str) -> str:
    out = StringIO()
    call_command("play_bots", *args, stdout=out)
    return out.getvalue()


def test_it_reports_each_match_and_the_moves_per_second() -> None:
    text = run("--matches", "2", "--players", "3", "--seed", "4", "--target", "60")

    lines = text.strip().splitlines()
    assert lines[0].startswith("match 1 (seed 4): winner seat ")
    assert lines[1].startswith("match 2 (seed 5): ")
    assert re.search(r"2 matches, \d+ rounds, \d+ moves in [\d.]+ s: \d+ moves/s", lines[2])


def test_it_plays_chips_until_the_agreed_rounds() -> None:
    text = run("--players", "2", "--variant", "chips", "--rounds", "3", "--seed", "2")

    assert re.search(r"match 1 \(seed 2\): winner .*, [1-3] rounds", text)


def test_the_same_seed_plays_the_same_match() -> None:
    def summary(text: str) -> str:
        return text.splitlines()[0].rsplit(",", 1)[0]  # without the timing

    first = run("--players", "4", "--seed", "8", "--target", "100")
    assert summary(first) == summary(run("--players", "4", "--seed", "8", "--target", "100"))


@pytest.mark.parametrize(
    "args",
    [
        ("--players", "7"),
        ("--players", "5", "--variant", "chips"),
        ("--target", "0"),
        ("--matches", "0"),
    ],
)
def test_it_refuses_a_match_the_rules_do_not_allow(args: tuple[str, ...]) -> None:
    with pytest.raises(CommandError):
        run(*args)
