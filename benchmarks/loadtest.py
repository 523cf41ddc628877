"""Play many live tables at once over real websockets and measure the server.

    python -m benchmarks.loadtest --url ws://127.0.0.1:8000 --tables 50

Run it with the server's own settings (the same DATABASE_URL, or none for both: SQLite's
db.sqlite3): it makes its tables, players and sign-in sessions through the ORM in that
database, so every seat is a person to the server (no server-side bots, no bot delay).
One client per seat connects (one turned away tries again after 1, 2, 4, 8 s, as the table
page does; those retries are counted); once every seat has its first snapshot and no frame has
come for a second (the time all the connections took is printed: that storm and the news of it
are measured apart from play), each plays from its
own view, after a think time, answers "next round" after each round, and stops after
--rounds rounds per table (or --duration seconds of play: then the actions under way are
answered and broadcast until no frame has come for a second, for at most DRAIN seconds).

It prints actions per second; the latency from sending an action to each other seat of the
table receiving a snapshot of it (p50, p99, max); the answer time to the actor; errors; and
what was lost: actions some seat never saw, frames that arrived out of version order.
Several --url options spread each table's seats over several servers (e.g. two daphne
processes sharing Redis). The run's tables and users are deleted afterwards unless --keep.
`--prepare N --json` only makes tables and prints their slugs and seat cookies.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import os
import random
import secrets
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from games import json_text
from mhing_site.gc_tuning import tune_server


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mhing_site.settings")
    import django

    django.setup()


def prepare(tables: int, players: int, run: str, game: str = "mhing") -> list[dict[str, Any]]:
    """Tables of people only, started; each seat with the cookie that signs its user in.
    `game` "mahjongg": Mah-Jongg tables of the default profile for 3 or 4 players."""
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    from games.models import Table

    made = []
    for number in range(tables):
        users = [
            get_user_model().objects.create_user(f"loadtest-{run}-{number}-{seat}")
            for seat in range(players)
        ]
        table = Table.create(
            users[0], players=players, claim_timeout=60, **game_options(game, players)
        )
        for user in users[1:]:
            table.take_seat(user)
        table.start(users[0])
        seats = []
        for position, user in enumerate(users):
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            # The backend that signs people in: axes' comes first but only counts failures.
            session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.save()
            cookie = f"{settings.SESSION_COOKIE_NAME}={session.session_key}"
            seats.append({"position": position, "cookie": cookie})
        made.append({"slug": table.slug, "seats": seats})
    return made


def game_options(game: str, players: int) -> dict[str, Any]:
    if game != "mahjongg":
        return {}
    from scoring.mahjongg.profile import Profile

    return {"game": "mahjongg", "rules": Profile(players=players)}


def cleanup(run: str) -> None:
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.models import Session

    from games.models import Table, TablePresence

    users = get_user_model().objects.filter(username__startswith=f"loadtest-{run}-")
    # The servers remove each closed socket's presence: let them finish before deleting.
    for _ in range(100):
        if not TablePresence.objects.filter(user__in=users).exists():
            break
        time.sleep(0.1)
    Table.objects.filter(created_by__in=users).delete()
    ids = {str(pk) for pk in users.values_list("pk", flat=True)}
    stale = [s.pk for s in Session.objects.all() if s.get_decoded().get("_auth_user_id") in ids]
    Session.objects.filter(pk__in=stale).delete()
    users.delete()


# Refusals that say the seat answered after the table's deadline had closed the claim window
# (a claim window closes only when every seat has answered, or at its deadline): the client
# was slow, as a loaded machine makes it, and the server was right. Counted apart from errors.
LATE_REASONS = frozenset({"no_claim_window"})


@dataclass
class Stats:
    actions: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    late: int = 0  # answers refused for one of LATE_REASONS
    answers: list[float] = field(default_factory=list)  # action → the actor's answer
    out_of_order: int = 0
    # Every snapshot each seat received: (slug, position) → [(version, at), ...] in order.
    log: dict[tuple[str, int], list[tuple[int, float]]] = field(default_factory=dict)
    # Every accepted action: (slug, actor, version of the answer, sent at).
    acks: list[tuple[str, int, int, float]] = field(default_factory=list)
    elapsed: float = 0.0
    connected: float = 0.0  # seconds until every seat had its first snapshot
    settled: float = 0.0  # and until no frame came for SETTLED seconds (the storm's news)
    last_frame: float = 0.0  # when the last frame reached any seat
    retried: int = 0  # connection attempts turned away and made again
    first_snapshots: list[float] = field(default_factory=list)
    failures: list[BaseException] = field(default_factory=list)
    # CPU seconds used so far by the servers (LOADTEST_SERVER_PIDS) and by this process, at
    # the start and at the end of play: {"servers": s, "generator": s}.
    cpu_before: dict[str, float] = field(default_factory=dict)
    cpu_after: dict[str, float] = field(default_factory=dict)

    def deliveries(self, players: dict[str, int]) -> tuple[list[float], int]:
        """Seconds from each action to each other seat's first snapshot at (or past) its
        version, and how many of those never came."""
        found, lost = [], 0
        for slug, actor, version, sent in self.acks:
            for position in range(players[slug]):
                if position == actor:
                    continue
                log = self.log.get((slug, position), [])
                at = bisect.bisect_left(log, (version, 0.0))
                if at == len(log):
                    lost += 1
                else:
                    found.append(log[at][1] - sent)
        return found, lost


@dataclass
class Seat:
    slug: str
    position: int
    players: int
    url: str
    cookie: str
    rounds: int
    think: float
    stats: Stats
    rng: random.Random
    # Set once every seat of the run has its first snapshot: nobody acts before, so the
    # connection storm at the start is measured apart from play (Stats.connected).
    start: asyncio.Event
    smart: bool = False
    stopped: bool = False  # --duration has run out: no more actions
    last_snapshot: int = 0
    last_events: int = 0
    last_snapshot_at: float | None = None
    decision: asyncio.Task | None = None
    played_rounds: int = 0
    asked: int = 0
    sent_at: dict[int, tuple[float, bool]] = field(default_factory=dict)
    # The id of the request not yet answered, and the newest snapshot that came meanwhile.
    # As a careful client, a seat has one request in flight: a snapshot made before its
    # action was applied (another seat connecting, say) still offers the move just sent,
    # and acting on it again would be refused (claim_window_open) for the client's fault.
    waiting_for: int | None = None
    held: dict[str, Any] | None = None
    acted_on: dict[str, Any] | None = None  # the snapshot last decided on

    async def run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import InvalidHandshake

        parts = urlsplit(self.url)
        origin = f"{'https' if parts.scheme == 'wss' else 'http'}://{parts.netloc}"
        uri = f"{self.url.rstrip('/')}/ws/tables/{self.slug}/"
        headers = {"Cookie": self.cookie, "Origin": origin}
        for attempt in range(CONNECT_ATTEMPTS):
            try:
                # proxy=None: websockets otherwise reads the proxy settings from the
                # environment for every connection (15% of the generator's time while
                # 600 sockets connect); the server is local.
                socket = await connect(
                    uri,
                    additional_headers=headers,
                    max_size=2**22,
                    proxy=None,
                    open_timeout=OPEN_TIMEOUT,
                )
            except (InvalidHandshake, OSError, TimeoutError):
                # Turned away (daphne drops a handshake the app has not accepted within 5 s)
                # or refused: try again after a pause, as the table page does.
                if attempt == CONNECT_ATTEMPTS - 1:
                    raise
                self.stats.retried += 1
                await asyncio.sleep(min(2**attempt, 8))
                continue
            break
        async with socket:
            self.socket = socket
            async for text in socket:
                if await self.on_frame(json_text.loads(text)):
                    return

    async def on_frame(self, frame: dict[str, Any]) -> bool:
        """Handle one frame; True once this seat is done."""
        now = time.perf_counter()
        self.stats.last_frame = now
        version = frame.get("version", 0)
        # Versions only grow: events of V come before the snapshot of V, once each.
        if frame["type"] == "events":
            if version <= self.last_snapshot or version <= self.last_events:
                self.stats.out_of_order += 1
            self.last_events = version
        elif frame["type"] == "snapshot":
            if version <= self.last_snapshot or version < self.last_events:
                self.stats.out_of_order += 1
            self.last_snapshot = version
        if frame["type"] == "error":
            reason = frame.get("reason", "?")
            if reason in LATE_REASONS:
                self.stats.late += 1
            else:
                self.stats.errors[reason] = self.stats.errors.get(reason, 0) + 1
        answered = False
        if "reply_to" in frame:
            sent, was_action = self.sent_at.pop(frame["reply_to"], (None, False))
            if sent is not None:
                self.stats.answers.append(now - sent)
                if was_action and frame["type"] == "snapshot":
                    self.stats.acks.append((self.slug, self.position, version, sent))
            answered = frame["reply_to"] == self.waiting_for
            if answered and frame.get("code") == "busy" and self.held is None:
                # Nothing changed and the protocol says send again: decide again on the
                # snapshot acted on (a seat that waited for a newer one would stand still
                # until the turn timeout after a database outage).
                self.held = self.acted_on
        if frame["type"] == "snapshot":
            if self.last_snapshot_at is None:
                self.stats.first_snapshots.append(now)
            self.last_snapshot_at = now
            self.stats.log.setdefault((self.slug, self.position), []).append((version, now))
            if self.held is None or version > self.held["version"]:
                self.held = frame
        if self.waiting_for is not None and not answered:
            return False
        self.waiting_for = None
        # Decide on the newest snapshot seen, once: an error answer leaves the seat with the
        # snapshot it had, which it has already acted on, unless a newer one came meanwhile.
        snapshot, self.held = self.held, None
        if snapshot is None:
            return False
        return await self.respond(snapshot)

    async def respond(self, snapshot: dict[str, Any]) -> bool:
        """Decide on the newest snapshot only: a newer one replaces a decision in progress,
        as a person would look again before clicking."""
        if self.decision is not None:
            self.decision.cancel()
            self.decision = None
        self.acted_on = snapshot
        table, view = snapshot["table"], snapshot["view"]
        if table["status"] == "finished":
            return True
        if view["phase"] == "over":
            match = table["match"]
            self.played_rounds = len(match["rounds"] if "rounds" in match else match["games"])
            if self.played_rounds >= self.rounds:
                return True
            if self.position not in table["ready"]:
                await self.send({"type": "next_round"})
            return False
        if view["actions"]:
            self.decision = asyncio.get_running_loop().create_task(self.decide(view))
        return False

    async def decide(self, view: dict[str, Any]) -> None:
        await self.start.wait()
        if self.think:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
        if self.stopped:
            return
        if self.smart and view.get("game") == "mahjongg":
            from games.play.mahjongg.bots import choose_action

            action = choose_action(view, view["seat"], self.rng).to_dict()
        elif self.smart:
            from games.play.bots import choose_action

            action = choose_action(view, self.position, self.rng).to_dict()
        else:
            action = quick_choice(view, self.rng)
        self.decision = None
        await self.send({"type": "action", "action": action})
        self.stats.actions += 1

    async def send(self, frame: dict[str, Any]) -> None:
        self.asked += 1
        self.waiting_for = self.asked
        self.sent_at[self.asked] = (time.perf_counter(), frame["type"] == "action")
        await self.socket.send(json.dumps({**frame, "id": self.asked}))


CONNECT_TIMEOUT = 60.0  # seconds for every seat to connect before play starts anyway
SETTLED = 1.0  # seconds without a frame after which the connection storm is over
# After --duration: the most the actions under way are waited for (until no frame comes for
# SETTLED seconds). A fixed 2 s counted late news on a loaded machine as lost.
DRAIN = 10.0
# How long a seat waits for its handshake: as the table page, which sets no limit of its own,
# it waits for the server, which accepts within 30 s or drops the handshake
# (--websocket_connect_timeout 30). websockets' default of 10 s made the generator give up on
# handshakes the server was still working on; the server finished them anyway, for nobody,
# and the retries came on top: at 150 tables, on a loaded machine, most of the connection
# storm and the joins and leaves still running well into play (docs/benchmarks.md).
OPEN_TIMEOUT = 40.0
CONNECT_ATTEMPTS = 5  # a seat turned away tries again after 1, 2, 4, 8 s


def quick_choice(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action at almost no cost, so the clients' own work does not swell the
    measured times: Mhing when offered, else a random discard, else pass."""
    actions = view["actions"]
    for action in actions:
        if action["type"] in ("mhing", "claim_mhing", "mahjongg", "claim_mahjongg"):
            return action
    discards = [a for a in actions if a["type"] == "discard"]
    if discards:
        return rng.choice(discards)
    return next(a for a in actions if a["type"] == "pass")


