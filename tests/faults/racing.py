"""Races against a real server, for the concurrency fault tests.

A database of its own (a temporary SQLite file, or a fresh database on the PostgreSQL server
that DATABASE_URL names, dropped afterwards), migrated and filled by this module run as a
command (`python -m tests.faults.racing prepare|dump`, Django configured by the server's
environment), and one daphne process serving it. Each `Browser` is one signed-in person
with cookies of their own; `together` sends their requests at the same moment: every thread
opens its connection, waits at a barrier, then sends.

Real server, real threads, real connections: nothing of ours is mocked.
"""

from __future__ import annotations

import atexit
import html
import http.client
import json
import os
import re
import secrets
import subprocess
import sys
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

from scoring.mhing import MhingError
from scoring.mhing.notation import format_hand, parse_hand
from tests.clubs import shared_club
from tests.games.servers import PYTHON, ROOT, daphne, migrate

PASSWORD = "pw-race-organiser"
PLAYERS = ("Pia", "Quentin", "Rosa", "Sven")
# Four plain sequences in three suits and a pair; and RULES.md §3's 512-point hand.
SMALL_HAND = "123c 456b 789k 234c 55k"
BIG_HAND = "567b 567b 678b 789b 99b"


# -- the server and its database ------------------------------------------------------------


@dataclass
class Site:
    port: int
    env: dict[str, str]
    data: dict[str, Any]  # what `prepare` made: league, players, sessions, matches

    def browser(self, n: int) -> Browser:
        """Organiser n's browser (0 or 1), signed in; 2: the member's, when prepared."""
        return Browser(self.port, self.data["sessions"][n])

    def dump(self, matches: list[int]) -> dict[int, dict[str, Any]]:
        """The matches as the database now holds them."""
        return {int(k): v for k, v in command(self.env, "dump", *map(str, matches)).items()}


