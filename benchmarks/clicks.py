"""What a tap on the card picker costs: `python -m benchmarks.clicks`.

A report, not a test: it prints figures and whether they meet the targets, and exits 0
either way. It replays the 14 taps that build the rule book's 17-credit hand
(5b 6b 7b 5b 6b 7b 6b 7b 8b 7b 8b 9b 9b 9b) the way static/js/picker.js asks after each
one (a GET of the hand so far, with `HX-Request` and `HX-Target` set: only the score and the
picker's hint come back), on the calculator and on a league's round entry form (signed in as
its organiser, in a throwaway SQLite database, as `benchmarks.league` builds one).

For each page it prints the answer's size (the largest of the 14) and the server's time per
tap: median, 95th percentile and maximum of `--repeat` replays, with the process's CPU time
beside it. Each request is timed in this process: the middleware, the view, the templates
and the queries, without a network or an HTTP server. The targets are checked on Django's
WSGI handler (its test client), which serves the pages as deployed (gunicorn,
docs/deployment.md; servestatic's middleware, async only, costs two thread switches a
request there); the site's ASGI application is shown too, called as daphne calls it
(benchmarks/asgi.py), as `make run` serves it. For comparison it also times the whole
page per tap, which is what a browser without JavaScript loads.

Targets: an answer of at most 12 KB and a median of at most 5 ms.

`--game mahjongg` replays the Mah-Jongg picker's 14 taps instead, on its calculator and on a
Mah-Jongg league's game form (benchmarks/clicks_mahjongg.py); `--page calculator` or
`--page game-form` on that page alone. Run under valgrind's cachegrind with two `--repeat`
counts, the difference of the instructions counted is what the extra replays cost, which the
host's speed does not move (docs/benchmarks.md).

Static files are set up as deployed (DEBUG off): servestatic indexes them once at start-up and
a request that is not for one costs a dictionary lookup. Development's setting (the settings
turn `SERVESTATIC_AUTOREFRESH` on with DEBUG, which is the default when no environment is
given) looks every request's path up on disk, in a worker thread: a thread switch and back on
every tap that no deployed server makes. `--static-autorefresh` measures with it.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from time import perf_counter, process_time

from benchmarks.site_setup import load_average, static_files_as

TAPS = "5b 6b 7b 5b 6b 7b 6b 7b 8b 7b 8b 9b 9b 9b".split()
DEFAULT_REPEAT = 20
WARM_UP = 2  # replays before timing: templates compiled, caches warm
TARGET_BYTES = 12 * 1024
TARGET_MEDIAN_MS = 5.0


@dataclass(frozen=True)
class Replay:
    """The figures of one kind of request over every timed replay of the 14 taps."""

    label: str
    walls: list[float]  # seconds
    cpus: list[float]
    sizes: list[int]  # bytes, the 14 answers of one replay
    queries: int | None  # database queries of one tap (counted on the WSGI handler only)

    def median_ms(self) -> float:
        return statistics.median(self.walls) * 1000

    def report(self, targets: bool) -> list[str]:
        walls = sorted(self.walls)
        p95 = walls[min(len(walls) - 1, round(0.95 * (len(walls) - 1)))]
        lines = [
            f"  {self.label}",
            f"    answer: largest {max(self.sizes):,} bytes, 14th tap {self.sizes[-1]:,} bytes"
            + ("" if self.queries is None else f", {self.queries} queries a tap"),
            f"    server time per tap ({len(walls)} taps): median {self.median_ms():.2f} ms, "
            f"p95 {p95 * 1000:.2f} ms, max {walls[-1] * 1000:.2f} ms "
            f"(CPU median {statistics.median(self.cpus) * 1000:.2f} ms)",
        ]
        if targets:
            size_ok = max(self.sizes) <= TARGET_BYTES
            time_ok = self.median_ms() <= TARGET_MEDIAN_MS
            lines.append(
                f"    targets: answer <= {TARGET_BYTES // 1024} KB: "
                f"{'PASS' if size_ok else 'MISS'}; median <= {TARGET_MEDIAN_MS:.0f} ms: "
                f"{'PASS' if time_ok else 'MISS'}"
            )
        return lines


def tap_urls(base_url: str, extra: tuple[tuple[str, str], ...] = ()) -> list[str]:
    """The address picker.js asks after each of the 14 taps."""
    from scoring.picker import PALETTE_ROWS, PickerUrls, Selection

    items = {item.code: item for row in PALETTE_ROWS for item in row}
    urls = PickerUrls(base_url, extra=extra)
    selection, asked = Selection(), []
    for code in TAPS:
        selection = selection.add(items[code])
        asked.append(urls(selection))
    return asked


def replay(
    label: str,
    get: Callable[..., object],
    urls: list[str],
    headers: dict,
    repeat: int,
    count_queries: bool,
) -> Replay:
    """Time `get` (the test client's, or one running the async client) on the 14 taps."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def one(url: str) -> tuple[float, float, int]:
        wall, cpu = perf_counter(), process_time()
        response = get(url, headers=headers)
        wall, cpu = perf_counter() - wall, process_time() - cpu
        if response.status_code != 200:
            raise SystemExit(f"{url} answered {response.status_code}")
        return wall, cpu, len(response.content)

    for _ in range(WARM_UP):
        for url in urls:
            one(url)
    queries = None
    if count_queries:  # only the sync client's run on this thread's connection
        with CaptureQueriesContext(connection) as captured:
            one(urls[-1])
        queries = len(captured)
    walls, cpus, sizes = [], [], []
    for _ in range(repeat):
        timed = [one(url) for url in urls]
        walls += [wall for wall, _, _ in timed]
        cpus += [cpu for _, cpu, _ in timed]
        sizes = [size for _, _, size in timed]
    return Replay(label, walls, cpus, sizes, queries)


def round_form(client) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A league with a match of four and its organiser signed in: the round form's address
    and what its picker carries in each link."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from leagues.models import Club, League, Match, Player

    organiser = get_user_model().objects.create_user("bench-organiser")
    club = Club.create_named("Bench")
    league = League.objects.create(
        club=club, name="Bench", slug="bench", season_start=date(2026, 9, 1)
    )
    league.organisers.add(organiser)
    players = [Player.objects.create(club=club, display_name=name) for name in ("A", "B", "C", "D")]
    match = Match.begin(league, players, first_dealer=0, by=organiser)
    client.force_login(organiser)
    url = reverse("leagues:round_new", args=[league.slug, match.pk])
    carried = (("outcome", "won"), ("win_type", "self_draw"), ("version", str(match.version)))
    return url, carried


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.clicks",
        description="Time the 14 taps of a hand on the calculator and the round entry form.",
    )
    parser.add_argument("--repeat", type=int, default=DEFAULT_REPEAT, help="timed replays")
    parser.add_argument(
        "--game", choices=("mhing", "mahjongg"), default="mhing", help="whose picker to replay"
    )
    parser.add_argument(
        "--page",
        choices=("calculator", "game-form"),
        help="with --game mahjongg: replay on this page only (for counting its instructions)",
    )
    parser.add_argument(
        "--static-autorefresh",
        action="store_true",
        help="servestatic as in development: every request's path looked up on disk",
    )
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("need at least 1 replay")
    if args.page and args.game != "mahjongg":
        parser.error("--page is for --game mahjongg")
    if args.game == "mahjongg":
        from benchmarks.clicks_mahjongg import main as mahjongg_main

        return mahjongg_main(args.repeat, args.static_autorefresh, args.page)

    from benchmarks.league import throwaway_database

    with throwaway_database():
        print(static_files_as(args.static_autorefresh))
        from django.test import Client

        from benchmarks.asgi import SiteApplication

        client = Client()
        calculator = tap_urls("/calculator/")
        form_url, carried = round_form(client)
        form = tap_urls(form_url, carried)
        # The site's ASGI application as daphne calls it, driven from this thread.
        site = SiteApplication(client.cookies)
        asgi_get = site.get

        asks = {"HX-Request": "true"}
        calculator_asks = {**asks, "HX-Target": "calculator-result"}
        form_asks = {**asks, "HX-Target": "round-preview"}
        # (what, handler, addresses, headers): targets are checked on WSGI's answers to picker.js,
        # as deployed (pages on gunicorn, docs/deployment.md); ASGI's shown beside them
        runs = [
            ("calculator, picker.js asks for the score", "ASGI", calculator, calculator_asks),
            ("round form, picker.js asks for the preview", "ASGI", form, form_asks),
            ("calculator, picker.js asks for the score", "WSGI", calculator, calculator_asks),
            ("round form, picker.js asks for the preview", "WSGI", form, form_asks),
            ("calculator without JavaScript: the whole page", "ASGI", calculator, {}),
            ("round form without JavaScript: the whole page", "ASGI", form, {}),
        ]
        print(
            f"14 taps ({' '.join(TAPS)}), replayed {args.repeat}x after {WARM_UP} warm-ups "
            f"(load average {load_average():.2f})"
        )
        try:
            for what, handler, urls, headers in runs:
                wsgi = handler == "WSGI"
                get = client.get if wsgi else asgi_get
                result = replay(f"{what} ({handler})", get, urls, headers, args.repeat, wsgi)
                print("\n".join(result.report(targets=wsgi and bool(headers))))
        finally:
            site.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
