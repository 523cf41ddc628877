"""`manage.py play_bots --game mahjongg`: the profile's options, and the matches played and
reported (pure, so the Django command stays a thin shell). Match i (from 0) is played from
seed S + i, so `--seed S+i --matches 1` replays it alone."""

from __future__ import annotations

import time
from argparse import ArgumentParser
from collections.abc import Callable
from typing import Any

from scoring.mahjongg.hand import Pairs
from scoring.mahjongg.profile import Profile
from scoring.mahjongg.rotation import Rotation
from scoring.mahjongg.settle import Method

from .autoplay import play_match
from .lines import game_header, game_lines


def add_mahjongg_arguments(parser: ArgumentParser) -> None:
    group = parser.add_argument_group("Mah-Jongg (--game mahjongg): the table's rule profile")
    group.add_argument("--settle", choices=[m.value for m in Method], default="diff")
    group.add_argument("--limit", type=int, default=3000, help="The limit (3000).")
    group.add_argument("--rotation", choices=[r.value for r in Rotation], default="fixed")
    group.add_argument("--pairs", choices=[p.value for p in Pairs], default="caller")
    group.add_argument(
        "--no-bonus-tiles", action="store_true", help="Play without flowers and seasons."
    )
    group.add_argument(
        "--settled-draw", action="store_true", help="004's settled draw: a draw pays too."
    )
    group.add_argument(
        "--lines",
        action="store_true",
        help="Print every game's hands and settlement as score_hand --game mahjongg reads "
        "them, each with the engine's answer after a tab.",
    )


def profile_from(options: dict[str, Any]) -> Profile:
    """The profile the options describe; `ProfileError` (a ValueError) names a bad one."""
    return Profile(
        settle=Method(options["settle"]),
        limit=options["limit"],
        rotation=Rotation(options["rotation"]),
        bonus_tiles=not options["no_bonus_tiles"],
        players=options["players"],
        settled_draw=options["settled_draw"],
        pairs=Pairs(options["pairs"]),
    )


def play_mahjongg(out: Callable[[str], None], options: dict[str, Any]) -> None:
    profile = profile_from(options)
    matches, lines = options["matches"], options["lines"]
    moves = games = 0
    started = time.perf_counter()
    cpu_started = time.process_time()
    for i in range(matches):
        seed = options["seed"] + i
        report = play_match(profile, seed)
        match = report.match
        if lines:
            for number, state in enumerate(report.finals, start=1):
                out(game_header(state, i + 1, number))
                for line in game_lines(state):
                    out(line)
        draws = sum(1 for state in report.finals if state.outcome.is_draw)
        out(
            f"{'# ' if lines else ''}match {i + 1} (seed {seed}): {len(match.games)} games "
            f"({draws} drawn), balance {' '.join(f'{b:+d}' for b in match.balance)}, "
            f"{report.moves} moves in {report.seconds:.2f} s"
        )
        moves += report.moves
        games += len(match.games)
    seconds = max(time.perf_counter() - started, 1e-9)
    cpu = max(time.process_time() - cpu_started, 1e-9)
    out(
        f"{'# ' if lines else ''}{matches} matches, {games} games, {moves} moves in "
        f"{seconds:.2f} s: {moves / seconds:.0f} moves/s, {1000 * seconds / games:.1f} ms per "
        f"game ({moves / cpu:.0f} moves per CPU second)"
    )
