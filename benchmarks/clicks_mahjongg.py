"""What a tap on the Mah-Jongg picker costs: `python -m benchmarks.clicks --game mahjongg`.

A report, not a test, like the Mhing replay in benchmarks/clicks.py (its docstring says
how requests are timed). It replays 14 taps that build a caller's hand on the Mah-Jongg
calculator and on a Mah-Jongg league's game form (signed in as the league's organiser, in a
throwaway SQLite database), the way the pages' htmx asks: a bonus tile, a chi, a pon, an open
kan, a concealed kan, the two winds, two single tiles, the winning tile, how it came (three
times) and a second bonus tile. The game form takes the winds from the sheet: there the two
wind taps are a tap on another player's button and one back. The other three players' tiles
are typed, so every answer of the game form carries a full preview of scores and payments.

For each page it prints every tap's answer size and median time, then the largest answer and
the median, p95 and p99 over all taps, with PASS or MISS for the targets (an
answer of at most 12 KB, a median of at most 5 ms) on the site's ASGI application.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from time import perf_counter, process_time
from urllib.parse import urlencode

from benchmarks.site_setup import load_average, static_files_as

FORM = "application/x-www-form-urlencoded"
TARGET_BYTES = 12 * 1024
TARGET_MEDIAN_MS = 5.0
WARM_UP = 2

# (what the tap is, its change on the calculator, its change on the game form)
TAPS: tuple[tuple[str, dict[str, str], dict[str, str]], ...] = (
    ("bonus tile F1", {"add": "F1"}, {"add": "F1"}),
    ("chi 1b", {"add": "1b", "as": "chi"}, {"add": "1b", "as": "chi"}),
    ("pon Rd", {"add": "Rd", "as": "pon"}, {"add": "Rd", "as": "pon"}),
    ("open kan 9c", {"add": "9c", "as": "kan"}, {"add": "9c", "as": "kan"}),
    ("concealed kan Ew", {"add": "Ew", "as": "ckan"}, {"add": "Ew", "as": "ckan"}),
    ("seat wind S / another player", {"seat": "S"}, {"player": "1"}),
    ("round wind W / back", {"round": "W"}, {"player": "0"}),
    ("tile 5k", {"add": "5k"}, {"add": "5k"}),
    ("tile 5k", {"add": "5k"}, {"add": "5k"}),
    ("winning tile 5k", {"win": "5k"}, {"win": "5k"}),
    ("how: from the wall", {"by": "wall"}, {"by": "wall"}),
    ("how: kan replacement", {"by": "kan"}, {"by": "kan"}),
    ("bonus tile S2", {"add": "S2"}, {"add": "S2"}),
    ("how: last tile", {"by": "last"}, {"by": "last"}),
)

# The other players' tiles on the game form (tests/leagues/mahjongg_fixtures.py's hands).
OTHERS = (
    "[RdRdRd] 2b 3b 4b 6c 7c 9c 9c Ew Sw Nw",
    "2b 5b 8b 1c 4c 8c 3k 6k 9k Ew Sw Ww Gd",
    "[777c] 999b 23b 1k 4k 6k Wd Gd",
)


@dataclass(frozen=True)
class Ask:
    """One tap as the page sends it: GET with a query, or POST with the form."""

    label: str
    url: str
    data: dict[str, str] | None = None  # None: a GET of `url`


def calculator_asks(base_url: str = "/calculator/mahjongg/") -> list[Ask]:
    """What the calculator's form sends for each tap: the line so far and the change."""
    from scoring.mahjongg_picker import Draft, apply_change

    draft, asks = Draft(), []
    for label, change, _ in TAPS:
        query = {"hand": draft.notation, **change}
        asks.append(Ask(label, f"{base_url}?{urlencode(query)}"))
        draft, refused = apply_change(draft, change)
        assert refused is None, (label, refused)
    return asks


def game_form_asks(url: str, version: int, sheet: str = "") -> list[Ask]:
    """What the game form posts for each tap: the whole form (Pia, East, calls Mah-Jongg and
    her tiles so far, the score sheet's facts it carries), whose picker is shown, and the
    change."""
    from scoring.mahjongg import Wind
    from scoring.mahjongg_picker import SHEET_ACTIONS, apply_change, entered_line, sheet_draft

    hand, picking, asks = "", "0", []
    for label, _, change in TAPS:
        data = {"caller": "0", "version": str(version), "picking": picking, "hand0": hand}
        if sheet:
            data["sheet"] = sheet
        data |= {f"hand{p + 1}": other for p, other in enumerate(OTHERS)}
        asks.append(Ask(label, url, {**data, **change}))
        if "player" in change:
            picking = change["player"]
            continue
        new, refused = apply_change(sheet_draft(hand, Wind.EAST, Wind.EAST), change, SHEET_ACTIONS)
        assert refused is None, (label, refused)
        hand = entered_line(new)
    return asks


