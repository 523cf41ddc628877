"""How fast the Mah-Jongg engine scores hands: `python -m benchmarks.scoring --game mahjongg`.

A report, not a test: it prints hands per second and p50/p99 per class of hand and whether
the target is met (p99 <= 1 ms a hand), and exits 0 either way. Each hand is timed
from its line of notation (read, checked and scored); then the same lines to the JSON line
`manage.py score_hand --game mahjongg -` writes for each. The timing, the figures and their
printing are `benchmarks.scoring`'s, the Mhing benchmark's; like it, this imports no Django.

The corpus is random but seeded, and built before anything is timed:

* callers: four sets (chi, pon or kan) and a pair within the tiles (4 copies of each), sets
  laid out at random (kans always: exposed or declared), a winning tile from the concealed
  ones and how it came; a few are seven pairs instead;
* callers with kans: the same, each with at least one kan;
* others: 13 tiles plus one per kan, with 0-2 sets laid out and a pon or two in the hand.

Each hand gets 0-2 bonus tiles, now and then all of a group.
"""

from __future__ import annotations

import platform
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from time import process_time

from benchmarks.scoring_batch import load
from benchmarks.timing import Figures, header, time_each, verdict
from scoring.mahjongg.hand import Hand, Meld, WinBy
from scoring.mahjongg.notation import format_hand
from scoring.mahjongg.score import score_hand
from scoring.mahjongg.serialize import line_json
from scoring.mahjongg.tiles import COPIES_PER_CARD, KINDS, TILES, Bonus, Wind
from scoring.mhing.melds import SEQUENCE_IDS, TRIPLET_IDS, set_cards

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


# The report

LABEL_WIDTH = 14  # "callers, kans"


def run(hands_per_class: int, seed: int, out: Callable[[str], None] = print) -> Figures:
    """Print the report; return the figures of all hands scored from their lines, by the
    wall clock."""
    corpus = build_corpus(hands_per_class, seed)
    warm_up = build_corpus(WARM_UP, seed + 1)  # other hands: the engine caches by pattern
    lines = [h.text for h in corpus]
    out(f"Mah-Jongg scoring benchmark: {hands_per_class} hands per class, seed {seed}")
    out(
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.system()} {platform.machine()}"
    )
    out(f"  {load()} before")
    out("")

    time_each(score_hand, [h.text for h in warm_up])
    times, results, pauses = time_each(score_hand, lines, keep=lambda score: score.total)
    failures = [(h, r) for h, r in zip(corpus, results, strict=True) if isinstance(r, Exception)]
    # Once more by CPU time: on a machine shared with other work, a hand the scheduler
    # interrupts looks slow by the wall clock, not by the time the engine spent on it.
    cpu_times, _totals, _pauses = time_each(score_hand, lines, keep=bool, clock=process_time)

    overall = Figures.of(times)
    overall_cpu = Figures.of(cpu_times)
    for title, clocked, figures in (
        ("by the wall clock", times, overall),
        ("by CPU time", cpu_times, overall_cpu),
    ):
        out(f"scoring.mahjongg.score_hand from the line, {title}")
        out(header(LABEL_WIDTH))
        for label in CLASSES:
            picked = [t for h, t in zip(corpus, clocked, strict=True) if h.label == label]
            out(Figures.of(picked).row(label, LABEL_WIDTH))
        out(figures.row("all", LABEL_WIDTH))
        out("")
    out(f"  ({len(warm_up)} warm-up hands first)")
    worst_time, worst = max(zip(times, corpus, strict=True), key=lambda pair: pair[0])
    out(f"  worst hand by the wall clock: {worst_time * 1000:.3f} ms  {worst.text}")
    out(f"  hands that failed to score: {len(failures)}")
    for hand, error in failures[:5]:
        out(f"    {hand.text}: {error!r}")
    out(f"  garbage collector: {pauses.summary()}")
    out("")

    json_times, _answers, json_pauses = time_each(line_json, lines, keep=len)
    json_cpu, _answers, _pauses = time_each(line_json, lines, keep=len, clock=process_time)
    out("The same lines to their JSON answer (score_hand --game mahjongg - writes it)")
    out(header(LABEL_WIDTH))
    out(Figures.of(json_times).row("all, wall", LABEL_WIDTH))
    out(Figures.of(json_cpu).row("all, CPU", LABEL_WIDTH))
    out(f"  garbage collector: {json_pauses.summary()}")
    out(f"  {load()} after")
    out("")

    out("Target")
    for name, figures in (("wall clock", overall), ("CPU time", overall_cpu)):
        label = f"p99 <= {TARGET_P99_MS:g} ms a hand, {name}:"
        ok = figures.p99_ms <= TARGET_P99_MS
        out(f"  {label:<34}{figures.p99_ms:>8.3f} ms {verdict(ok)}")
    return overall
