"""`manage.py score_hand -` as a batch and as a conversation: answers to the lines that have
arrived are written before the command waits for more, lines cut anywhere by the reads come
out whole, and whatever it remembers from line to line changes no answer."""

from __future__ import annotations

import gc
import io
import json
import subprocess
import sys
import threading
from pathlib import Path

from django.core.management import call_command

from scoring.management.commands import score_hand as command
from scoring.management.commands.score_hand import arriving_lines

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "scoring" / "golden"
RULES_EXAMPLE = "567b 567b 678b 789b 99b"
EXPOSED_EXAMPLE = "123c 123c 99b [5b J 7b] [RdRdRd] F F"


def read_line(stream, timeout: float = 60) -> bytes:
    """One line from the stream, or b"" if none comes within the timeout."""
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    return got[0] if got else b""


def test_a_client_gets_each_answer_before_it_sends_the_next_hand() -> None:
    process = subprocess.Popen(
        [sys.executable, "manage.py", "score_hand", "-"],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        answers = []
        for hand in (RULES_EXAMPLE, "# a comment", "123b", EXPOSED_EXAMPLE):
            process.stdin.write(hand.encode() + b"\n")
            process.stdin.flush()
            if not hand.startswith("#"):
                answers.append(json.loads(read_line(process.stdout)))
        process.stdin.close()
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()

    assert [a["hand"] for a in answers] == [RULES_EXAMPLE, "123b", EXPOSED_EXAMPLE]
    assert [a["ok"] for a in answers] == [True, False, True]


class Trickle(io.RawIOBase):
    """A stream that gives at most `size` bytes per read, as a pipe may."""

    def __init__(self, data: bytes, size: int) -> None:
        self.data, self.size = data, size

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        piece, self.data = self.data[: self.size], self.data[self.size :]
        return piece


def test_lines_cut_by_the_reads_come_out_whole() -> None:
    long_line = b" ".join([b"5b"] * 5000)  # longer than a read, many times over
    data = b"123c\n\n" + long_line + b"\n456k\r\n" + b"x" * 7 + b"\nlast line, no newline"
    expected = [b"123c", b"", long_line, b"456k\r", b"x" * 7, b"last line, no newline"]

    for size in (1, 2, 3, 7, 64, 1 << 16):
        lines = [line for block in arriving_lines(Trickle(data, size)) for line in block]
        assert lines == expected, size


def test_streams_without_block_reads_are_read_line_by_line(tmp_path) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(b"a\nb\n\nc")

    with path.open("rb", buffering=0) as raw:  # a file with no read1
        assert list(arriving_lines(raw)) == [[b"a"], [b"b"], [b""], [b"c"]]
    assert list(arriving_lines(io.StringIO("a\nb\n\nc"))) == [["a"], ["b"], [""], ["c"]]


def golden_run(stdin: bytes) -> str:
    out = io.StringIO()
    call_command("score_hand", "-", stdin=io.BytesIO(stdin), stdout=out)
    return out.getvalue()


def test_more_distinct_lines_than_answers_kept_change_no_answer(monkeypatch) -> None:
    monkeypatch.setattr(command, "ANSWERS_KEPT", 5)
    monkeypatch.setattr(command, "WRITE_LINES", 3)

    got = golden_run((GOLDEN / "score_hand_input.txt").read_bytes())

    assert got == (GOLDEN / "score_hand_output.jsonl").read_text(encoding="utf-8")


def test_a_repeated_line_gets_the_same_answer_each_time() -> None:
    hands = [RULES_EXAMPLE, "123b", RULES_EXAMPLE, EXPOSED_EXAMPLE, "123b", RULES_EXAMPLE]

    lines = golden_run("\n".join(hands).encode()).splitlines()

    assert [json.loads(line)["hand"] for line in lines] == hands
    assert lines[0] == lines[2] == lines[5] and lines[1] == lines[4]


def test_called_from_python_it_leaves_the_garbage_collector_as_it_was() -> None:
    assert gc.get_freeze_count() == 0

    golden_run(f"{RULES_EXAMPLE}\n".encode())

    assert gc.get_freeze_count() == 0
