"""Timing calls one by one, and the figures the scoring benchmarks print of them
(benchmarks.scoring, benchmarks.scoring_mahjongg)."""

from __future__ import annotations

import gc
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import Any


class GcPauses:
    """Collections the garbage collector ran inside a block, and how long each took: a full
    (generation 2) collection lands inside whichever call triggers it, so it can make that
    hand look slow."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float]] = []  # (generation, seconds)
        self._started = 0.0

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = perf_counter()
        else:
            self.pauses.append((info["generation"], perf_counter() - self._started))

    def __enter__(self) -> GcPauses:
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._callback)

    def summary(self) -> str:
        full = [seconds for generation, seconds in self.pauses if generation == 2]
        longest = max(full, default=0.0) * 1000
        return (
            f"{len(self.pauses)} collections while timing, {len(full)} of them full "
            f"(longest full one {longest:.3f} ms)"
        )


def time_each(
    call: Callable[[Any], Any],
    items: Sequence[Any],
    keep: Callable[[Any], Any] = lambda r: r,
    clock: Callable[[], float] = perf_counter,
) -> tuple[list[float], list[Any], GcPauses]:
    """Seconds taken by each call, `keep(result)` of each (an exception counts as a result),
    and the garbage collector's pauses among them. `clock` is the wall clock unless told
    otherwise (`time.process_time`: the CPU time this process used, which a load from other
    processes on the machine leaves out).

    Only `keep(result)` is held on to: holding thousands of whole results would grow the heap
    that every full collection walks, and charge the harness's memory to the engine. What was
    built before timing (the corpus, the libraries) is frozen out of the collector's sight, as
    a long-running server does after start-up (`gc.freeze`); both engines get the same.
    """
    gc.collect()
    gc.freeze()
    times, results = [], []
    try:
        with GcPauses() as pauses:
            for item in items:
                start = clock()
                try:
                    result = call(item)
                except Exception as error:  # a report counts failures, it does not stop
                    result = error
                times.append(clock() - start)
                results.append(result if isinstance(result, Exception) else keep(result))
    finally:
        gc.unfreeze()
    return times, results, pauses


@dataclass(frozen=True)
class Figures:
    hands: int
    per_second: float
    p50_ms: float
    p99_ms: float
    max_ms: float

    @classmethod
    def of(cls, times: Sequence[float]) -> Figures:
        ordered = sorted(times)

        def percentile(p: float) -> float:  # nearest rank
            return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] * 1000

        total = sum(ordered)
        return cls(
            hands=len(ordered),
            per_second=len(ordered) / total if total else math.inf,
            p50_ms=percentile(50),
            p99_ms=percentile(99),
            max_ms=ordered[-1] * 1000,
        )

    def row(self, label: str, width: int = 12) -> str:
        return (
            f"  {label:<{width}} {self.hands:>6} {self.per_second:>10,.0f} "
            f"{self.p50_ms:>8.3f} {self.p99_ms:>8.3f} {self.max_ms:>8.3f}"
        )


def header(width: int = 12) -> str:
    """The column heads over `Figures.row`s whose labels are `width` wide."""
    return f"  {'':<{width}} {'hands':>6} {'hands/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}"


HEADER = header()


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"
