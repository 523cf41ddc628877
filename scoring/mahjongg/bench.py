"""How fast the Mah-Jongg engine scores hands: `python -m scoring.mahjongg.bench`.

A report, not a test: it prints hands per second and p50/p99 per class of hand and whether
the target is met (p99 <= 1 ms a hand), and exits 0 either way. Each hand is timed from its
line of notation (read, checked and scored), as the command line will do.

The corpus is random but seeded, and built before anything is timed:

* callers: four sets (chi, pon or kan) and a pair within the tiles (4 copies of each), sets
  laid out at random (kans always: exposed or declared), a winning tile from the concealed
  ones and how it came; a few are seven pairs instead;
* callers with kans: the same, each with at least one kan;
* others: 13 tiles plus one per kan, with 0-2 sets laid out and a pon or two in the hand.

Each hand gets 0-2 bonus tiles, now and then all of a group.

Wiring this into `python -m scoring.bench --game mahjongg` (and `manage.py score_hand --game
mahjongg`) is left to whoever next edits those files: the timing harness is written out here
because a pure package may not import `scoring.bench`.
"""

from __future__ import annotations

import argparse
import gc
import math
import platform
import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from time import perf_counter

from scoring.mhing.melds import SEQUENCE_IDS, TRIPLET_IDS, set_cards

from .hand import Hand, Meld, WinBy
from .notation import format_hand
from .score import score_hand
from .tiles import COPIES_PER_CARD, KINDS, TILES, Bonus, Wind

DEFAULT_HANDS = 2000
DEFAULT_SEED = 2026
WARM_UP = 200
TARGET_P99_MS = 1.0

CLASSES = ("callers", "callers, kans", "others")
SEVEN_PAIRS_SHARE = 0.05
LAY_OUT = 0.3  # chance that a chi or pon of a caller lies exposed


@dataclass(frozen=True)
class BenchHand:
    text: str
    label: str


def _draw_set(rng: random.Random, counts: list[int], kan: bool) -> list[int] | None:
    if kan:
        tile = rng.randrange(KINDS)
        tiles = [tile] * 4
    else:
        # Chi or pon first, then which: all 55 sets at once would give mostly pons.
        set_id = rng.choice(SEQUENCE_IDS if rng.random() < 0.5 else TRIPLET_IDS)
        tiles = list(set_cards(set_id))
    if any(counts[t] + n > COPIES_PER_CARD for t, n in Counter(tiles).items()):
        return None
    for t in tiles:
        counts[t] += 1
    return tiles


def _bonus(rng: random.Random) -> tuple[Bonus, ...]:
    if rng.random() < 0.03:
        return tuple(Bonus)[:4] if rng.random() < 0.5 else tuple(Bonus)
    return tuple(rng.sample(list(Bonus), rng.randint(0, 2)))


def caller_hand(rng: random.Random, kans: int) -> Hand:
    seat, round_wind = rng.choice(list(Wind)), rng.choice(list(Wind))
    if not kans and rng.random() < SEVEN_PAIRS_SHARE:
        pairs = rng.sample(range(KINDS), 7)
        concealed = [TILES[t] for t in pairs for _ in range(2)]
        by = rng.choice([WinBy.WALL, WinBy.DISCARD])
        win = rng.choice(concealed)
        return Hand(tuple(concealed), (), _bonus(rng), seat, round_wind, win, by)
    counts = [0] * KINDS
    sets: list[list[int]] = []
    while len(sets) < 4:
        drawn = _draw_set(rng, counts, kan=len(sets) < kans)
        if drawn is not None:
            sets.append(drawn)
    pair = rng.choice([t for t in range(KINDS) if counts[t] + 2 <= COPIES_PER_CARD])
    concealed = [TILES[pair]] * 2
    melds = []
    for tiles in sets:
        if len(tiles) == 4:
            melds.append(Meld(tuple(TILES[t] for t in tiles), concealed=rng.random() < 0.5))
        elif rng.random() < LAY_OUT:
            melds.append(Meld(tuple(TILES[t] for t in tiles)))
        else:
            concealed.extend(TILES[t] for t in tiles)
    ways = [WinBy.WALL, WinBy.DISCARD, WinBy.DISCARD, WinBy.LAST] + [WinBy.KAN] * bool(kans)
    return Hand(
        tuple(concealed),
        tuple(melds),
        _bonus(rng),
        seat,
        round_wind,
        rng.choice(concealed),
        rng.choice(ways),
    )


