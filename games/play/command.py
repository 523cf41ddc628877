"""`manage.py play_bots` (Mhing, the default): its options, and the matches played and
reported (pure, so the Django command stays a thin shell, as games.play.mahjongg.command is
Mah-Jongg's). Match i (from 0) is played from seed S + i, so `--seed S+i --matches 1`
replays it alone."""

from __future__ import annotations

import time
from argparse import ArgumentParser
from collections.abc import Callable
from typing import Any

from scoring.mhing.match_scoring import MatchRules, Variant

from .autoplay import play_match


def add_mhing_arguments(parser: ArgumentParser) -> None:
    group = parser.add_argument_group("Mhing (the default): the match's rules")
    group.add_argument("--target", type=int, default=500, help="Points race: points to win (500).")
    group.add_argument(
        "--variant", choices=[v.value for v in Variant], default=Variant.POINTS.value
    )
    group.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="Chips: end after this many rounds (default: when one player holds all).",
    )


def play_mhing(out: Callable[[str], None], options: dict[str, Any]) -> None:
    """The matches played and reported; a ValueError names rules that cannot be."""
    MatchRules(
        options["players"], Variant(options["variant"]), options["target"], options["rounds"]
    )
    matches = options["matches"]
    moves = rounds = 0
    started = time.perf_counter()
    cpu_started = time.process_time()
    for i in range(matches):
        seed = options["seed"] + i
        report = play_match(
            options["players"],
            seed,
            variant=options["variant"],
            target=options["target"],
            round_limit=options["rounds"],
        )
        match = report.match
        draws = sum(1 for r in match.rounds if r.winner is None)
        winner = "none (tie)" if match.winner is None else f"seat {match.winner}"
        out(
            f"match {i + 1} (seed {seed}): winner {winner}, {len(match.rounds)} rounds "
            f"({draws} drawn), totals {' '.join(str(t) for t in match.totals)}, "
            f"{report.moves} moves in {report.seconds:.2f} s"
        )
        moves += report.moves
        rounds += len(match.rounds)
    seconds = time.perf_counter() - started
    # CPU time too: on a busy machine the wall clock says more about the neighbours.
    cpu = max(time.process_time() - cpu_started, 1e-9)
    out(
        f"{matches} matches, {rounds} rounds, {moves} moves in {seconds:.2f} s: "
        f"{moves / seconds:.0f} moves/s, {1000 * seconds / rounds:.1f} ms per round "
        f"({moves / cpu:.0f} moves per CPU second)"
    )
