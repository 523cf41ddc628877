"""Races of the club-season features against a real server: invitations, merges,
settings, seasons, club nights and deletions. The machinery is racing.py's (a database of
its own, one daphne process, `Browser` and `together`); this module prepares the data the
races need and reads back what the database holds, run as a command in the server's
environment (`python -m tests.faults.club_racing prepare|dump`).

Every try of every race gets a league of its own (`<kind>-<try>`), organised by Olga and
Otto, so one try's outcome cannot change the next one's start.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.games.servers import PYTHON, ROOT, daphne

from .racing import BIG_HAND, SMALL_HAND, Browser, database, migrated, server_env

SEASON_START = "2026-09-01"


@dataclass
class ClubSite:
    port: int
    env: dict[str, str]
    data: dict[str, Any]

    def browser(self, session: str) -> Browser:
        return Browser(self.port, session)

    def organisers(self) -> tuple[Browser, Browser]:
        return self.browser(self.data["olga"]), self.browser(self.data["otto"])

    def dump(self, kind: str) -> dict[str, Any]:
        return command(self.env, "dump", kind)


def command(env: dict[str, str], *args: str) -> Any:
    done = subprocess.run(
        [PYTHON, "-m", "tests.faults.club_racing", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@contextmanager
def served(directory: Path, counts: dict[str, int]) -> Iterator[ClubSite]:
    with database(directory) as url:
        env = server_env(url)
        migrated(env)
        data = command(env, "prepare", json.dumps(counts))
        with daphne(env, directory / "daphne.log") as port:
            yield ClubSite(port, env, data)


# -- the commands, run in the server's environment ---------------------------------------------


def _session(user) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def prepare(counts: dict[str, int]) -> dict[str, Any]:
    from datetime import date

    from django.contrib.auth import get_user_model

    from leagues.models import Club, Invite, League, Match, Player, RoundEntry
    from leagues.models.league_settings import SETTINGS

    users = get_user_model().objects
    # No passwords: every session here is made by force_login, and hashing one (Django's
    # PBKDF2, slow on purpose) took half a second a user, most of this set-up's time.
    olga = users.create_user("olga")
    otto = users.create_user("otto")
    data: dict[str, Any] = {"olga": _session(olga), "otto": _session(otto), "tries": {}}

    def league_for(kind: str, index: int, names: tuple[str, ...]) -> tuple[League, list[Player]]:
        # A club of its own too: a name added in one try is not there in the next.
        club = Club.create_named(f"{kind} {index}")
        league = League.objects.create(
            club=club,
            name=f"{kind} {index}",
            slug=f"{kind}-{index}",
            season_start=date.fromisoformat(SEASON_START),
        )
        league.organisers.add(olga, otto)
        players = [
            Player.objects.create(club=club, display_name=f"{name}{kind}{index}") for name in names
        ]
        league.players.add(*players)
        return league, players

    for kind, count in counts.items():
        tries = data["tries"][kind] = []
        for index in range(count):
            names = ("Pia", "Quinn", "Rosa", "Sven", "Tara", "Uma")
            league, players = league_for(kind, index, names)
            one: dict[str, Any] = {
                "slug": league.slug,
                "players": {p.display_name: p.pk for p in players},
                "ids": [p.pk for p in players],
            }
            if kind in ("accept", "revoke"):
                invite = Invite.issue(league, role="member", player=players[0], by=olga)
                one["invite"], one["token"] = invite.pk, invite.token
                one["sessions"] = [
                    _session(users.create_user(f"{kind}{index}{who}")) for who in ("ann", "ben")
                ]
            elif kind in ("merge", "delete", "deletetwice"):
                # Pia (merged away into Quinn in the merge race) plays Rosa; Quinn plays Sven.
                match = Match.begin(
                    league,
                    [players[0], players[2]],
                    first_dealer=0,
                    by=olga,
                    rules={"target": 10**6},
                )
                match.record_round(RoundEntry(winner=players[0], hand=SMALL_HAND))
                other = Match.begin(
                    league,
                    [players[1], players[3]],
                    first_dealer=0,
                    by=olga,
                    rules={"target": 10**6},
                )
                other.record_round(RoundEntry(winner=players[1], hand=SMALL_HAND))
                match.refresh_from_db()
                other.refresh_from_db()
                one["match"], one["version"] = match.pk, match.version
                one["other"], one["other_version"] = other.pk, other.version
            elif kind == "season":
                # A finished match of the current season, its only round being corrected.
                match = Match.begin(
                    league, [players[0], players[1]], first_dealer=0, by=olga, rules={"target": 100}
                )
                match.record_round(RoundEntry(winner=players[0], hand=BIG_HAND))
                match.refresh_from_db()
                assert match.is_finished, match.status
                one["match"] = match.pk
            elif kind == "settings":
                # As the page sends them: the settings, the rules as the game's own fields.
                one["values"] = {
                    **{name: getattr(league, name) for name in SETTINGS if name != "rules"},
                    **league.kind.settings_form.target.initial(league.rule_profile()),
                }
                one["version"] = league.version
            tries.append(one)
    return data


def dump(kind: str) -> dict[str, Any]:
    from leagues.models import ClubNight, League, Match
    from leagues.models.standing import PlayerStanding, compute_standings

    def figures(rows) -> dict[str, list]:
        return {str(row.player_id): list(row.figures()[3:]) for row in rows}

    found = {}
    for league in League.objects.filter(slug__startswith=f"{kind}-"):
        kept = {"all": figures(PlayerStanding.objects.filter(league=league, season=None))}
        rebuilt = {"all": figures(compute_standings(league.pk))}
        for season in league.seasons.all():
            kept[season.name] = figures(PlayerStanding.objects.filter(league=league, season=season))
            rebuilt[season.name] = figures(compute_standings(league.pk, season_id=season.pk))
        matches = {}
        for match in Match.objects.filter(league=league).order_by("pk"):
            matches[str(match.pk)] = {
                "status": match.status,
                "season": match.season.name,
                "seats": [s.player.display_name for s in match.seats.order_by("position")],
                "rounds": [
                    [r.number, r.winner.display_name if r.winner else "draw"]
                    for r in match.rounds.select_related("winner").order_by("number")
                ],
            }
        found[league.slug] = {
            "name": league.name,
            "version": league.version,
            "kept": kept,
            "rebuilt": rebuilt,
            "seasons": [[s.name, s.is_archived] for s in league.seasons.order_by("number")],
            "matches": matches,
            "players": sorted(league.players.values_list("display_name", flat=True)),
            "linked": {
                p.display_name: p.user.get_username()
                for p in league.players.select_related("user").filter(user__isnull=False)
            },
            "invites": [
                [i.state, i.accepted_by.get_username() if i.accepted_by else None]
                for i in league.invites.select_related("accepted_by")
            ],
            "nights": [
                [
                    [s.player.display_name for s in m.seats.select_related("player")]
                    for m in night.matches.order_by("pk")
                ]
                for night in ClubNight.objects.filter(league=league)
            ],
            "events": list(league.events.order_by("pk").values_list("action", flat=True)),
        }
    return found


if __name__ == "__main__":
    import django

    django.setup()
    what, *arguments = sys.argv[1:]
    if what == "prepare":
        print(json.dumps(prepare(json.loads(arguments[0])), default=str))
    elif what == "dump":
        print(json.dumps(dump(arguments[0]), default=str))
    else:
        sys.exit(f"unknown command {what!r}: prepare or dump")
