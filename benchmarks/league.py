"""How fast a big league's home page renders: `python -m benchmarks.league`.

A report, not a test: it builds a league in a throwaway database, asks for the league's home
page (standings and recent matches) with Django's test client, signed in as an organiser,
several times, and prints the median and the slowest time against the target, with PASS or
MISS. It exits 0 either way. Two sizes, each with its target for the median:

* a club's league, 200 players and 10,000 rounds: at most 50 ms;
* a federation's all-time view, 2,000 players and 100,000 rounds: at most 200 ms.

`--players N --rounds M` measures one league of that size instead, against the target of the
smallest of those sizes it fits in (none beyond the federation's).

It runs on SQLite (a temporary file) and, when `DATABASE_URL` points to PostgreSQL or
`--postgres URL` is given, on PostgreSQL too: there it creates a database of its own on that
server and drops it afterwards. `make bench-league` runs both against a throwaway server
(scripts/with_postgres.sh). Each league is measured in a child process of its own, since
Django's settings are read once per process.

The league is bulk-created for speed, but from real data: the hands are a seeded corpus of
winning hands (benchmarks.scoring's generator) scored by the engine, each match is four players
playing a points race to 200 replayed with the rules' own scoring (so seats, totals, places
and statuses are what recording the rounds one by one would give), the ratings come from
leagues.models.rating.rerate() and the standings' rows from rebuild_standings().
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from time import perf_counter, process_time
from typing import Any

DEFAULT_PLAYERS = 200
DEFAULT_ROUNDS = 10_000
DEFAULT_REPEAT = 9
DEFAULT_SEED = 2026
WARM_UP = 2


@dataclass(frozen=True)
class Size:
    name: str
    players: int
    rounds: int
    target_ms: float  # for the league home's median


SIZES = (
    Size("a club's league", DEFAULT_PLAYERS, DEFAULT_ROUNDS, 50.0),
    Size("a federation's all-time view", 2_000, 100_000, 200.0),
)


def size_for(players: int, rounds: int) -> Size | None:
    """The smallest standard size a league of `players` and `rounds` fits in."""
    return next((s for s in SIZES if players <= s.players and rounds <= s.rounds), None)


SEATED = 4
TARGET_POINTS = 200
DRAW_SHARE = 0.08  # rounds that end with the stock empty
DISCARD_SHARE = 0.6  # won rounds completed by a discard rather than self-drawn
CORPUS_PER_CLASS = 40  # hands per joker class of benchmarks.scoring's generator
MATCHES_PER_DAY = 6  # tables per club evening
SEASON_START = date(2025, 9, 1)


# -- building the league (needs Django set up) ---------------------------------------------


def scored_corpus(seed: int, per_class: int = CORPUS_PER_CLASS) -> list[dict[str, Any]]:
    """WinningHand fields for a small seeded corpus of winning hands, scored by the engine."""
    from benchmarks.scoring import build_corpus
    from leagues.models import WinningHand
    from scoring.mhing import score_hand

    fields = ["hand", "flowers", "exposed", "credits", "points", "breakdown", "arrangement"]
    corpus = []
    for bench_hand in build_corpus(per_class, seed):
        hand = WinningHand()
        hand.fill_from(score_hand(bench_hand.hand))
        corpus.append({name: getattr(hand, name) for name in fields})
    return corpus


@dataclass(frozen=True)
class Built:
    league: Any
    players: int
    matches: int
    rounds: int
    hands: int


def build_league(
    players: int = DEFAULT_PLAYERS,
    rounds: int = DEFAULT_ROUNDS,
    seed: int = DEFAULT_SEED,
    *,
    slug: str = "bench",
) -> Built:
    """A public league with `players` players and exactly `rounds` rounds over matches of
    four; every match but possibly the last is finished."""
    from django.db import transaction

    from leagues.models import Club, League, Match, Player, Round, Seat, WinningHand
    from leagues.models.rating import rerate
    from leagues.models.round import Outcome, WinType
    from leagues.models.standing import rebuild_standings
    from scoring.mhing.match_scoring import (
        MatchRules,
        RoundResult,
        add_round,
        dealer_for_round,
        start,
    )

    if players < SEATED:
        raise ValueError(f"a league of matches of {SEATED} needs at least {SEATED} players")
    rng = random.Random(seed)
    corpus = scored_corpus(seed)
    rules = MatchRules(players=SEATED, target=TARGET_POINTS)

    with transaction.atomic():
        club = Club.create_named(f"Bench club {slug}")
        league = League.objects.create(
            club=club,
            name=f"Bench league ({players} players)",
            slug=slug,
            season_start=SEASON_START,
            rules={"target": TARGET_POINTS},
        )
        people = Player.objects.bulk_create(
            Player(club=club, display_name=f"{slug} player {n:03d}") for n in range(players)
        )
        league.players.add(*people)
        season = league.current_season

        # Play every match in memory first, then write each table in one go.
        plans = []  # (match, seated, [(round, hand fields or None)], tally)
        left = rounds
        while left > 0:
            seated = rng.sample(people, SEATED)
            match = Match(
                league=league,
                season=season,
                played_on=SEASON_START + timedelta(days=len(plans) // MATCHES_PER_DAY),
                first_dealer=rng.randrange(SEATED),
                rule_profile={"target": TARGET_POINTS, "variant": "points"},
            )
            tally = start(rules)
            played = []
            while not tally.finished and left > 0:
                number = tally.rounds + 1
                round_ = Round(
                    number=number,
                    dealer=seated[dealer_for_round(match.first_dealer, number, SEATED)],
                )
                if rng.random() < DRAW_SHARE:
                    round_.outcome = Outcome.DRAW
                    result, hand = RoundResult(), None
                else:
                    winner = rng.randrange(SEATED)
                    hand = rng.choice(corpus)
                    discarder = None
                    if rng.random() < DISCARD_SHARE:
                        discarder = rng.choice([s for s in range(SEATED) if s != winner])
                    round_.outcome = Outcome.WON
                    round_.winner = seated[winner]
                    round_.win_type = WinType.SELF_DRAW if discarder is None else WinType.DISCARD
                    round_.discarder = seated[discarder] if discarder is not None else None
                    result = RoundResult(winner=winner, points=hand["points"], discarder=discarder)
                tally = add_round(rules, tally, result)
                played.append((round_, hand))
                left -= 1
            match.status = Match.Status.FINISHED if tally.finished else Match.Status.RUNNING
            match.version = 1 + len(played)
            plans.append((match, seated, played, tally))

        Match.objects.bulk_create(match for match, *_ in plans)
        Seat.objects.bulk_create(
            Seat(match=match, player=player, position=position, total=total, place=place)
            for match, seated, _played, tally in plans
            for position, (player, total, place) in enumerate(
                zip(seated, tally.totals, tally.placings(), strict=True)
            )
        )
        for match, _seated, played, _tally in plans:
            for round_, _hand in played:
                round_.match = match
        all_rounds = Round.objects.bulk_create(r for _, _, played, _ in plans for r, _ in played)
        hands = WinningHand.objects.bulk_create(
            WinningHand(round=round_, **hand)
            for _, _, played, _ in plans
            for round_, hand in played
            if hand is not None
        )
        rerate(league)
        rebuild_standings(league)
    return Built(league, len(people), len(plans), len(all_rounds), len(hands))


# -- timing the page (in the child process) ------------------------------------------------


def _milliseconds(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


@dataclass(frozen=True)
class Timings:
    """Requests' (wall-clock, CPU) seconds. The CPU time is this process's only: all the work
    on SQLite, the Python side on PostgreSQL; wall-clock well above it means the machine was
    busy with something else."""

    samples: list[tuple[float, float]]

    @property
    def median(self) -> float:
        return statistics.median(wall for wall, _ in self.samples)

    def __str__(self) -> str:
        worst = max(wall for wall, _ in self.samples)
        cpu = statistics.median(cpu for _, cpu in self.samples)
        return (
            f"median {_milliseconds(self.median)}, max {_milliseconds(worst)} "
            f"(CPU median {_milliseconds(cpu)})"
        )


def database_version(connection) -> str:
    if connection.vendor == "postgresql":
        major, minor = divmod(connection.pg_version, 10_000)
        return f"{major}.{minor}"
    import sqlite3

    return sqlite3.sqlite_version


@contextlib.contextmanager
def throwaway_database() -> Iterator[None]:
    """Django set up on an empty database of its own, dropped afterwards: a temporary SQLite
    file, or on the PostgreSQL server DATABASE_URL names, a database created there."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mhing_site.settings")
    import django

    django.setup()
    from django.db import connection
    from django.template.base import Template
    from django.test.utils import _TestState, setup_test_environment

    # As in production (and Django's test runner): no query log, no template debugging.
    setup_test_environment(debug=False)
    # And as in production, templates render without the test runner's signal for each one
    # (Django's test client records them; nothing here reads them).
    Template._render = _TestState.saved_data.template_render
    workdir = tempfile.mkdtemp(prefix="mhing-bench-")
    if connection.vendor == "sqlite":
        name = str(Path(workdir) / "bench.sqlite3")
    else:
        name = f"mhing_bench_{os.getpid()}"
    connection.settings_dict.setdefault("TEST", {})["NAME"] = name
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        Path(workdir, "bench.sqlite3").unlink(missing_ok=True)
        os.rmdir(workdir)