def other_hand(rng: random.Random) -> Hand:
    counts = [0] * KINDS
    melds = []
    for _ in range(rng.randint(0, 2)):
        drawn = _draw_set(rng, counts, kan=rng.random() < 0.3)
        if drawn is not None:
            declared = len(drawn) == 4 and rng.random() < 0.3
            melds.append(Meld(tuple(TILES[t] for t in drawn), concealed=declared))
    concealed: list[int] = []
    for _ in range(rng.randint(0, 2)):  # a pon or two in the hand
        tile = rng.randrange(KINDS)
        if counts[tile] + 3 <= COPIES_PER_CARD and len(concealed) + 3 <= 13 - 3 * len(melds):
            counts[tile] += 3
            concealed.extend([tile] * 3)
    while len(concealed) < 13 - 3 * len(melds):
        tile = rng.randrange(KINDS)
        if counts[tile] < COPIES_PER_CARD:
            counts[tile] += 1
            concealed.append(tile)
    seat, round_wind = rng.choice(list(Wind)), rng.choice(list(Wind))
    return Hand(tuple(TILES[t] for t in concealed), tuple(melds), _bonus(rng), seat, round_wind)


def build_corpus(hands_per_class: int, seed: int) -> list[BenchHand]:
    """The same hands for the same arguments, class by class."""
    rng = random.Random(seed)
    corpus = []
    for label in CLASSES:
        for _ in range(hands_per_class):
            if label == "others":
                hand = other_hand(rng)
            else:
                hand = caller_hand(rng, rng.randint(1, 3) if label == "callers, kans" else 0)
            corpus.append(BenchHand(format_hand(hand), label))
    return corpus


# Timing


def time_each(lines: Sequence[str]) -> tuple[list[float], list[int | Exception], int]:
    """Seconds per line, each score's total (or the exception), and how many full garbage
    collections ran while timing. What was built before is frozen out of the collector's
    sight, as a long-running server does after start-up."""
    full = 0

    def count(phase: str, info: dict[str, int]) -> None:
        nonlocal full
        if phase == "start" and info["generation"] == 2:
            full += 1

    gc.collect()
    gc.freeze()
    gc.callbacks.append(count)
    times: list[float] = []
    results: list[int | Exception] = []
    try:
        for line in lines:
            start = perf_counter()
            try:
                result: int | Exception = score_hand(line).total
            except Exception as error:  # a report counts failures, it does not stop
                result = error
            times.append(perf_counter() - start)
            results.append(result)
    finally:
        gc.callbacks.remove(count)
        gc.unfreeze()
    return times, results, full


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
            len(ordered),
            len(ordered) / total if total else math.inf,
            percentile(50),
            percentile(99),
            ordered[-1] * 1000,
        )

    def row(self, label: str) -> str:
        return (
            f"  {label:<14} {self.hands:>6} {self.per_second:>10,.0f} "
            f"{self.p50_ms:>8.3f} {self.p99_ms:>8.3f} {self.max_ms:>8.3f}"
        )


HEADER = f"  {'':<14} {'hands':>6} {'hands/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}"


def run(hands_per_class: int, seed: int, out=print) -> Figures:
    corpus = build_corpus(hands_per_class, seed)
    warm_up = build_corpus(WARM_UP, seed + 1)  # other hands: the engine caches by pattern
    out(f"Mah-Jongg scoring benchmark: {hands_per_class} hands per class, seed {seed}")
    out(
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.system()} {platform.machine()}"
    )
    out("")
    time_each([h.text for h in warm_up])
    times, results, full_collections = time_each([h.text for h in corpus])

    out(f"scoring.mahjongg.score_hand from the line, {len(warm_up)} warm-up hands first")
    out(HEADER)
    for label in CLASSES:
        out(
            Figures.of([t for h, t in zip(corpus, times, strict=True) if h.label == label]).row(
                label
            )
        )
    overall = Figures.of(times)
    out(overall.row("all"))
    worst_time, worst = max(zip(times, corpus, strict=True), key=lambda pair: pair[0])
    failures = [(h, r) for h, r in zip(corpus, results, strict=True) if isinstance(r, Exception)]
    out("")
    out(f"  worst hand: {worst_time * 1000:.3f} ms  {worst.text}")
    out(f"  hands that failed to score: {len(failures)}")
    for hand, error in failures[:5]:
        out(f"    {hand.text}: {error!r}")
    out(f"  full garbage collections while timing: {full_collections}")
    out("")
    ok = overall.p99_ms <= TARGET_P99_MS
    out("Target")
    verdict = "PASS" if ok else "MISS"
    out(f"  p99 <= {TARGET_P99_MS:g} ms a hand: {overall.p99_ms:>8.3f} ms {verdict}")
    return overall


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scoring.mahjongg.bench",
        description="Time the Mah-Jongg scorer on seeded random hands (callers and others, "
        "with kans and bonus tiles). A report: exits 0 whatever the figures.",
    )
    parser.add_argument(
        "--hands", type=int, default=DEFAULT_HANDS, help=f"hands per class ({DEFAULT_HANDS})"
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"seed ({DEFAULT_SEED})")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    run(args.hands, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
