"""Two organisers create leagues with the same short name at the same moment: one league is
created, the other organiser is shown the form again with the short name's own error, never
a server error. Each form checks that the short name is free before the save, so both pass
the check and the database's unique index refuses the second save: on PostgreSQL that was a
500 in 3 of 4 tries.

A real daphne process and a database of its own (tests/faults/racing.py), the two requests
released together; RACE_TRIES sets the tries (default 30). Run on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator

import pytest

from .racing import Site, served, together

pytestmark = pytest.mark.database

TRIES = int(os.environ.get("RACE_TRIES", "30"))

CREATED = "The league is created, and you organise it."
TAKEN = "is taken: choose another one."  # with the name, or "This short name …"


@pytest.fixture(scope="session")
def league_site(tmp_path_factory) -> Iterator[Site]:
    with served(tmp_path_factory.mktemp("short-name-race"), {}) as running:
        yield running


def new_league(name: str, slug: str) -> dict[str, str]:
    return {
        "name": name,
        "slug": slug,
        "default_variant": "points",
        "default_target": "500",
        "bot_matches": "humans",
        "is_public": "on",
    }


@pytest.mark.parametrize("typed", [True, False], ids=["typed", "made-from-the-name"])
def test_two_leagues_with_one_short_name_at_once_make_one_and_tell_the_other(
    league_site, capsys, typed
):
    olga, otto = league_site.browser(0), league_site.browser(1)
    failures: Counter = Counter()
    told = 0
    for n in range(TRIES):
        slug = f"club-{'t' if typed else 'n'}-{n}"
        name = f"Club {'T' if typed else 'N'} {n}"
        form = new_league(name, slug if typed else "")
        pages = together(
            lambda barrier, f=form: olga.post("/leagues/new/", f, barrier),
            lambda barrier, f=form: otto.post("/leagues/new/", f, barrier),
        )
        statuses = [page.status for page in pages]
        if statuses != [200, 200]:
            failures["status " + "/".join(map(str, statuses))] += 1
            continue
        created = [page for page in pages if CREATED in page.words]
        refused = [page for page in pages if TAKEN in page.words]
        if len(created) != 1:
            failures[f"{len(created)} created"] += 1
        elif len(refused) != 1:
            failures["the other not told"] += 1
        elif f'name="name" value="{name}"' not in refused[0].text.replace("&#x27;", "'"):
            failures["the name typed not kept"] += 1
        else:
            told += 1

    line = (
        f"two leagues, one short name ({'typed' if typed else 'made from the name'}):"
        f" {TRIES} tries, {sum(failures.values())} failed {dict(failures) or ''},"
        f" the other told {told}"
    )
    with capsys.disabled():
        print(f"\n[race] {line}")
    assert not failures, line