def measure(args: argparse.Namespace, label: str) -> None:
    """Build the league in a throwaway database, time the page, print the report, and drop
    the database."""
    with throwaway_database():
        from django.contrib.auth import get_user_model
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        from leagues.standings.table import Standings

        started = perf_counter()
        built = build_league(args.players, args.rounds, args.seed)
        build_seconds = perf_counter() - started
        if connection.vendor == "postgresql":
            # The planner's statistics, as autovacuum gathers them soon after bulk inserts.
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")

        organiser = get_user_model().objects.create_user("bench-organiser")
        built.league.organisers.add(organiser)
        client = Client()
        client.force_login(organiser)
        url = built.league.get_absolute_url()

        def page(data=None, **kwargs) -> tuple[float, float]:
            """Wall-clock and this process's CPU time of one request."""
            wall, cpu = perf_counter(), process_time()
            response = client.get(url, data, **kwargs)
            wall, cpu = perf_counter() - wall, process_time() - cpu
            if response.status_code != 200:
                raise SystemExit(f"{url} answered {response.status_code}")
            return wall, cpu

        for _ in range(WARM_UP):
            page()
        with CaptureQueriesContext(connection) as captured:
            page()
        # Counted now: the next request clears the connection's query log.
        queries = len(captured)
        home = Timings([page() for _ in range(args.repeat)])
        fragment = Timings(
            [page({"sort": "-points"}, headers={"HX-Request": "true"}) for _ in range(args.repeat)]
        )
        # Where a request's time goes: the standings' query and rows, then their HTML.
        reads, writes = [], []
        for _ in range(args.repeat):
            standings = Standings(built.league)
            started = perf_counter()
            standings.rows  # noqa: B018 - a cached property: computed here, timed
            reads.append(perf_counter() - started)
            started = perf_counter()
            standings.body  # noqa: B018
            writes.append(perf_counter() - started)

        size = size_for(args.players, args.rounds)
        print(f"{label} {database_version(connection)}, {size.name if size else 'a league'}:")
        print(
            f"  league: {built.players} players, {built.matches} matches, "
            f"{built.rounds} rounds, {built.hands} winning hands (built in "
            f"{build_seconds:.1f} s)"
        )
        print(f"  league home, {queries} queries, timed {args.repeat}x: {home}")
        print(f"  standings fragment (htmx sort): {fragment}")
        print(
            f"  of which: standings read {_milliseconds(statistics.median(reads))}, "
            f"their rows as HTML {_milliseconds(statistics.median(writes))} (medians)"
        )
        # Wall-clock well above CPU time means the machine was busy; the load says how busy.
        print(f"  load average over the last minute: {os.getloadavg()[0]:.1f}")
        if size is None:
            print("  target: none for a league this size")
            return
        verdict = "PASS" if home.median * 1000 <= size.target_ms else "MISS"
        print(f"  target: league home median at most {size.target_ms:.0f} ms: {verdict}")


