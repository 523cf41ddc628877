"""Batch scoring end to end: `manage.py score_hand -` on a file of hands, as a user runs it.

Part of `python -m benchmarks.scoring`. The command runs as a subprocess on a file of N seeded
random jokerless hands, its answers going to a file, and on the first hand alone: the
one-hand run pays the process start (Python, Django) and little else, so the command's
hands/s are (N - 1) / (time of the N-hand run - time of the one-hand run). The peer scores
the same N hands in this process. Each round times the peer, then the one-hand run, then
the N-hand run, so that a load that comes and goes on a shared machine falls on all three;
the figures are medians over the rounds (of each round's difference, for the command), by
the wall clock and by CPU time.
"""

from __future__ import annotations

import gc
import math
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from time import perf_counter, process_time
from typing import Any

from scoring.mhing import format_hand

REPO = Path(__file__).resolve().parents[1]
DEFAULT_BATCH_HANDS = 3000
DEFAULT_ROUNDS = 15
TARGET_BATCH_RATIO = 2.0  # the command's hands/s over the peer's in-process hands/s


@dataclass(frozen=True)
class Clocks:
    """How long something took: wall-clock seconds, and CPU seconds (user + system) of the
    process that did it. On a machine shared with others, CPU time counts only the time the
    work ran, not the time it waited for a core."""

    wall: float
    cpu: float


def batch_corpus(hands: int, seed: int) -> list[Any]:
    """`hands` jokerless winning hands (sets exposed and flowers as in the rest of the
    benchmark), as `benchmarks.mhing_corpus.BenchHand`s."""
    from benchmarks.mhing_corpus import BenchHand, random_hand

    rng = random.Random(f"batch {seed}")
    corpus = []
    for _ in range(hands):
        hand = random_hand(rng, 0)
        corpus.append(BenchHand(hand, format_hand(hand), 0, "no jokers"))
    return corpus


def run_command(path: Path, expected_lines: int, answers: Path) -> Clocks:
    """How long `manage.py score_hand - < path > answers` takes, from start to exit."""
    with path.open("rb") as stdin, answers.open("wb") as stdout:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = perf_counter()
        result = subprocess.run(
            [sys.executable, "manage.py", "score_hand", "-"],
            cwd=REPO,
            stdin=stdin,
            stdout=stdout,
            stderr=subprocess.PIPE,
            check=False,
        )
        wall = perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    written = answers.read_bytes()
    lines = written.count(b"\n")
    if result.returncode != 0 or lines != expected_lines:
        raise RuntimeError(
            f"score_hand - exited {result.returncode} with {lines} answers for "
            f"{expected_lines} hands: {result.stderr.decode(errors='replace')[-500:]}"
        )
    if written.count(b'"ok":true') != expected_lines:
        raise RuntimeError("score_hand - failed to score some of the benchmark's hands")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Clocks(wall, cpu)


def time_in_process(score: Callable[[Any], Any], items: Sequence[Any]) -> Clocks:
    """How long scoring the items one after the other takes in this process, with the
    collector set as `score_hand -` sets it: what exists before is frozen out of its sight."""
    gc.collect()
    gc.freeze()
    try:
        wall, cpu = perf_counter(), process_time()
        for item in items:
            try:
                score(item)
            except Exception:  # noqa: BLE001 - the peer's errors are counted elsewhere
                pass
        return Clocks(perf_counter() - wall, process_time() - cpu)
    finally:
        gc.unfreeze()


def load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load average unknown"
    return f"load average {one:.2f} / {five:.2f} / {fifteen:.2f} (1 / 5 / 15 min)"


def per_second(hands: int, seconds: float) -> float:
    return hands / seconds if seconds > 0 else math.inf


def median(clocks: Sequence[Clocks], clock: str) -> float:
    return statistics.median(getattr(c, clock) for c in clocks)


def run_batch(
    hands: int,
    rounds: int,
    seed: int,
    peer: Callable[[Sequence[Any]], Callable[[], Clocks]] | None,
    out: Callable[[str], None] = print,
) -> tuple[float, float] | None:
    """Print the section. Return the command's hands/s over the peer's, by the wall clock
    and by CPU time, or None without a peer. `peer(corpus)` prepares the peer's items and
    returns what times one pass over them."""
    corpus = batch_corpus(hands, seed)
    time_peer = peer(corpus) if peer else None
    out(
        f"Batch scoring, end to end: manage.py score_hand - on {hands} random jokerless "
        f"hands and on the first alone, {rounds} rounds"
    )
    out(f"  {os.cpu_count()} CPUs, {load()} before")
    ones: list[Clocks] = []
    batches: list[Clocks] = []
    peers: list[Clocks] = []
    with tempfile.TemporaryDirectory() as folder:
        batch_file = Path(folder) / "hands.txt"
        one_file = Path(folder) / "one-hand.txt"
        answers = Path(folder) / "answers.jsonl"
        batch_file.write_text("".join(h.text + "\n" for h in corpus), encoding="utf-8")
        one_file.write_text(corpus[0].text + "\n", encoding="utf-8")
        run_command(one_file, 1, answers)  # warm the file system's caches, unmeasured
        if time_peer:
            time_peer()  # and the peer's own
        for _ in range(rounds):
            if time_peer:
                peers.append(time_peer())
            ones.append(run_command(one_file, 1, answers))
            batches.append(run_command(batch_file, hands, answers))

    out(f"  {'medians of the rounds':<40} {'wall':>9} {'CPU':>9}")
    label = "score_hand -, 1 hand, s"
    out(f"  {label:<40} {median(ones, 'wall'):>9.3f} {median(ones, 'cpu'):>9.3f}")
    label = f"score_hand -, {hands} hands, s"
    out(f"  {label:<40} {median(batches, 'wall'):>9.3f} {median(batches, 'cpu'):>9.3f}")
    # Each round's batch run less the one-hand run just before it: a spell of load then
    # falls on both. (Process starts alone vary by some 0.03 s here, half a batch's work.)
    ours = {
        clock: per_second(
            hands - 1,
            statistics.median(
                getattr(batch, clock) - getattr(one, clock)
                for one, batch in zip(ones, batches, strict=True)
            ),
        )
        for clock in ("wall", "cpu")
    }
    label = "score_hand -, hands/s, start excluded"
    out(f"  {label:<40} {ours['wall']:>9,.0f} {ours['cpu']:>9,.0f}")
    if not peers:
        out("  peer: not installed, no ratio")
        out(f"  {load()} after")
        return None
    theirs = {clock: per_second(hands, median(peers, clock)) for clock in ("wall", "cpu")}
    label = "peer in-process, the same hands, hands/s"
    out(f"  {label:<40} {theirs['wall']:>9,.0f} {theirs['cpu']:>9,.0f}")
    ratios = (ours["wall"] / theirs["wall"], ours["cpu"] / theirs["cpu"])
    label = "score_hand - / peer, hands per second"
    out(f"  {label:<40} {ratios[0]:>8.2f}x {ratios[1]:>8.2f}x")
    out(f"  {load()} after")
    return ratios