def command(env: dict[str, str], *args: str) -> Any:
    done = subprocess.run(
        [PYTHON, "-m", "tests.faults.racing", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def server_env(database_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    return {
        **env,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "mhing_site.settings",
        "PYTHONPATH": str(ROOT),
        **extra,
    }


@contextmanager
def database(directory: Path) -> Iterator[str]:
    """The URL of a migrated database of its own: on the PostgreSQL server of DATABASE_URL
    when there is one (as in `make test-postgres`), else a SQLite file in `directory`
    (migrated by `migrated`)."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        yield f"sqlite:///{directory / 'race.sqlite3'}"
        return
    import psycopg

    name = f"race_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as admin:
        # A copy of a database this test process migrated once: `manage.py migrate` on
        # PostgreSQL for every race would take seconds each (docs/testing.md).
        admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{_template(url)}"')
    made = _on(url, name)
    _COPIES.add(made)
    try:
        yield made
    finally:
        _COPIES.discard(made)
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def migrated(env: dict[str, str]) -> None:
    """The database of `env` migrated, unless `database` made it as a migrated copy."""
    if env["DATABASE_URL"] not in _COPIES:
        migrate(env, "--skip-checks")  # the system checks judge the code: other tests do


_COPIES: set[str] = set()  # URLs `database` made from a migrated template
_TEMPLATES: dict[str, str] = {}  # a server's URL: this process's migrated template on it


def _on(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def _template(url: str) -> str:
    if url not in _TEMPLATES:
        import psycopg

        name = f"race_template_{os.getpid()}"
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{name}"')
        migrate(server_env(_on(url, name)), "--skip-checks")
        _TEMPLATES[url] = name
        atexit.register(_drop, url, name)
    return _TEMPLATES[url]


def _drop(url: str, name: str) -> None:
    import psycopg

    try:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    except psycopg.Error:
        pass  # the throwaway server may be gone already


@contextmanager
def served(directory: Path, matches: dict[str, int]) -> Iterator[Site]:
    """A migrated database holding a league with two organisers and, for each kind of race,
    that many matches (see `prepare`), served by one daphne process."""
    with database(directory) as url:
        env = server_env(url)
        migrated(env)
        data = command(env, "prepare", json.dumps(matches))
        with daphne(env, directory / "daphne.log") as port:
            yield Site(port, env, data)


# -- people ------------------------------------------------------------------------------------


@dataclass
class Page:
    status: int
    path: str
    text: str
    headers: dict[str, str]

    @property
    def words(self) -> str:
        """The page's text as a person reads it: tags dropped, spaces collapsed."""
        return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(self.text)).split())

    def hidden(self, name: str) -> str | None:
        found = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', self.text)
        return html.unescape(found.group(1)) if found else None

    def checked(self, name: str) -> str | None:
        found = re.search(
            rf'<input type="radio" name="{name}" value="(\w+)"[^>]*checked', self.text
        )
        return found.group(1) if found else None

    def shows(self, name: str, value: str) -> bool:
        """Does the form show `value` in its field `name` (typed, hidden or chosen)? A hand
        counts as shown in any notation of the same cards: the picker writes its own."""
        if self.checked(name) == value:
            return True
        for tag in re.findall(rf'<input[^>]*\bname="{name}"[^>]*>', self.text):
            found = re.search(r'\bvalue="([^"]*)"', tag)
            if "radio" not in tag and found and same(html.unescape(found.group(1)), value):
                return True
        return False


def same(shown: str, value: str) -> bool:
    try:
        return format_hand(parse_hand(shown)) == format_hand(parse_hand(value))
    except MhingError:
        return shown == value


class Browser:
    """One person's browser: their session, a CSRF cookie, the messages cookie Django sets
    on a redirect; redirects followed as a browser does (POST, then GET the new page)."""

    def __init__(self, port: int, session: str) -> None:
        self.port = port
        self.cookies = {"sessionid": session, "csrftoken": secrets.token_hex(16)}
        self.headers: dict[str, str] = {}  # sent with every request (a phone's Accept)

    def get(self, path: str) -> Page:
        return self._follow(self._send("GET", path))

    def post(
        self, path: str, data: dict[str, str], barrier: threading.Barrier | None = None
    ) -> Page:
        body = urlencode({**data, "csrfmiddlewaretoken": self.cookies["csrftoken"]})
        content_type = "application/x-www-form-urlencoded"
        return self._follow(self._send("POST", path, body.encode(), content_type, barrier))

    def post_file(self, path: str, data: dict[str, str], name: str, content: bytes) -> Page:
        boundary = secrets.token_hex(12)
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'
            for key, value in {**data, "csrfmiddlewaretoken": self.cookies["csrftoken"]}.items()
        ]
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="{name}.json"\r\nContent-Type: application/json\r\n\r\n'
        )
        body = (
            "".join(parts).encode() + head.encode() + content + f"\r\n--{boundary}--\r\n".encode()
        )
        content_type = f"multipart/form-data; boundary={boundary}"
        return self._follow(self._send("POST", path, body, content_type))

    def _follow(self, page: Page) -> Page:
        while page.status in (301, 302, 303):
            location = urlsplit(page.headers["location"])
            page = self._send(
                "GET", location.path + (f"?{location.query}" if location.query else "")
            )
        return page

    def _send(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        content_type: str | None = None,
        barrier: threading.Barrier | None = None,
    ) -> Page:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.connect()
            headers = {
                **self.headers,
                "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            }
            if content_type:
                headers["Content-Type"] = content_type
            if barrier is not None:
                barrier.wait(timeout=30)
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                if morsel["max-age"] == "0" or "1970" in morsel["expires"]:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        headers = {k.lower(): v for k, v in response.getheaders()}
        return Page(response.status, path, text, headers)


def together(*sends: Callable[[threading.Barrier], Page]) -> list[Page]:
    """Run the sends in threads of their own, released at the same moment by a barrier each
    passes to its request once its connection is open; their pages, in order."""
    barrier = threading.Barrier(len(sends))
    pages: list[Page | BaseException | None] = [None] * len(sends)

    def run(index: int, send: Callable[[threading.Barrier], Page]) -> None:
        try:
            pages[index] = send(barrier)
        except BaseException as error:  # reported by the caller, not lost in the thread
            barrier.abort()
            pages[index] = error

    threads = [threading.Thread(target=run, args=item) for item in enumerate(sends)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    for page in pages:
        if isinstance(page, BaseException):
            raise page
    return pages  # type: ignore[return-value]


# -- the commands, run in the server's environment ---------------------------------------------

# Each kind of race starts from matches holding these rounds (winners, in order).
START = {
    "corrections": ["Sven"],
    "draws": ["Sven"],
    "records": ["Sven"],
    "undo": ["Rosa", "Sven"],
    "deletions": ["Quentin", "Rosa", "Sven"],
    "busy": ["Sven"],
    "stale": ["Quentin", "Rosa", "Sven"],
    # Round 2 entered by Sven's own account (a member who may enter rounds).
    "member_undo": ["Rosa", "Sven"],
}
MEMBER = "sven"  # the member's account, linked to the player Sven (sessions[2])


def prepare(counts: dict[str, int]) -> dict[str, Any]:
    from datetime import date

    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.test import Client

    from leagues.models import League, Player, Round
    from leagues.models.standing import standings_deferred

    users = [
        get_user_model().objects.create_user(name, password=PASSWORD) for name in ("olga", "otto")
    ]
    league = League.objects.create(
        club=shared_club(), name="Race Club", slug="race", season_start=date(2026, 9, 1)
    )
    league.organisers.add(*users)
    players = [Player.objects.create(club=shared_club(), display_name=name) for name in PLAYERS]
    matches: dict[str, list[list[int]]] = {}  # kind → [[pk, version], ...]
    # The standings once at the end, as an import does: refreshed after every match and
    # round, over a league growing to 150 matches, they were 15 s of each set-up.
    if "member_undo" in counts:  # a member, seated, who may enter (and undo) rounds
        member = get_user_model().objects.create_user(MEMBER, password=PASSWORD)
        Player.objects.filter(display_name="Sven").update(user=member)
        League.objects.filter(pk=league.pk).update(players_may_enter=True)
        users.append(member)
    with transaction.atomic(), standings_deferred():
        for kind, count in counts.items():
            matches[kind] = _begun(league, players, users[0], kind, count)
            if kind == "member_undo":
                Round.objects.filter(match__in=[m[0] for m in matches[kind]], number=2).update(
                    entered_by=users[-1]
                )

    sessions = []
    for user in users:
        client = Client()
        client.force_login(user)
        sessions.append(client.cookies["sessionid"].value)
    return {
        "league": league.slug,
        "players": {p.display_name: p.pk for p in players},
        "sessions": sessions,
        "matches": matches,
    }


def _begun(league, players, by, kind: str, count: int) -> list[list[int]]:
    """`count` matches with START[kind]'s rounds: [[pk, version], ...]."""
    from leagues.models import Match, RoundEntry

    by_name = {p.display_name: p for p in players}
    begun = []
    for _ in range(count):
        # A target out of reach: the races never end a match.
        match = Match.begin(league, players, first_dealer=0, by=by, rules={"target": 10**6})
        for winner in START[kind]:
            match.record_round(RoundEntry(winner=by_name[winner], hand=SMALL_HAND))
        match.refresh_from_db()
        begun.append([match.pk, match.version])
    return begun


def dump(pks: list[int]) -> dict[int, dict[str, Any]]:
    from leagues.models import Match

    found = {}
    for match in Match.objects.filter(pk__in=pks):
        rounds = match.rounds.select_related("winner").order_by("number")
        found[match.pk] = {
            "version": match.version,
            "rounds": [
                [r.number, r.winner.display_name if r.winner else "draw", r.version] for r in rounds
            ],
            "changes": list(match.changes.order_by("pk").values_list("action", flat=True)),
        }
    found[0] = {"matches": Match.objects.count()}
    return found


if __name__ == "__main__":
    import django

    django.setup()
    what, *arguments = sys.argv[1:]
    if what == "prepare":
        print(json.dumps(prepare(json.loads(arguments[0]))))
    elif what == "dump":
        print(json.dumps(dump([int(pk) for pk in arguments])))
    else:
        sys.exit(f"unknown command {what!r}: prepare or dump")