# -- command line --------------------------------------------------------------------------


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.league",
        description="Time a big league's home page on SQLite and, if given, PostgreSQL: "
        f"{' and '.join(f'{s.players} players, {s.rounds} rounds' for s in SIZES)}, or "
        "the size given.",
    )
    parser.add_argument("--players", type=int, help="with --rounds: one league of this size")
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--repeat", type=int, default=DEFAULT_REPEAT, help="timed requests")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help="also measure on this PostgreSQL server (default: DATABASE_URL if PostgreSQL); "
        "a database of its own is created there and dropped",
    )
    # Internal: measure on the database the environment names, in this process.
    parser.add_argument("--child", metavar="LABEL", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if (args.players is None) != (args.rounds is None):
        parser.error("give both --players and --rounds, or neither")
    if args.players is not None and (args.players < SEATED or args.rounds < 1):
        parser.error(f"need at least {SEATED} players and 1 round")
    if args.repeat < 1:
        parser.error("need at least 1 repetition")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.child:
        if args.players is None:
            args.players, args.rounds = DEFAULT_PLAYERS, DEFAULT_ROUNDS
        measure(args, args.child)
        return 0
    postgres = args.postgres
    environment_url = os.environ.get("DATABASE_URL", "")
    if postgres is None and environment_url.startswith(("postgres://", "postgresql://")):
        postgres = environment_url
    targets = [("SQLite", None)] + ([("PostgreSQL", postgres)] if postgres else [])
    if args.players is None:
        sizes = [(size.players, size.rounds) for size in SIZES]
    else:
        sizes = [(args.players, args.rounds)]
    for label, url in targets:
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
        if url:
            env["DATABASE_URL"] = url
        for players, rounds in sizes:
            passed = ["--players", str(players), "--rounds", str(rounds)]
            passed += ["--repeat", str(args.repeat), "--seed", str(args.seed)]
            sys.stdout.flush()
            subprocess.run(
                [sys.executable, "-m", "benchmarks.league", *passed, "--child", label],
                env=env,
                check=False,
            )
    if not postgres:
        print("PostgreSQL: not measured (set DATABASE_URL or pass --postgres URL)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
