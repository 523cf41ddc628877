"""Two people doing club-season things at the same moment: accepting one
invitation twice, accepting while the organiser revokes, merging a player while a round of
theirs is saved, saving the settings twice, starting a new season while a round of the
current one is corrected, starting a new season while a match begins, seating two club
nights with the same players, deleting a match while a round is saved to it.

Each race runs against a real daphne process and a database of its own (SQLite under
`make test`, a fresh PostgreSQL database under `make test-postgres`), both requests released
together by a barrier (racing.py), CLUB_RACE_TRIES times (default 6), each try in a league
of its own. Every try must end as one of the race's outcomes a person can understand:
never a server error, the refused person told what happened, nothing half-done, and the
standings the database keeps equal to a rebuild from scratch.
"""

from __future__ import annotations

import os
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import date
from urllib.parse import urlencode

import pytest

from .club_racing import ClubSite, served
from .racing import BIG_HAND, SMALL_HAND, Browser, Page, together

# Its servers open a database of their own on DATABASE_URL's server (tests/faults/racing.py).
pytestmark = pytest.mark.database

TRIES = int(os.environ.get("CLUB_RACE_TRIES", "6"))
KINDS = (
    *("accept", "revoke", "merge", "settings", "season", "nights", "delete", "deletetwice"),
    "beginseason",
)
BUSY = "Someone else was saving at the same moment, and the database was busy for too long."


# Once per xdist worker (scope "session"): with --dist worksteal a worker may come back to
# this module after others, and a module-scoped server was set up again each time.
@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Iterator[ClubSite]:
    with served(tmp_path_factory.mktemp("club-race"), dict.fromkeys(KINDS, TRIES)) as running:
        yield running


def post_pairs(
    browser: Browser, path: str, pairs: list[tuple[str, str]], barrier: threading.Barrier
) -> Page:
    """A POST with repeated fields (checkboxes), as a browser sends it."""
    body = urlencode([*pairs, ("csrfmiddlewaretoken", browser.cookies["csrftoken"])])
    page = browser._send("POST", path, body.encode(), "application/x-www-form-urlencoded", barrier)
    return browser._follow(page)


def entry(winner: int, hand: str, version: int) -> dict[str, str]:
    return {
        "outcome": "won",
        "winner": str(winner),
        "win_type": "self_draw",
        "discarder": "",
        "hand": hand,
        "version": str(version),
    }


def run(
    site: ClubSite, kind: str, sends: Callable[[dict], tuple[Callable, ...]]
) -> tuple[list[tuple[dict, list[Page]]], dict]:
    """Every try of the race: (the try's data, the two pages), and the database after."""
    outcomes = []
    for one in site.data["tries"][kind]:
        outcomes.append((one, together(*sends(one))))
    return outcomes, site.dump(kind)


def no_server_error(pages: list[Page]) -> None:
    for page in pages:
        # A debug page's title names the exception: the first thing to read when this fails.
        title = re.search(r"<title>(.*?)</title>", page.text, re.S)
        title = " ".join(title.group(1).split()) if title else ""
        assert page.status < 500, (page.path, page.status, title, page.words[-600:])


def standings_as_rebuilt(held: dict) -> None:
    assert held["kept"] == held["rebuilt"], (held["kept"], held["rebuilt"])


def report(capsys, name: str, seen: Counter) -> None:
    with capsys.disabled():
        print(f"\n[club race] {name}: {sum(seen.values())} tries, outcomes {dict(seen)}")


def test_two_people_accepting_one_invitation_link_exactly_one_account(site, capsys):
    """The link was sent to a group chat, and two people press "accept" at once."""

    def sends(one):
        ann, ben = (site.browser(s) for s in one["sessions"])
        url = f"/invite/{one['token']}/"
        return (
            lambda barrier: ann.post(url, {}, barrier),
            lambda barrier: ben.post(url, {}, barrier),
        )

    outcomes, held = run(site, "accept", sends)
    seen = Counter()
    for one, pages in outcomes:
        no_server_error(pages)
        league = held[one["slug"]]
        welcomed = [i for i, p in enumerate(pages) if "You are now a member" in p.words]
        refused = [i for i, p in enumerate(pages) if "already been used" in p.words]
        busy = [i for i, p in enumerate(pages) if BUSY in p.words]
        # Exactly one account linked, the one that was welcomed; the other told.
        assert len(welcomed) == 1 and len(refused) + len(busy) == 1, [p.words for p in pages]
        winner = f"accept{one['slug'].split('-')[1]}{('ann', 'ben')[welcomed[0]]}"
        player = f"Piaaccept{one['slug'].split('-')[1]}"
        assert league["linked"] == {player: winner}
        assert league["invites"] == [["used", winner]]
        assert league["events"].count("invite_accepted") == 1
        seen["one linked, the other told it was used" if refused else "the other busy"] += 1
    report(capsys, "two accept one invitation", seen)


