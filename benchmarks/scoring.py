"""How fast the engine scores winning hands, next to a peer library: `python -m benchmarks.scoring`.

A report, not a test: it prints figures and whether they meet the targets, and exits 0
either way. It imports no Django, only the pure engine (and the peer, `mahjong`, a dev extra);
its last part runs `manage.py score_hand -` as a user does, in a process of its own, to time
batch scoring end to end (`benchmarks.scoring_batch`).

The corpus is random but seeded, and built before anything is timed: each hand is four sets
and a pair drawn within the deck (4 copies of a card), some sets exposed, some cards then
replaced by Mhing cards, and 0-2 flowers. Such a hand always wins: a joker can stand for the
card it replaced.
"""

from __future__ import annotations

import argparse
import platform
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from benchmarks.mhing_corpus import CLASSES, BenchHand, build_corpus
from benchmarks.scoring_batch import (
    DEFAULT_BATCH_HANDS,
    DEFAULT_ROUNDS,
    TARGET_BATCH_RATIO,
    Clocks,
    run_batch,
    time_in_process,
)
from benchmarks.scoring_peer import load_peer, peer_corpus
from benchmarks.timing import HEADER, Figures, time_each, verdict
from scoring.mhing import score_hand

DEFAULT_HANDS = 2000
DEFAULT_SEED = 2026
WARM_UP = 50

# Targets, printed with PASS/MISS next to what was measured.
TARGET_PEER_RATIO = 2.0  # ours / peer hands per second, jokerless hands
TARGET_P99_MS = 2.0  # 3-6 jokers, 99th percentile
TARGET_WORST_MS = 20.0  # any hand


# The report


@dataclass(frozen=True)
class _PeerOutcome:
    error: str | None  # the peer's own error text, e.g. "no_yaku"


