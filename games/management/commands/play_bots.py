"""`manage.py play_bots`: bots play whole matches through a live game's pure engine.

A thin shell around each live game's `play_bots` (games.engine.LiveGame; Mhing's
games.play.command, the default, and Mah-Jongg's games.play.mahjongg.command with
`--game mahjongg`): it checks the engine end to end (every move through `apply`, every
decision from a seat's view) and measures its speed. Match i (from 0) is played from seed
S + i, so `--seed S+i --matches 1` replays it alone.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import registry
from leagues.kinds import DEFAULT as DEFAULT_GAME


class Command(BaseCommand):
    help = (
        "Play bot-only Mhing matches through the live-play engine and report each match's "
        "winner, rounds and totals, then the engine's speed in moves per second. "
        "--game mahjongg plays classical Mah-Jongg matches (--lines: every hand and "
        "settlement as score_hand --game mahjongg reads them)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        games = [game.key for game in registry.live_games()]
        parser.add_argument("--matches", type=int, default=1, help="Matches to play (1).")
        parser.add_argument(
            "--game", choices=games, default=DEFAULT_GAME, help=f"The game ({DEFAULT_GAME})."
        )
        parser.add_argument(
            "--players", type=int, default=4, help="Players, 2-6 (4); Mah-Jongg 3 or 4."
        )
        parser.add_argument("--seed", type=int, default=1, help="Seed of the first match (1).")
        for game in registry.live_games():
            game.add_bot_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        if options["matches"] < 1:
            raise CommandError("--matches must be at least 1")
        try:
            registry.live_game(options["game"]).play_bots(self.stdout.write, options)
        except ValueError as error:  # rules that cannot be (MatchRules, ProfileError)
            raise CommandError(str(error)) from error