def test_an_invitation_revoked_while_being_accepted_is_either_used_or_withdrawn(site, capsys):
    def sends(one):
        olga, _ = site.organisers()
        ann = site.browser(one["sessions"][0])
        return (
            lambda barrier: olga.post(
                f"/leagues/{one['slug']}/invites/{one['invite']}/revoke/", {}, barrier
            ),
            lambda barrier: ann.post(f"/invite/{one['token']}/", {}, barrier),
        )

    outcomes, held = run(site, "revoke", sends)
    seen = Counter()
    for one, (revoked, accepted) in outcomes:
        no_server_error([revoked, accepted])
        league = held[one["slug"]]
        if "You are now a member" in accepted.words:
            assert "accepted meanwhile; it can no longer be revoked" in revoked.words
            assert league["invites"] == [["used", f"revoke{one['slug'].split('-')[1]}ann"]]
            assert len(league["linked"]) == 1
            seen["accepted, the revocation refused"] += 1
        else:
            assert "withdrawn by the organiser" in accepted.words, accepted.words
            assert accepted.status in (409, 410)
            assert "Invitation revoked" in revoked.words
            assert league["invites"] == [["revoked", None]]
            assert league["linked"] == {}
            seen["revoked, the acceptance refused"] += 1
    report(capsys, "revoke vs accept", seen)


def test_a_merge_racing_rounds_of_both_players_loses_nothing(site, capsys):
    """Olga merges Pia into Quinn (the same person, typed twice) while Otto saves a round
    Pia won in her running match and, in another tab, a round Quinn won in his."""

    def sends(one):
        olga, otto = site.organisers()
        players = one["players"]
        pia, quinn = players[f"Pia{one['slug'].replace('-', '')}"], None
        quinn = players[f"Quinn{one['slug'].replace('-', '')}"]
        base = f"/leagues/{one['slug']}"
        return (
            lambda barrier: olga.post(
                f"{base}/players/merge/", {"merged": str(pia), "kept": str(quinn)}, barrier
            ),
            lambda barrier: otto.post(
                f"{base}/matches/{one['match']}/rounds/new/",
                entry(pia, BIG_HAND, one["version"]),
                barrier,
            ),
            lambda barrier: otto.post(
                f"{base}/matches/{one['other']}/rounds/new/",
                entry(quinn, SMALL_HAND, one["other_version"]),
                barrier,
            ),
        )

    outcomes, held = run(site, "merge", sends)
    seen = Counter()
    for one, (merged, saved, quinns) in outcomes:
        no_server_error([merged, saved, quinns])
        league = held[one["slug"]]
        suffix = one["slug"].replace("-", "")
        assert "is merged into" in merged.words, merged.words
        assert f"Pia{suffix}" not in league["players"]
        match = league["matches"][str(one["match"])]
        assert match["seats"] == [f"Quinn{suffix}", f"Rosa{suffix}"]
        if "Round 2 saved" in saved.words:
            assert match["rounds"] == [[1, f"Quinn{suffix}"], [2, f"Quinn{suffix}"]]
            seen["round saved, then merged"] += 1
        else:
            # The page was shown before the merge: the round is refused, and says why.
            assert saved.status in (200, 400, 409), saved.status
            assert match["rounds"] == [[1, f"Quinn{suffix}"]]
            seen[f"round refused: {refusal(saved)}"] += 1
        # Quinn's own round is no business of the merge: it is saved, or told "busy".
        other = league["matches"][str(one["other"])]
        if "Round 2 saved" in quinns.words:
            assert other["rounds"] == [[1, f"Quinn{suffix}"], [2, f"Quinn{suffix}"]]
        else:
            assert BUSY in quinns.words, quinns.words[-400:]
            assert other["rounds"] == [[1, f"Quinn{suffix}"]]
            seen["Quinn's round busy"] += 1
        standings_as_rebuilt(league)
    report(capsys, "merge vs round save", seen)


def refusal(page: Page) -> str:
    """The gist of a refusal, for the printed figures."""
    for words in (
        "The score sheet changed",
        "Select a valid choice",
        "not a player of this match",
        BUSY,
    ):
        if words in page.words:
            return words
    return page.words[:200]


