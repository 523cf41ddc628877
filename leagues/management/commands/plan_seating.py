"""`manage.py plan_seating --players N --rounds R [--seed S] [--json]`: a tournament's seating
planned in advance, with its quality (docs/tournaments.md).

Players are numbered 1..N; each table is listed in seat order East, South, West, North (a
table of three: East, South, West). With --json, standard output is exactly
`{"rounds": [[[p1, p2, p3, p4], ...tables], ...sessions]}` and the quality figures go to
standard error as one JSON line; without it, a table for people.

Exit status: 0 planned; 2 bad arguments (a count that cannot be seated, no sessions).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from leagues.tournaments.quality import quality
from leagues.tournaments.seating import WINDS, plan_seating

BAD_ARGUMENTS = 2


class Command(BaseCommand):
    @property
    def help(self) -> str:  # a property: translated in the active language, when asked
        return _(
            "Plan a tournament's seating for every session in advance: who sits together and "
            "in which seat, with repeated meetings and winds kept as even as the player count "
            "allows. Exit status: 0 planned, 2 bad arguments."
        )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True, help=_("How many players."))
        parser.add_argument(
            "--rounds", type=int, required=True, help=_("How many sessions (rounds).")
        )
        parser.add_argument(
            "--seed", type=int, default=0, help=_("The same seed gives the same plan.")
        )
        parser.add_argument(
            "--seconds",
            type=float,
            default=50.0,
            help=_(
                "The longest the search may take (default 50); it stops sooner at a plan "
                "no other can beat."
            ),
        )
        parser.add_argument(
            "--steps",
            type=int,
            default=None,
            help=_(
                "Bound the search by steps instead, for a plan that is the same on every machine."
            ),
        )
        parser.add_argument("--json", action="store_true", help=_("Print the plan as JSON."))

    def handle(self, *args: Any, **options: Any) -> None:
        players, rounds = options["players"], options["rounds"]
        if players < 4 or players == 5:
            raise CommandError(
                _(
                    "%(n)d players cannot be seated at tables of four and three: plan for 4, "
                    "or 6 or more."
                )
                % {"n": players},
                returncode=BAD_ARGUMENTS,
            )
        if rounds < 1:
            raise CommandError(_("A tournament has at least one session."), returncode=2)
        started = time.monotonic()
        plan = plan_seating(players, rounds, options["seed"], options["seconds"], options["steps"])
        seconds = time.monotonic() - started
        figures = quality(plan)
        if options["json"]:
            self.stdout.write(json.dumps(plan.as_json()))
            sys.stderr.write(json.dumps({**figures.as_json(), "seconds": round(seconds, 1)}))
            sys.stderr.write("\n")
            return
        for number, session in enumerate(plan.rounds, start=1):
            self.stdout.write(_("Session %(n)d") % {"n": number})
            for table_number, table in enumerate(session, start=1):
                seats = "  ".join(f"{wind} {p:>3}" for wind, p in zip(WINDS, table, strict=False))
                self.stdout.write(f"  {_('Table')} {table_number:>2}: {seats}")
        self.stdout.write(
            _(
                "Repeated meetings: %(repeats)d (no plan can have fewer than %(bound)d); "
                "pairs meeting more than once: %(again)d, at most %(most)d times; "
                "in two sessions running: %(b2b)d; players whose winds are uneven: "
                "%(uneven)d; tables of three each session: %(threes)d; %(seconds).1f s."
            )
            % {
                "repeats": figures.repeated_meetings,
                "bound": figures.lower_bound,
                "again": figures.pairs_meeting_again,
                "most": figures.most_meetings,
                "b2b": figures.back_to_back,
                "uneven": figures.uneven_winds,
                "threes": figures.tables_of_three,
                "seconds": seconds,
            }
        )
