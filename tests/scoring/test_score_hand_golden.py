"""`score_hand`'s JSON is a documented interface (docs/score_hand.md): for the same input it
prints the same bytes, whatever is done to make it faster.

`golden/score_hand_output.jsonl` is what the command printed for `golden/score_hand_input.txt`
before the batch path was reworked for speed. The input holds hands of every kind:
random winning hands with jokers, exposed sets and flowers (`benchmarks.scoring`'s generator), the
same hands typed otherwise (case, order, tabs, CRLF), repeats, nothing-connects hands, every
kind of invalid input, lines that are not UTF-8, Unicode spaces and characters JSON escapes,
a byte-order mark, comments, and a last line without its newline.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring.mhing import InvalidHand, NotWinningHand, score_hand
from scoring.mhing.serialize import result_to_dict

REPO = Path(__file__).resolve().parents[2]
GOLDEN_IN = REPO / "tests" / "scoring" / "golden" / "score_hand_input.txt"
GOLDEN_OUT = REPO / "tests" / "scoring" / "golden" / "score_hand_output.jsonl"


def golden_pairs() -> list[tuple[str, str]]:
    """(hand as the command echoes it, the line it printed) for each UTF-8 hand."""
    out = GOLDEN_OUT.read_text(encoding="utf-8").splitlines()
    return [(json.loads(line)["hand"], line) for line in out]


def first_difference(got: bytes, expected: bytes) -> str:
    for number, (a, b) in enumerate(zip(got.split(b"\n"), expected.split(b"\n"), strict=False)):
        if a != b:
            return f"line {number + 1}:\n  got      {a[:300]!r}\n  expected {b[:300]!r}"
    newline = b"\n"
    return f"{got.count(newline)} lines against {expected.count(newline)}"


@pytest.mark.parametrize("locale", ["C.UTF-8", "C"])
def test_stdin_output_is_byte_for_byte_the_golden_file(locale: str) -> None:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    environment.pop("PYTHONIOENCODING", None)

    result = subprocess.run(
        [sys.executable, "manage.py", "score_hand", "-"],
        cwd=REPO,
        input=GOLDEN_IN.read_bytes(),
        capture_output=True,
        env={**environment, "LC_ALL": locale},
        timeout=120,
    )

    assert result.returncode == 0, result.stderr.decode()
    expected = GOLDEN_OUT.read_bytes()
    assert result.stdout == expected, first_difference(result.stdout, expected)


def test_call_command_on_a_byte_stream_prints_the_golden_file() -> None:
    out = io.StringIO()

    call_command("score_hand", "-", stdin=io.BytesIO(GOLDEN_IN.read_bytes()), stdout=out)

    got, expected = out.getvalue().encode(), GOLDEN_OUT.read_bytes()
    assert got == expected, first_difference(got, expected)


def test_scoring_the_corpus_twice_in_one_run_prints_it_twice() -> None:
    """Whatever is remembered from one hand to the next changes no answer."""
    data = GOLDEN_IN.read_bytes()
    again = data.removeprefix(b"\xef\xbb\xbf")  # a byte-order mark counts only before line 1
    out = io.StringIO()

    call_command("score_hand", "-", stdin=io.BytesIO(data + b"\n" + again), stdout=out)

    expected = GOLDEN_OUT.read_text(encoding="utf-8")
    assert out.getvalue() == expected + expected


def test_json_for_one_hand_is_the_golden_line() -> None:
    pairs = golden_pairs()
    picked = pairs[1:40:3] + [p for p in pairs if '"ok":false' in p[1]][:12]

    for hand, line in picked:
        if "\ufffd" in hand or hand != hand.strip():
            continue  # not UTF-8 in the input, or spaces the argument would keep
        out = io.StringIO()
        try:
            call_command("score_hand", "--json", hand, stdout=out)
        except CommandError:  # a hand that does not score: its exit status is tested elsewhere
            pass
        assert out.getvalue() == line + "\n", hand


def test_result_to_dict_is_what_the_command_prints() -> None:
    """The pages and the league store `score_to_dict`; it must say what the CLI says."""
    for hand, line in golden_pairs():
        if "\ufffd" in hand:
            continue
        try:
            outcome = score_hand(hand)
        except (InvalidHand, NotWinningHand) as error:
            outcome = error
        data = result_to_dict(hand, outcome)
        assert json.dumps(data, ensure_ascii=False, separators=(",", ":")) == line, hand