def test_two_organisers_saving_the_settings_keep_one_and_refuse_the_other(site, capsys):
    def sends(one):
        values = {}
        for name, value in one["values"].items():
            if value is True:
                values[name] = "on"
            elif value is None:
                values[name] = ""  # an empty field, as the form shows it (no match length)
            elif value is not False:
                values[name] = str(value)
        values["version"] = str(one["version"])
        olga, otto = site.organisers()
        return tuple(
            lambda barrier, b=browser, n=name: b.post(
                f"/leagues/{one['slug']}/settings/", values | {"name": n}, barrier
            )
            for browser, name in ((olga, "Olga's club"), (otto, "Otto's club"))
        )

    outcomes, held = run(site, "settings", sends)
    seen = Counter()
    for one, pages in outcomes:
        no_server_error(pages)
        saved = [i for i, p in enumerate(pages) if "The settings are saved." in p.words]
        stale = [
            i
            for i, p in enumerate(pages)
            if "Another organiser changed the settings while you were editing them" in p.words
            or BUSY in p.words
        ]
        assert len(saved) == 1 and len(stale) == 1, [p.words[-400:] for p in pages]
        league = held[one["slug"]]
        assert league["name"] == ("Olga's club", "Otto's club")[saved[0]]
        assert league["version"] == one["version"] + 1
        assert league["events"].count("settings_changed") == 1
        # The refused organiser sees the settings as saved, to look at them again.
        assert league["name"] in pages[stale[0]].text.replace("&#x27;", "'")
        seen["one saved, the other refused as stale"] += 1
    report(capsys, "two settings saves", seen)


def start_spring(organiser: Browser, base: str, barrier: threading.Barrier) -> Page:
    """The league at `base` starts its season "Spring" on 1 November 2026: a day gone by, so it
    is current at once (a season dated later waits for its day: leagues/models/season.py)."""
    return organiser.post(
        f"{base}/seasons/new/",
        {"name": "Spring", "starts_on": "2026-11-01", "confirm": "on"},
        barrier,
    )


def test_a_new_season_racing_a_correction_either_takes_it_or_refuses_it(site, capsys):
    """Olga starts a new season while Otto corrects the only round of a finished match of
    the current one: the correction lands before the archive, or is refused as archived."""

    def sends(one):
        olga, otto = site.organisers()
        quinn = one["players"][f"Quinn{one['slug'].replace('-', '')}"]
        base = f"/leagues/{one['slug']}"
        return (
            lambda barrier: start_spring(olga, base, barrier),
            lambda barrier: otto.post(
                f"{base}/matches/{one['match']}/rounds/1/edit/", entry(quinn, BIG_HAND, 1), barrier
            ),
        )

    outcomes, held = run(site, "season", sends)
    seen = Counter()
    for one, (started, corrected) in outcomes:
        no_server_error([started, corrected])
        league = held[one["slug"]]
        suffix = one["slug"].replace("-", "")
        assert "has begun" in started.words, started.words[-400:]
        assert league["seasons"] == [["Season 2026/27", True], ["Spring", False]]
        match = league["matches"][str(one["match"])]
        assert match["season"] == "Season 2026/27"
        if "Round 1 corrected" in corrected.words:
            assert match["rounds"] == [[1, f"Quinn{suffix}"]]
            seen["corrected, then archived"] += 1
        else:
            assert "is archived: its matches can no longer be changed" in corrected.words, (
                corrected.words[-400:]
            )
            assert corrected.shows("hand", BIG_HAND)  # what Otto typed is kept
            assert match["rounds"] == [[1, f"Pia{suffix}"]]
            seen["archived, the correction refused"] += 1
        standings_as_rebuilt(league)
        assert league["kept"]["Spring"] == {}
    report(capsys, "new season vs correction", seen)


def test_a_match_begun_while_a_new_season_starts_is_never_left_in_the_archived_one(site, capsys):
    """Olga starts a new season while Otto begins a match: either the match began first, is
    running in the old season and the new season is refused (docs/seasons.md: "Refused while
    a match runs"), or the season started first and the match is in the new one. Never a
    running match in an archived season, where no round could be entered."""

    def sends(one):
        olga, otto = site.organisers()
        suffix = one["slug"].replace("-", "")
        base = f"/leagues/{one['slug']}"
        return (
            lambda barrier: start_spring(olga, base, barrier),
            lambda barrier: otto.post(
                f"{base}/matches/new/",
                {
                    "seat1_player": str(one["players"][f"Pia{suffix}"]),
                    "seat2_player": str(one["players"][f"Rosa{suffix}"]),
                    "first_dealer": "",
                    "target_choice": "500",
                    "variant": "points",
                    "played_on": date.today().isoformat(),
                },
                barrier,
            ),
        )

    outcomes, held = run(site, "beginseason", sends)
    seen = Counter()
    for one, (started, begun) in outcomes:
        no_server_error([started, begun])
        league = held[one["slug"]]
        assert "The match has begun" in begun.words, begun.words[-400:]
        ((match,),) = [list(league["matches"].values())]
        assert match["status"] == "running"
        if "has begun" in started.words:
            assert league["seasons"] == [["Season 2026/27", True], ["Spring", False]]
            assert match["season"] == "Spring", match
            seen["season first, the match in it"] += 1
        else:
            assert "still running" in started.words, started.words[-400:]
            assert league["seasons"] == [["Season 2026/27", False]]
            assert match["season"] == "Season 2026/27", match
            seen["match first, the season refused"] += 1
        standings_as_rebuilt(league)
    report(capsys, "new season vs new match", seen)


