"""How fast a big league file imports: `python -m benchmarks.league_import`.

A report, not a test: it builds the league of `python -m benchmarks.league` (200 players, 10,000
rounds over matches of four, real scored hands, about 8% draws) in a throwaway database,
exports it as the league file (docs/league_json.md), then reads the file back under another
short name as the import page and `manage.py import_league` do (`parse_json`, then
`import_league`: every hand scored again, every rule checked) and prints the time, the
queries, and whether the copy's file equals the original's. It exits 0 either way.

It runs on the database Django's settings name: a temporary SQLite file by default, or a
database of its own on the PostgreSQL server DATABASE_URL names (created and dropped).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
from time import perf_counter, process_time
from typing import Any

from benchmarks.league import (
    DEFAULT_PLAYERS,
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    build_league,
    database_version,
    throwaway_database,
)

# An import that settled the whole match again for each round would cost n² per match; the
# target is a season of 10,000 rounds in seconds.
TARGET_SECONDS = 10.0


def comparable(document: dict[str, Any]) -> dict[str, Any]:
    """The file without what differs between two copies of a league."""
    document = copy.deepcopy(document)
    del document["exported_at"], document["league"]["slug"], document["league"]["name"]
    for match in document["matches"]:
        del match["id"]
    return document


def measure(args: argparse.Namespace) -> None:
    with throwaway_database():
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from leagues.exchange.export import league_document
        from leagues.exchange.importer import import_league, parse_json
        from leagues.standings.table import Standings

        built = build_league(args.players, args.rounds, args.seed)
        original = league_document(built.league)
        data = json.dumps(original, ensure_ascii=False, indent=2).encode()

        wall, cpu = perf_counter(), process_time()
        with CaptureQueriesContext(connection) as queries:
            imported = import_league(parse_json(data), slug="bench-copy")
        wall, cpu = perf_counter() - wall, process_time() - cpu

        same_file = comparable(league_document(imported.league)) == comparable(original)
        # By name: the copy is a club of its own, with players of its own (the wall).
        same_standings = [
            (row.player.display_name, row.points, row.wins, row.ordinal)
            for row in Standings(built.league).rows
        ] == [
            (row.player.display_name, row.points, row.wins, row.ordinal)
            for row in Standings(imported.league).rows
        ]
        print(f"{connection.vendor} {database_version(connection)}")
        print(
            f"  file: {len(data) / 1024 / 1024:.1f} MB, {imported.matches} matches, "
            f"{imported.rounds} rounds ({built.hands} winning hands), {built.players} players"
        )
        print(
            f"  import: {wall:.2f} s (CPU {cpu:.2f} s), {imported.rounds / wall:,.0f} rounds/s, "
            f"{len(queries)} queries"
        )
        print(
            f"  the copy's file equals the original's: {'yes' if same_file else 'NO'}; "
            f"standings and ratings: {'same' if same_standings else 'DIFFERENT'}"
        )
        # Wall-clock well above CPU time means the machine was busy (the load says how busy);
        # on PostgreSQL the server's own work is on the wall clock only.
        print(f"  load average over the last minute: {os.getloadavg()[0]:.1f}")
        verdict = "PASS" if wall < TARGET_SECONDS else "MISS"
        print(f"  target: {args.rounds:,} rounds in under {TARGET_SECONDS:.0f} s: {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.league_import",
        description="Time importing a big league file (on SQLite, or DATABASE_URL's server).",
    )
    parser.add_argument("--players", type=int, default=DEFAULT_PLAYERS)
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args(argv)
    if args.players < 4 or args.rounds < 1:
        parser.error("need at least 4 players and 1 round")
    measure(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