def run(
    hands_per_class: int,
    seed: int,
    out: Callable[[str], None] = print,
    batch_hands: int = DEFAULT_BATCH_HANDS,
    batch_rounds: int = DEFAULT_ROUNDS,
) -> None:
    corpus = build_corpus(hands_per_class, seed)
    warm_up = build_corpus(WARM_UP, seed + 1)  # other hands: the engine caches by pattern
    jokerless = [h for h in corpus if h.jokers == 0]
    peer = load_peer()
    peer_items = peer_corpus(jokerless, seed) if peer else []
    peer_warm_up = peer_corpus([h for h in warm_up if h.jokers == 0], seed + 1) if peer else []

    out(f"Mhing scoring benchmark: {hands_per_class} hands per class, seed {seed}")
    out(
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.system()} {platform.machine()}"
    )
    out("")

    time_each(score_hand, [h.hand for h in warm_up])
    times, results, our_gc = time_each(
        score_hand, [h.hand for h in corpus], keep=lambda score: score.credits
    )
    failures = [(h, r) for h, r in zip(corpus, results, strict=True) if isinstance(r, Exception)]

    out(f"Ours: scoring.mhing.score_hand, {len(warm_up)} warm-up hands first")
    out(HEADER)
    by_class: dict[str, Figures] = {}
    for label, _counts in CLASSES:
        figures = Figures.of([t for h, t in zip(corpus, times, strict=True) if h.label == label])
        by_class[label] = figures
        out(figures.row(label))
    out("")
    out("  by exact number of jokers")
    out(HEADER)
    for jokers in range(7):
        picked = [t for h, t in zip(corpus, times, strict=True) if h.jokers == jokers]
        if picked:
            noun = "joker" if jokers == 1 else "jokers"
            out(Figures.of(picked).row(f"{jokers} {noun}"))
    worst_time, worst = max(zip(times, corpus, strict=True), key=lambda pair: pair[0])
    out("")
    out(f"  worst hand: {worst_time * 1000:.3f} ms  {worst.text}  ({worst.jokers} jokers)")
    out(f"  hands that failed to score: {len(failures)}")
    out(f"  garbage collector: {our_gc.summary()}")
    for hand, error in failures[:5]:
        out(f"    {hand.text}: {error!r}")
    out("")

    ratio = None
    if peer is None:
        out("Peer: the mahjong library is not installed (pip install -e '.[dev]'); skipped")
    else:
        score_peer, version = peer
        time_each(score_peer, peer_warm_up)
        peer_times, peer_results, peer_gc = time_each(
            score_peer, peer_items, keep=lambda response: _PeerOutcome(response.error)
        )
        errors = Counter(
            getattr(r, "error", None) or repr(r)
            for r in peer_results
            if isinstance(r, Exception) or getattr(r, "error", None)
        )
        peer_figures = Figures.of(peer_times)
        ratio = by_class["no jokers"].per_second / peer_figures.per_second
        out(f"Peer: mahjong {version}, riichi HandCalculator.estimate_hand_value, self-drawn,")
        out(
            f"  on the {len(peer_items)} jokerless hands (exposed sets taken as concealed), "
            f"{len(peer_warm_up)} warm-up hands first"
        )
        out(HEADER)
        out(peer_figures.row("peer"))
        out(by_class["no jokers"].row("ours"))
        out(f"  peer errors: {sum(errors.values())} of {len(peer_items)}")
        for message, n in errors.most_common(3):
            out(f"    {n} x {message}")
        out(f"  garbage collector: {peer_gc.summary()}")
        out(f"  ours / peer, hands per second: {ratio:.2f}x")
    out("")

    peer_timer = None
    if peer is not None:
        score_peer = peer[0]

        def peer_timer(hands: Sequence[BenchHand]) -> Callable[[], Clocks]:
            items = peer_corpus(hands, seed)
            return lambda: time_in_process(score_peer, items)

    batch_ratios = run_batch(batch_hands, batch_rounds, seed, peer_timer, out)
    out("")

    p99 = by_class["3-6 jokers"].p99_ms
    worst_ms = worst_time * 1000
    out("Targets")
    batch_ratio = batch_ratios[0] if batch_ratios else None
    for label, got, target in (
        ("jokerless hands/s", ratio, TARGET_PEER_RATIO),
        ("score_hand - hands/s", batch_ratio, TARGET_BATCH_RATIO),
    ):
        name = f"{label} >= {target:g}x peer:"
        if got is None:
            out(f"  {name:<34}{'no peer':>9}   n/a")
        else:
            out(f"  {name:<34}{got:>8.2f}x   {verdict(got >= target)}")
    if batch_ratios:
        out(f"    (wall clock; by CPU time {batch_ratios[1]:.2f}x)")
    name = f"3-6 jokers p99 <= {TARGET_P99_MS:g} ms:"
    out(f"  {name:<34}{p99:>8.3f} ms {verdict(p99 <= TARGET_P99_MS)}")
    name = f"worst hand <= {TARGET_WORST_MS:g} ms:"
    out(f"  {name:<34}{worst_ms:>8.3f} ms {verdict(worst_ms <= TARGET_WORST_MS)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.scoring",
        description="Time the scoring engine on seeded random winning hands, and "
        "`manage.py score_hand -` on a file of them, next to the mahjong library's riichi "
        "scorer; with --game mahjongg, the classical Mah-Jongg engine on seeded random "
        "hands. A report: exits 0 whatever the figures.",
    )
    parser.add_argument(
        "--game",
        choices=("mhing", "mahjongg"),
        default="mhing",
        help="the engine to time (default mhing); mahjongg has no peer and no batch part",
    )
    parser.add_argument(
        "--hands",
        type=int,
        default=DEFAULT_HANDS,
        help=f"hands per class (default {DEFAULT_HANDS})",
    )
    parser.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"corpus seed (default {DEFAULT_SEED})"
    )
    parser.add_argument(
        "--batch-hands",
        type=int,
        default=DEFAULT_BATCH_HANDS,
        help=f"jokerless hands for `score_hand -`, end to end (default {DEFAULT_BATCH_HANDS})",
    )
    parser.add_argument(
        "--batch-rounds",
        type=int,
        default=DEFAULT_ROUNDS,
        help=f"times `score_hand -` is run, each way (default {DEFAULT_ROUNDS})",
    )
    args = parser.parse_args(argv)
    if min(args.hands, args.batch_rounds) < 1 or args.batch_hands < 2:
        parser.error("--hands and --batch-rounds must be at least 1, --batch-hands 2")
    if args.game == "mahjongg":
        from benchmarks import scoring_mahjongg  # it builds on this module's timing

        scoring_mahjongg.run(args.hands, args.seed)
        return 0
    run(args.hands, args.seed, batch_hands=args.batch_hands, batch_rounds=args.batch_rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