def test_two_club_nights_with_the_same_players_seat_nobody_twice(site, capsys):
    def sends(one):
        olga, otto = site.organisers()
        ids = [str(pk) for pk in one["ids"]]
        common = [("present", pk) for pk in ids] + [
            ("played_on", "2026-10-06"),
            ("variant", "points"),
            ("target_points", "500"),
            ("seed", "1"),
            ("since", "0"),
            ("step", "create"),
        ]
        url = f"/leagues/{one['slug']}/nights/new/"
        olga_order = ";".join([",".join(ids[:3]), ",".join(ids[3:])])
        otto_order = ";".join([",".join(ids[0::2]), ",".join(ids[1::2])])
        return (
            lambda barrier: post_pairs(olga, url, [*common, ("order", olga_order)], barrier),
            lambda barrier: post_pairs(otto, url, [*common, ("order", otto_order)], barrier),
        )

    outcomes, held = run(site, "nights", sends)
    seen = Counter()
    for one, pages in outcomes:
        no_server_error(pages)
        league = held[one["slug"]]
        seated = [i for i, p in enumerate(pages) if "The tables are seated" in p.words]
        refused = [
            i
            for i, p in enumerate(pages)
            if "Meanwhile a match was started with" in p.words or BUSY in p.words
        ]
        assert len(seated) == 1 and len(refused) == 1, [p.words[-400:] for p in pages]
        assert len(league["nights"]) == 1
        everyone = [name for match in league["nights"][0] for name in match]
        assert sorted(everyone) == sorted(league["players"])  # each once
        assert len(league["matches"]) == 2  # the refused night created none
        assert league["events"].count("club_night_seated") == 1
        seen["one night seated, the other refused"] += 1
    report(capsys, "two club nights", seen)


def test_deleting_a_match_while_a_round_is_saved_to_it(site, capsys):
    """Olga deletes a match entered by mistake while Otto saves a round to it: either the
    round is saved and the deletion refused (the match changed: look again), or the match
    is deleted and the round is refused saying so. Never a server error."""

    def sends(one):
        olga, otto = site.organisers()
        pia = one["players"][f"Pia{one['slug'].replace('-', '')}"]
        base = f"/leagues/{one['slug']}/matches/{one['match']}"
        return (
            lambda barrier: olga.post(f"{base}/delete/", {"version": str(one["version"])}, barrier),
            lambda barrier: otto.post(
                f"{base}/rounds/new/", entry(pia, SMALL_HAND, one["version"]), barrier
            ),
        )

    outcomes, held = run(site, "delete", sends)
    seen = Counter()
    for one, (deleted, saved) in outcomes:
        no_server_error([deleted, saved])
        league = held[one["slug"]]
        match = league["matches"].get(str(one["match"]))
        if "The match is deleted." in deleted.words:
            assert match is None
            assert "Round 2 saved" not in saved.words
            # The match's address answers 404 to everyone now; the save that was already
            # waiting for the match gets the same (leagues.errors.MatchGone), not a 500.
            assert saved.status == 404, (saved.status, saved.words[-400:])
            seen[f"deleted, the round refused ({saved.status})"] += 1
        else:
            assert "The match changed meanwhile" in deleted.words or BUSY in deleted.words
            assert "Round 2 saved" in saved.words
            assert match is not None and len(match["rounds"]) == 2
            seen["round saved, the deletion refused"] += 1
        standings_as_rebuilt(league)
    report(capsys, "delete match vs round save", seen)


def test_two_organisers_deleting_one_match_delete_it_once(site, capsys):
    def sends(one):
        url = f"/leagues/{one['slug']}/matches/{one['match']}/delete/"
        return tuple(
            lambda barrier, b=browser: b.post(url, {"version": str(one["version"])}, barrier)
            for browser in site.organisers()
        )

    outcomes, held = run(site, "deletetwice", sends)
    seen = Counter()
    for one, pages in outcomes:
        no_server_error(pages)
        league = held[one["slug"]]
        deleted = [i for i, p in enumerate(pages) if "The match is deleted." in p.words]
        assert len(deleted) == 1, [(p.status, p.words[-300:]) for p in pages]
        other = pages[1 - deleted[0]]
        assert other.status == 404 or BUSY in other.words, other.status
        assert str(one["match"]) not in league["matches"]
        assert len(league["matches"]) == 1  # the other match of the league stays
        assert league["events"].count("match_deleted") == 1
        standings_as_rebuilt(league)
        seen[f"deleted once, the other {other.status}"] += 1
    report(capsys, "two deletions of one match", seen)