def game_form(client) -> tuple[str, int, str]:
    """A Mah-Jongg league with a match of four and its organiser signed in: the game form's
    address, the match's version and the sheet the form carries."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from leagues.models import Club, League, Match, Player

    organiser = get_user_model().objects.create_user("bench-mj-organiser")
    club = Club.create_named("Bench MJ")
    league = League.objects.create(
        club=club, name="Bench MJ", slug="bench-mj", game="mahjongg", season_start=date(2026, 9, 1)
    )
    league.organisers.add(organiser)
    players = [
        Player.objects.create(club=club, display_name=n) for n in ("Pia", "Quentin", "Rosa", "Sven")
    ]
    match = Match.begin(league, players, by=organiser)
    client.force_login(organiser)
    url = reverse("leagues:mj_game_new", args=[league.slug, match.pk])
    page = client.get(url).content.decode()
    sheet = re.search(r'name="sheet" value="([^"]+)"', page)
    return url, match.version, sheet.group(1) if sheet else ""


@dataclass(frozen=True)
class Replayed:
    label: str
    asks: list[Ask]
    walls: list[list[float]]  # per tap, seconds over the replays
    cpus: list[float]
    sizes: list[int]  # per tap, bytes

    def report(self) -> list[str]:
        every = sorted(w for per_tap in self.walls for w in per_tap)

        def pct(q: float) -> float:
            return every[min(len(every) - 1, round(q * (len(every) - 1)))] * 1000

        median = statistics.median(every) * 1000
        lines = [f"  {self.label}"]
        for ask, size, walls in zip(self.asks, self.sizes, self.walls, strict=True):
            median_ms = statistics.median(walls) * 1000
            lines.append(f"    {ask.label:<30} {size:>6,} bytes  median {median_ms:5.2f} ms")
        lines += [
            f"    answer: largest {max(self.sizes):,} bytes",
            f"    server time per tap ({len(every)} taps): median {median:.2f} ms, "
            f"p95 {pct(0.95):.2f} ms, p99 {pct(0.99):.2f} ms, max {every[-1] * 1000:.2f} ms "
            f"(CPU median {statistics.median(self.cpus) * 1000:.2f} ms)",
            f"    targets: answer <= {TARGET_BYTES // 1024} KB: "
            f"{'PASS' if max(self.sizes) <= TARGET_BYTES else 'MISS'}; median <= "
            f"{TARGET_MEDIAN_MS:.0f} ms: {'PASS' if median <= TARGET_MEDIAN_MS else 'MISS'}",
        ]
        return lines


def replay(label: str, send: Callable[[Ask], object], asks: list[Ask], repeat: int) -> Replayed:
    def one(ask: Ask) -> tuple[float, float, int]:
        wall, cpu = perf_counter(), process_time()
        response = send(ask)
        wall, cpu = perf_counter() - wall, process_time() - cpu
        if response.status_code != 200:
            raise SystemExit(f"{ask.label}: {ask.url} answered {response.status_code}")
        return wall, cpu, len(response.content)

    for _ in range(WARM_UP):
        for ask in asks:
            one(ask)
    walls: list[list[float]] = [[] for _ in asks]
    cpus: list[float] = []
    sizes: list[int] = []
    for _ in range(repeat):
        sizes = []
        for index, ask in enumerate(asks):
            wall, cpu, size = one(ask)
            walls[index].append(wall)
            cpus.append(cpu)
            sizes.append(size)
    return Replayed(label, asks, walls, cpus, sizes)


def main(repeat: int, static_autorefresh: bool = False, page: str | None = None) -> int:
    """`page`: "calculator" or "game-form" alone; None: both."""
    from benchmarks.league import throwaway_database

    with throwaway_database():
        print(static_files_as(static_autorefresh))
        from django.test import Client

        from benchmarks.asgi import SiteApplication

        client = Client()
        form_url, version, sheet = game_form(client)
        site = SiteApplication(client.cookies)  # the site's ASGI application, as daphne calls it
        headers = {"HX-Request": "true", "HX-Target": "mj-live"}

        def send(ask: Ask):
            if ask.data is None:
                return site.get(ask.url, headers=headers)
            # as htmx posts a form: urlencoded, not multipart
            return site.post(ask.url, urlencode(ask.data).encode(), FORM, headers=headers)

        print(
            f"14 Mah-Jongg taps, replayed {repeat}x after {WARM_UP} warm-ups "
            f"(load average {load_average():.2f})"
        )
        try:
            runs = (
                ("calculator", "Mah-Jongg calculator, htmx tap (ASGI)", calculator_asks()),
                (
                    "game-form",
                    "Mah-Jongg game form, htmx tap (ASGI)",
                    game_form_asks(form_url, version, sheet),
                ),
            )
            for name, label, asks in runs:
                if page is not None and name != page:
                    continue
                print("\n".join(replay(label, send, asks, repeat).report()))
        finally:
            site.close()
    return 0
