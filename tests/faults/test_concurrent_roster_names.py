"""Two organisers adding the same name to a league's roster at the same moment:
"Zoe Novak" by one, "zoe novak" by the other. Before, PostgreSQL answered 500
(IntegrityError) in 4 tries of 4, and names differing in case made two players in 3 of 4.

The club's database refuses a second player of one name in any capitalisation
(leagues.models.people, `player_name_unique_in_club`); the roster catches that refusal in a
savepoint and shows the form's own error. Each try runs against a real daphne process and a
database of its own (SQLite under `make test`, PostgreSQL under `make test-postgres`), both
posts released together by a barrier (racing.py), ROSTER_RACE_TRIES times (default 8), each
in a league of its own. Every try ends with exactly one player of the name, one organiser
told it is new and the other told it is taken or already on the roster, never a 500.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator

import pytest

from .club_racing import ClubSite, served
from .racing import together

# Its servers open a database of their own on DATABASE_URL's server (tests/faults/racing.py).
pytestmark = pytest.mark.database

TRIES = int(os.environ.get("ROSTER_RACE_TRIES", "8"))
ADDED = "is a new player, on the roster now."
TAKEN = "is already used by another player"
ON_ROSTER = "is already on the roster."
BUSY = "Someone else was saving at the same moment, and the database was busy for too long."


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Iterator[ClubSite]:
    with served(tmp_path_factory.mktemp("roster-race"), {"rostername": TRIES}) as running:
        yield running


def test_two_organisers_adding_one_name_make_one_player_and_no_server_error(site, capsys):
    outcomes = []
    for one in site.data["tries"]["rostername"]:
        olga, otto = site.organisers()
        url = f"/leagues/{one['slug']}/players/"
        pages = together(
            lambda barrier, b=olga, u=url: b.post(u, {"name": "Zoe Novak"}, barrier),
            lambda barrier, b=otto, u=url: b.post(u, {"name": "zoe novak"}, barrier),
        )
        outcomes.append((one, pages))
    held = site.dump("rostername")
    seen = Counter()
    for one, pages in outcomes:
        for page in pages:
            assert page.status < 500, (page.path, page.status, page.words[-600:])
        zoes = [n for n in held[one["slug"]]["players"] if n.lower() == "zoe novak"]
        assert len(zoes) == 1, held[one["slug"]]["players"]
        added = [p for p in pages if ADDED in p.words]
        taken = [p for p in pages if TAKEN in p.words]
        on_roster = [p for p in pages if ON_ROSTER in p.words]
        busy = [p for p in pages if BUSY in p.words]
        assert len(added) == 1, [p.words[-400:] for p in pages]
        assert len(taken) + len(on_roster) + len(busy) == 1, [p.words[-400:] for p in pages]
        if taken:
            seen["clash refused by the database, the form's error"] += 1
        elif on_roster:
            seen["second saw the first, already on the roster"] += 1
        else:
            seen["busy"] += 1
    with capsys.disabled():
        print(f"\n[roster race] one name twice: {sum(seen.values())} tries, {dict(seen)}")