def server_pids() -> list[int]:
    """The server processes benchmarks/loadtest.sh started (LOADTEST_SERVER_PIDS), if any."""
    return [int(p) for p in os.environ.get("LOADTEST_SERVER_PIDS", "").split()]


def cpu_seconds(pids: list[int]) -> dict[str, float]:
    """CPU seconds (user and system) used so far by the processes `pids` together (read
    from /proc: Linux only; left out elsewhere) and by this one."""
    used = {"generator": time.process_time()}
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in pids:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        if pids:
            used["servers"] = total / ticks
    except (OSError, ValueError, IndexError):
        pass
    return used


def cpu_line(stats: Stats) -> str | None:
    """CPU per action during play: the servers' and this generator's, and the cores each
    kept busy (a core is 1.00)."""
    if not stats.actions or not stats.elapsed or not stats.cpu_after:
        return None
    parts = []
    for who in ("servers", "generator"):
        if who in stats.cpu_after and who in stats.cpu_before:
            used = stats.cpu_after[who] - stats.cpu_before[who]
            parts.append(
                f"{who} {1000 * used / stats.actions:.2f} ms ({used / stats.elapsed:.2f} cores)"
            )
    return f"CPU per action: {', '.join(parts)}" if parts else None


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def play(tables: list[dict[str, Any]], urls: list[str], options) -> Stats:
    stats = Stats()
    start = asyncio.Event()
    seats = []
    for number, table in enumerate(tables):
        for seat in table["seats"]:
            seats.append(
                Seat(
                    slug=table["slug"],
                    position=seat["position"],
                    players=len(table["seats"]),
                    url=urls[(number + seat["position"]) % len(urls)],
                    cookie=seat["cookie"],
                    rounds=options.rounds,
                    think=options.think,
                    stats=stats,
                    rng=random.Random(f"{table['slug']}:{seat['position']}"),
                    smart=options.smart,
                    start=start,
                )
            )
    began = time.perf_counter()
    tasks = [asyncio.ensure_future(s.run()) for s in seats]
    while len(stats.first_snapshots) < len(seats) and not any(t.done() for t in tasks):
        if time.perf_counter() - began > CONNECT_TIMEOUT:
            break
        await asyncio.sleep(0.01)
    stats.connected = time.perf_counter() - began
    # Each socket that connects changes its table (the seat shows connected), and every
    # other socket of the table is sent that change: play starts once those news have all
    # come (no frame for SETTLED seconds), so the storm's tail is not measured as play.
    while time.perf_counter() - stats.last_frame < SETTLED and not any(t.done() for t in tasks):
        if time.perf_counter() - began > CONNECT_TIMEOUT:
            break
        await asyncio.sleep(0.05)
    stats.settled = time.perf_counter() - began
    started = time.perf_counter()
    stats.cpu_before = cpu_seconds(server_pids())
    start.set()
    done, running = await asyncio.wait(tasks, timeout=options.duration)
    if running:
        # Time is up: no new actions, and a moment for those under way to be answered and
        # broadcast: until no frame has come for SETTLED seconds.
        for seat in seats:
            seat.stopped = True
        stats.elapsed = time.perf_counter() - started
        stats.cpu_after = cpu_seconds(server_pids())
        stopping = time.perf_counter()
        while running and time.perf_counter() - stopping < DRAIN:
            done_late, running = await asyncio.wait(running, timeout=0.1)
            done |= done_late
            if time.perf_counter() - max(stats.last_frame, stopping) >= SETTLED:
                break
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
    else:
        stats.elapsed = time.perf_counter() - started
        stats.cpu_after = cpu_seconds(server_pids())
    stats.failures = [t.exception() for t in done if not t.cancelled() and t.exception()]
    return stats


