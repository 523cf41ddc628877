"""A tournament's seating planned in advance, for the player counts clubs hold events with:
`python -m benchmarks.seating [--seconds 50] [--players 16 20 ...] [--rounds 8]`.

A report, not a test: for each count it prints the plan's quality (repeated meetings against
the lower bound, players whose winds are not 2/2/2/2, pairs in two sessions running, tables
of three) and the seconds it took, beside the goal where there is one (at 8
sessions: the Finnish template's figures or better, 0 repeats from 28 players up), with PASS
or MISS. Exits 0 either way. Imports no Django, only the pure planner.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from leagues.tournaments.quality import quality
from leagues.tournaments.seating import plan_seating

# Repeated meetings allowed at 8 sessions (the goal; None: no goal but the bound).
GOALS = {16: 72, 20: 60, 24: 24, 28: 0, 32: 0, 36: 0, 40: 0, 48: 0}
COUNTS = [16, 20, 24, 28, 32, 36, 40, 48, 64, 100, 200]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=50.0)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=COUNTS)
    args = parser.parse_args()
    print(
        f"python {platform.python_version()}, {os.cpu_count()} cores, load "
        f"{os.getloadavg()[0]:.1f}; {args.rounds} sessions, seed {args.seed}, "
        f"search bounded at {args.seconds:g} s"
    )
    print("players  repeats  bound  uneven winds  back-to-back  threes  seconds  goal")
    for players in args.players:
        started = time.monotonic()
        plan = plan_seating(players, args.rounds, args.seed, args.seconds)
        seconds = time.monotonic() - started
        q = quality(plan)
        goal = GOALS.get(players) if args.rounds == 8 else None
        verdict = ""
        if goal is not None:
            met = q.repeated_meetings <= goal and q.uneven_winds == 0 and seconds < 60
            verdict = f"<= {goal}, winds 0, < 60 s: {'PASS' if met else 'MISS'}"
        print(
            f"{players:>7}  {q.repeated_meetings:>7}  {q.lower_bound:>5}  {q.uneven_winds:>12}  "
            f"{q.back_to_back:>12}  {q.tables_of_three:>6}  {seconds:>7.1f}  {verdict}",
            flush=True,
        )


if __name__ == "__main__":
    main()
