"""Two organisers saving the same thing at the same moment: exactly one save is kept, the other
is told someone else saved and to try again (never a server error), and the database holds
exactly what the kept save said.

Each race runs many times against a real daphne process and a database of its own (a SQLite
file under `make test`, a fresh PostgreSQL database under `make test-postgres`): two threads,
each with its own session and connection, released together by a barrier. The figures
(tries, failures, nothing lost) are printed for the record. RACE_TRIES sets the tries per
race (default 30).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest

from tests.games.servers import daphne

from .racing import BIG_HAND, SMALL_HAND, Browser, Page, Site, served, server_env, together

# Its servers open a database of their own on DATABASE_URL's server (tests/faults/racing.py).
pytestmark = pytest.mark.database

TRIES = int(os.environ.get("RACE_TRIES", "30"))
ON_SQLITE = not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))

# What the refused organiser reads (the pages' own words).
ENTERED_MEANWHILE = "The score sheet changed while you were entering this round"
UNDONE_MEANWHILE = "The match changed meanwhile: nothing was undone."
BUSY = "Someone else was saving at the same moment, and the database was busy for too long."


# Once per xdist worker (scope "session"): with --dist worksteal a worker may come back to
# this module after others, and a module-scoped server was set up again each time.
@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Iterator[Site]:
    kinds = ("corrections", "draws", "records", "undo", "deletions")
    counts = {kind: TRIES for kind in kinds} | {"busy": 1, "stale": 1}
    with served(tmp_path_factory.mktemp("race"), counts) as running:
        yield running


def match_url(match: int, tail: str = "") -> str:
    return f"/leagues/race/matches/{match}/{tail}"


@dataclass
class Save:
    """One organiser's side of a race: what they send, the words that tell them it was
    saved or refused, and the rounds the match holds if theirs is the save kept."""

    send: Callable[[threading.Barrier], Page]
    saved: str
    refused: tuple[str, ...]
    rounds: list[list]
    changes: list[str]
    kept: dict[str, str] = field(default_factory=dict)  # form fields shown again if refused


@dataclass
class Figures:
    tries: int = 0
    failed: int = 0  # tries with at least one failure
    failures: Counter = field(default_factory=Counter)
    refusals: Counter = field(default_factory=Counter)

    def check(self, saves: list[Save], pages: list[Page], held: dict) -> None:
        """Count what went wrong in one try: a page that is not a page (a server error),
        not exactly one save kept, the other not told or its entry not shown again, or a
        database that does not hold what the kept save said ("lost")."""
        state = ([r[:2] for r in held["rounds"]], held["changes"])
        as_said = [i for i, save in enumerate(saves) if state == (save.rounds, save.changes)]
        pairs = list(zip(saves, pages, strict=True))
        kept = [i for i, (save, page) in enumerate(pairs) if save.saved in page.words]
        if any(page.status != 200 for page in pages) or len(kept) != 1:
            if any(page.status != 200 for page in pages):  # its words are no answer
                self.failures["status " + "/".join(str(p.status) for p in pages)] += 1
            else:
                self.failures[f"{len(kept)} kept"] += 1
            if not as_said:  # neither save's outcome: something was lost or applied twice
                self.failures["lost"] += 1
            return
        if kept[0] not in as_said:
            self.failures["lost"] += 1
        loser, page = pairs[1 - kept[0]]
        told = [text for text in (*loser.refused, BUSY) if text in page.words]
        if not told:
            self.failures["not told"] += 1
        else:
            self.refusals["busy" if told == [BUSY] else "stale"] += 1
        if not all(page.shows(name, value) for name, value in loser.kept.items()):
            self.failures["entry not kept"] += 1

    def report(self, name: str, capsys) -> str:
        line = (
            f"{name}: {self.tries} tries, {self.failed} failed {dict(self.failures) or ''},"
            f" the other refused as {dict(self.refusals)},"
            f" nothing lost: {'yes' if not self.failures['lost'] else 'NO'}"
        )
        with capsys.disabled():
            print(f"\n[race] {line}")
        return line


def race(site: Site, kind: str, sides: Callable[[int, int, Browser, Browser], tuple[Save, Save]]):
    """Run the race once per prepared match; the figures, counting every try whose outcome
    is not "exactly one kept, the other told, the database as the kept one said"."""
    figures = Figures()
    olga, otto = site.browser(0), site.browser(1)
    outcomes = []
    for match, version in site.data["matches"][kind]:
        first, second = sides(match, version, olga, otto)
        pages = together(first.send, second.send)
        outcomes.append((match, (first, second), pages))
    held = site.dump([match for match, _ in site.data["matches"][kind]])
    for match, saves, pages in outcomes:
        figures.tries += 1
        before = sum(figures.failures.values())
        figures.check(saves, pages, held[match])
        figures.failed += sum(figures.failures.values()) > before
    return figures


def entry(winner: int, hand: str, version: int) -> dict[str, str]:
    return {
        "outcome": "won",
        "winner": str(winner),
        "win_type": "self_draw",
        "discarder": "",
        "hand": hand,
        "version": str(version),
    }


def test_two_corrections_of_one_round_keep_one_and_tell_the_other(site, capsys):
    players = site.data["players"]

    def sides(match, version, olga, otto):
        url = match_url(match, "rounds/1/edit/")
        saves = []
        for browser, name, hand in ((olga, "Pia", SMALL_HAND), (otto, "Quentin", BIG_HAND)):
            data = entry(players[name], hand, 1)  # the round's version, as the form showed it
            saves.append(
                Save(
                    send=lambda barrier, b=browser, d=data: b.post(url, d, barrier),
                    saved="Round 1 corrected:",
                    refused=("Someone else changed round 1 while you were editing it.",),
                    rounds=[[1, name]],
                    changes=["added", "edited"],
                    kept={"winner": str(players[name]), "hand": hand},
                )
            )
        return saves

    figures = race(site, "corrections", sides)

    line = figures.report("two corrections of one round", capsys)
    assert not figures.failures, line


def test_two_draws_entered_at_once_keep_one(site, capsys):
    def sides(match, version, olga, otto):
        return [
            Save(
                send=lambda barrier, b=browser: b.post(
                    match_url(match, "draw/"), {"version": str(version)}, barrier
                ),
                saved="Round 2: a draw.",
                refused=(ENTERED_MEANWHILE,),
                rounds=[[1, "Sven"], [2, "draw"]],
                changes=["added", "added"],
            )
            for browser in (olga, otto)
        ]

    figures = race(site, "draws", sides)

    line = figures.report("two draws at once", capsys)
    assert not figures.failures, line


def test_two_rounds_recorded_from_the_same_sheet_keep_one(site, capsys):
    players = site.data["players"]

    def sides(match, version, olga, otto):
        saves = []
        for browser, name, hand in ((olga, "Pia", SMALL_HAND), (otto, "Quentin", BIG_HAND)):
            data = entry(players[name], hand, version)
            saves.append(
                Save(
                    send=lambda barrier, b=browser, d=data: b.post(
                        match_url(match, "rounds/new/"), d, barrier
                    ),
                    saved=f"Round 2 saved: {name} wins",
                    refused=(ENTERED_MEANWHILE,),
                    rounds=[[1, "Sven"], [2, name]],
                    changes=["added", "added"],
                    kept={"winner": str(players[name]), "hand": hand},
                )
            )
        return saves

    figures = race(site, "records", sides)

    line = figures.report("record vs record", capsys)
    assert not figures.failures, line


def test_an_undo_and_a_new_round_from_the_same_sheet_keep_one(site, capsys):
    """The undo was sent from the sheet before the new round: it must not take away the new
    round (nor the one before it, once the new one is in)."""
    players = site.data["players"]

    def sides(match, version, olga, otto):
        data = entry(players["Quentin"], BIG_HAND, version)
        undo = Save(
            send=lambda barrier: olga.post(
                match_url(match, "undo/"), {"version": str(version)}, barrier
            ),
            saved="Round 2 was undone.",
            refused=(UNDONE_MEANWHILE,),
            rounds=[[1, "Rosa"]],
            changes=["added", "added", "undone"],
        )
        new = Save(
            send=lambda barrier: otto.post(match_url(match, "rounds/new/"), data, barrier),
            saved="Round 3 saved: Quentin wins",
            refused=(ENTERED_MEANWHILE,),
            rounds=[[1, "Rosa"], [2, "Sven"], [3, "Quentin"]],
            changes=["added", "added", "added"],
            kept={"winner": str(players["Quentin"]), "hand": BIG_HAND},
        )
        return undo, new

    figures = race(site, "undo", sides)

    line = figures.report("undo vs new round", capsys)
    assert not figures.failures, line


def test_two_deletions_of_one_round_delete_it_once(site, capsys):
    """Both organisers spotted the same wrong round 2: the later deletion must not take the
    round that moved up into its place."""

    def sides(match, version, olga, otto):
        return [
            Save(
                send=lambda barrier, b=browser: b.post(
                    match_url(match, "rounds/2/delete/"), {"version": "1"}, barrier
                ),
                saved="Round 2 deleted.",
                refused=(
                    "Someone else deleted round 2 meanwhile. Nothing was saved.",
                    "Someone else changed round 2 meanwhile; it was not deleted.",
                ),
                rounds=[[1, "Quentin"], [2, "Sven"]],
                changes=["added", "added", "added", "deleted"],
            )
            for browser in (olga, otto)
        ]

    figures = race(site, "deletions", sides)

    line = figures.report("two deletions of one round", capsys)
    assert not figures.failures, line


def test_pages_shown_before_a_deletion_change_no_other_round(site):
    """The slow end of a race, step by step: Olga deletes round 2, while Otto still has the
    pages of rounds 2 and 3 open. Round 3 has moved up into number 2; Otto's pages must
    change nothing, and say why."""
    ((match, _),) = site.data["matches"]["stale"]
    pia = site.data["players"]["Pia"]
    olga, otto = site.browser(0), site.browser(1)

    deleted = olga.post(match_url(match, "rounds/2/delete/"), {"version": "1"})
    corrected = otto.post(match_url(match, "rounds/2/edit/"), entry(pia, BIG_HAND, 1))
    deleted_again = otto.post(match_url(match, "rounds/3/delete/"), {"version": "1"})

    assert "Round 2 deleted." in deleted.words
    assert corrected.status == 200
    assert "Someone else changed round 2 while you were editing it." in corrected.words
    assert corrected.shows("hand", BIG_HAND) and corrected.shows("winner", str(pia))
    assert deleted_again.status == 200
    assert "Someone else deleted round 3 meanwhile. Nothing was saved." in deleted_again.words
    held = site.dump([match])[match]
    assert [r[:2] for r in held["rounds"]] == [[1, "Quentin"], [2, "Sven"]]
    assert held["changes"] == ["added", "added", "added", "deleted"]


@pytest.mark.sqlite
@pytest.mark.skipif(not ON_SQLITE, reason="SQLite's write lock; PostgreSQL waits on row locks")
def test_a_write_lock_held_past_the_timeout_says_try_again_and_saves_nothing(site, tmp_path):
    """Another process holds SQLite's write lock for longer than the server waits (here
    SQLITE_TIMEOUT=1): every kind of save answers "try again", keeps what was typed where
    the page is a form, and nothing is saved once the lock is gone."""
    url = site.env["DATABASE_URL"]
    ((match, version),) = site.data["matches"]["busy"]
    pia = site.data["players"]["Pia"]
    before = site.dump([match])
    env = server_env(url, SQLITE_TIMEOUT="1")
    with daphne(env, tmp_path / "daphne-busy.log") as port:
        olga = Browser(port, site.data["sessions"][0])
        league_file = olga.get("/leagues/race/export.json").text.encode()
        holder = sqlite3.connect(urlsplit(url).path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            new_round = olga.post(match_url(match, "rounds/new/"), entry(pia, BIG_HAND, version))
            draw = olga.post(match_url(match, "draw/"), {"version": str(version)})
            new_match = olga.post(
                "/leagues/race/matches/new/",
                {
                    "seat1_player": str(pia),
                    "seat2_player": str(site.data["players"]["Sven"]),
                    "first_dealer": "",
                    "target_choice": "500",
                    "variant": "points",
                    "played_on": "2026-09-02",
                },
            )
            imported = olga.post_file("/leagues/import/", {"league": "race"}, "file", league_file)
            signing_in = Browser(port, "").post(
                "/accounts/login/", {"username": "olga", "password": "pw-race-organiser"}
            )
        finally:
            holder.rollback()
            holder.close()
        after = site.dump([match])

    for page in (new_round, draw, new_match, imported):
        assert page.status == 200 and BUSY in page.words, (page.path, page.status, page.words)
    assert new_round.shows("hand", BIG_HAND) and new_round.shows("winner", str(pia))
    assert f'<option value="{pia}" selected>' in new_match.text  # the seats as chosen
    # Signing in writes the session: the site-wide net answers 503 with what to do next.
    assert signing_in.status == 503, signing_in.status
    assert BUSY in signing_in.words and "send it again" in signing_in.words
    assert signing_in.headers["retry-after"] == "5"
    assert after == before