def report(stats: Stats, players: dict[str, int]) -> tuple[str, int]:
    """The figures, and how many things were lost."""
    found, lost = stats.deliveries(players)
    ms = [d * 1000 for d in found]
    answers = [d * 1000 for d in stats.answers]
    tables = len(players)
    seats = sorted(set(players.values()))
    lines = [
        f"tables {tables} x {'/'.join(map(str, seats))} seats, {stats.elapsed:.1f} s "
        f"(after {len(stats.first_snapshots)} sockets connected in {stats.connected:.1f} s, "
        f"no news at {stats.settled:.1f} s, "
        f"{stats.retried} attempts turned away and retried)",
        f"actions {stats.actions}  ({stats.actions / stats.elapsed:.1f} actions/s)",
        f"action -> other seats' snapshot: p50 {percentile(ms, 0.5):.1f} ms  "
        f"p99 {percentile(ms, 0.99):.1f} ms  max {max(ms, default=float('nan')):.1f} ms  "
        f"({len(ms)} deliveries)",
        f"action -> actor's answer: p50 {percentile(answers, 0.5):.1f} ms  "
        f"p99 {percentile(answers, 0.99):.1f} ms",
        f"errors {sum(stats.errors.values())} {stats.errors or ''}".rstrip(),
        f"late answers {stats.late} (after the claim window's deadline)",
        f"lost: actions without broadcast {lost}, frames out of order {stats.out_of_order}, "
        f"clients failed {len(stats.failures)}",
    ]
    if ms:
        lines.append(f"mean delivery {statistics.fmean(ms):.1f} ms")
    cpu = cpu_line(stats)
    if cpu:
        lines.append(cpu)
    for failure in stats.failures[:3]:
        lines.append(f"  failure: {failure!r}")
    return "\n".join(lines), lost + stats.out_of_order


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.loadtest", description=__doc__)
    parser.add_argument("--url", action="append", help="ws://host:port of a server (repeat)")
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 7))
    parser.add_argument("--rounds", type=int, default=1, help="rounds (games) per table")
    parser.add_argument("--game", choices=["mhing", "mahjongg"], default="mhing")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds per decision")
    parser.add_argument(
        "--smart", action="store_true", help="play with the engine's bot (costs client CPU)"
    )
    parser.add_argument(
        "--duration", type=float, help="stop after this many seconds (default: the rounds)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the tables and users")
    parser.add_argument("--prepare", type=int, metavar="N", help="only make N tables")
    parser.add_argument("--json", action="store_true", help="with --prepare: print JSON")
    options = parser.parse_args(argv)
    if options.game == "mahjongg" and options.players not in (3, 4):
        parser.error("Mah-Jongg is played by 3 or 4 players")
    setup_django()
    run = secrets.token_hex(3)
    if options.prepare:
        tables = prepare(options.prepare, options.players, run, options.game)
        print(json.dumps(tables) if options.json else "\n".join(t["slug"] for t in tables))
        return 0
    urls = options.url or ["ws://127.0.0.1:8000"]
    tables = prepare(options.tables, options.players, run, options.game)
    # The generator's own collector pauses would count as the servers' latency: its
    # collector is tuned as theirs is (mhing_site/gc_tuning.py).
    tune_server()
    try:
        stats = asyncio.run(play(tables, urls, options))
        text, lost = report(stats, {t["slug"]: len(t["seats"]) for t in tables})
        print(text, flush=True)
    finally:
        if not options.keep:
            cleanup(run)
    return 1 if lost or stats.failures else 0


if __name__ == "__main__":
    sys.exit(main())
