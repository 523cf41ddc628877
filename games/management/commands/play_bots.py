"""`manage.py play_bots`: bots play whole matches through the live-play engine.

A thin shell around `games.play.autoplay.play_match` (Mhing, the default) and
`games.play.mahjongg.autoplay.play_match` (`--game mahjongg`): it checks the engine end to
end (every move through `apply`, every decision from a seat's view) and measures its speed.
Match i (from 0) is played from seed S + i, so `--seed S+i --matches 1` replays it alone.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.play.autoplay import play_match
from games.play.mahjongg.command import add_mahjongg_arguments, play_mahjongg
from scoring.mhing.match_scoring import MatchRules, Variant


class Command(BaseCommand):
    help = (
        "Play bot-only Mhing matches through the live-play engine and report each match's "
        "winner, rounds and totals, then the engine's speed in moves per second. "
        "--game mahjongg plays classical Mah-Jongg matches (--lines: every hand and "
        "settlement as score_hand --game mahjongg reads them)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--matches", type=int, default=1, help="Matches to play (1).")
        parser.add_argument(
            "--game", choices=("mhing", "mahjongg"), default="mhing", help="The game (mhing)."
        )
        parser.add_argument(
            "--players", type=int, default=4, help="Players, 2-6 (4); Mah-Jongg 3 or 4."
        )
        parser.add_argument("--seed", type=int, default=1, help="Seed of the first match (1).")
        parser.add_argument(
            "--target", type=int, default=500, help="Points race: points to win (500)."
        )
        parser.add_argument(
            "--variant", choices=[v.value for v in Variant], default=Variant.POINTS.value
        )
        parser.add_argument(
            "--rounds",
            type=int,
            default=None,
            help="Chips: end after this many rounds (default: when one player holds all).",
        )

        add_mahjongg_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        matches = options["matches"]
        if matches < 1:
            raise CommandError("--matches must be at least 1")
        if options["game"] == "mahjongg":
            try:
                play_mahjongg(self.stdout.write, options)
            except ValueError as error:  # a profile that cannot be: ProfileError
                raise CommandError(str(error)) from error
            return
        try:
            MatchRules(
                options["players"],
                Variant(options["variant"]),
                options["target"],
                options["rounds"],
            )
        except ValueError as error:
            raise CommandError(str(error)) from error

        out = self.stdout.write
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
