"""The wall's guard: every URL pattern of the site, walked by ANOTHER club's organiser with
this club's short names and ids (Zulip's "a report fails on any URL no test hit").

Riverside's club has a members-only Mhing league with a running match, a roster, a club
night, an invitation and a live table, and a members-only Mah-Jongg league with a game. Sam
organises a league of his own club. For every pattern the resolver knows, Sam's GET and POST
must be refused (403, 404, 405, or the admin's sign-in for someone who is not staff), and
nothing of Riverside may change; the patterns that any signed-in person may open because
they hold no club's data are listed in OPEN, each with why. A pattern neither walked nor
listed fails the test, so a new page must be added here."""

from __future__ import annotations

import re
import uuid
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from games.models import Table
from leagues.models import Club, ClubNight, Invite, League, Match, Player
from leagues.models.entry_receipt import EntryReceipt
from leagues.models.mahjongg_entry import record_game

from .conftest import SMALL_HAND, win
from .mahjongg_fixtures import win as mj_win

pytestmark = pytest.mark.django_db

# Patterns with no club's data behind them, which any signed-in person may open.
OPEN = {
    "": "the home page: the site's own text",
    "favicon.ico": "the site's icon",
    "sw.js": "the service worker: the site's own script, naming only static files",
    "calculator/": "the hand calculator: scores what is typed, stores nothing",
    "calculator/mahjongg/": "the Mah-Jongg calculator: the same",
    "leagues/": "the index lists only leagues the viewer may read (checked below)",
    "leagues/new/": "creating a league of one's own (a club of one's own)",
    "events/new/": "creating a tournament: its league goes into a club the viewer owns a "
    "league of, or a new club (the club choice is checked as for a new league)",
    "leagues/import/": "the import page offers only leagues the viewer organises (checked)",
    "play/": "the lobby lists only tables the viewer may read (checked below)",
    "play/new/": "creating a table; its league choice is the viewer's own (checked)",
    "invite/<str:token>/": "a signed link is the capability; a forged one is walked: 404",
    "i18n/setlang/": "the language switch",
}
# Patterns a GET may answer 200 for, with what must not show; their POSTs are walked as all.
WATCHED = {
    "play/<slug:slug>/": "anyone with a table's link may watch (its random name is the "
    "capability, as an invitation's signature); a members-only league's name and players "
    "are hidden from who may not read the league (games.models.Table.hides_league_from)",
}
# django.contrib.auth's pages concern the viewer's own account only.
OPEN_PREFIXES = ("accounts/",)
REFUSED = (403, 404, 405)
# The live table's buttons answer a refusal by sending back to the table, its message
# shown there (games.views): for them a redirect is a refusal when nothing changed, which
# the walk checks after every request.
REFUSED_AT_TABLE = (*REFUSED, 302)


def patterns(resolvers, prefix=""):
    for entry in resolvers:
        if isinstance(entry, URLResolver):
            yield from patterns(entry.url_patterns, prefix + str(entry.pattern))
        else:
            assert isinstance(entry, URLPattern)
            yield prefix + str(entry.pattern)


@pytest.fixture
def riverside(organiser, member):
    club = Club.create_named("Riverside club")
    league = League.objects.create(
        club=club, name="Riverside", slug="riverside", is_public=False, players_may_enter=True
    )
    league.organisers.add(organiser)
    people = [
        Player.objects.create(club=club, display_name=name)
        for name in ("Bruno Costa", "Ada", "Bea", "Cem")
    ]
    people[1].user = member
    people[1].save()
    match = Match.begin(league, people, first_dealer=0, by=organiser)
    match.record_round(win(people[0], SMALL_HAND), by=organiser)
    night = ClubNight.seat(
        league,
        [people],
        played_on=date(2026, 10, 6),
        since_match=match.pk,
        by=organiser,
        rules={"variant": None, "target": None},
    )
    invite = Invite.issue(league, role="member", new_player_name="Dora", by=organiser)
    jade = League.objects.create(
        club=club, name="Jade", slug="jade", game="mahjongg", is_public=False
    )
    jade.organisers.add(organiser)
    mj = Match.begin(jade, people, by=organiser)
    record_game(mj, mj_win(0), by=organiser)
    table = Table.create(organiser, players=4, league=league)
    # A round sent from a phone after the match moved on: held for the organiser.
    held = EntryReceipt.objects.create(
        entry_id=uuid.uuid4(),
        match=match,
        kind=EntryReceipt.Kind.ROUND,
        state=EntryReceipt.State.HELD,
        number=1,
        data={"winner": str(people[0].pk)},
        by=organiser,
    )
    return {
        "held": held.pk,
        "league": league,
        "player": people[0],
        "match": match,
        "night": night.pk,
        "invite": invite.pk,
        "mj": mj,
        "table": table.slug,
        "organiser": organiser.pk,
    }


@pytest.fixture
def sam():
    user = get_user_model().objects.create_user("sam", password="pw-sam")
    league = League.objects.create(
        club=Club.create_named("Sam's club"), name="Sam's Thursday", slug="thursday"
    )
    league.organisers.add(user)
    client = Client()
    client.force_login(user)
    return client


def addresses(route: str, data: dict) -> list[str]:
    """The route filled with Riverside's names and ids (both leagues where a match is named)."""
    if route.startswith("play/"):
        return [route.replace("<slug:slug>", data["table"])]
    names = set(re.findall(r"<(?:\w+:)?(\w+)>", route))
    if "token" in names:  # a link never issued: an invitation's id, unsigned
        return [route.replace("<str:token>", str(data["invite"]))]
    mahjongg = "/games/" in route
    matches = [("jade", data["mj"])] if mahjongg else [("riverside", data["match"])]
    if "/matches/<int:pk>/" in route and not mahjongg and "/rounds/" not in route:
        matches.append(("jade", data["mj"]))
    found = []
    for slug, match in matches:
        pk = {
            "players/<int:pk>/": data["player"].pk,
            "invites/<int:pk>/": data["invite"],
            "nights/<int:pk>/": data["night"],
        }
        value = next((v for key, v in pk.items() if key in route), match.pk)
        filled = (
            route.replace("<slug:slug>", slug)
            .replace("<int:pk>", str(value))
            .replace("<int:number>", "1")
            .replace("<int:user_id>", str(data["organiser"]))
            .replace("<int:receipt>", str(data["held"]))
        )
        assert "<" not in filled, filled
        found.append(filled)
    return found


def snapshot(data) -> tuple:
    league = data["league"]
    return (
        sorted(league.players.values_list("display_name", "user_id")),
        list(Match.objects.filter(league__club=league.club).values_list("pk", "version")),
        league.organisers.count(),
        league.invites.filter(revoked_at__isnull=True).count(),
        League.objects.get(pk=league.pk).version,
        league.seasons.count(),
        list(Table.objects.filter(slug=data["table"]).values_list("version", "status")),
        list(Table.objects.get(slug=data["table"]).seats.values_list("user_id", "is_bot")),
        list(Player.objects.filter(club=league.club).values_list("display_name", "user_id")),
        list(EntryReceipt.objects.filter(match__league=league).values_list("pk", "state")),
    )


def test_another_clubs_organiser_is_refused_on_every_url(riverside, sam):
    before = snapshot(riverside)
    walked = []
    for route in patterns(get_resolver().url_patterns):
        if route in OPEN or route.startswith(OPEN_PREFIXES):
            continue
        if route.startswith("admin/"):
            # The staff's admin: Sam is no staff, so each admin page (an object's with
            # Riverside's match's id) sends him to its sign-in page, which is open.
            path = "/" + route.replace("^", "").replace("$", "")
            path = re.sub(r"<[^>]+>|\(\?P<\w+>[^)]*\)", str(riverside["match"].pk), path)
            path = path.replace(".*", "")
            if route in ("admin/login/", "admin/logout/"):
                walked.append(route)
                continue
            response = sam.get(path)
            assert response.status_code in (302, 404), (path, response.status_code)
            if response.status_code == 302:
                assert response["Location"].startswith("/admin/login/"), path
            walked.append(route)
            continue
        for path in addresses(route, riverside):
            got = sam.get("/" + path)
            if route in WATCHED and got.status_code == 200:
                shown = got.content.decode()
                assert "Riverside" not in shown and "Bruno Costa" not in shown, path
            else:
                assert got.status_code in REFUSED, ("GET", path, got.status_code)
            assert snapshot(riverside) == before, ("GET", path)
            posted = sam.post("/" + path, {"name": "Mallory", "action": "rename"})
            refused = REFUSED_AT_TABLE if route.startswith("play/") else REFUSED
            assert posted.status_code in refused, ("POST", path, posted.status_code)
            assert snapshot(riverside) == before, ("POST", path)
        walked.append(route)
    assert snapshot(riverside) == before
    every = set(patterns(get_resolver().url_patterns))
    unvisited = {
        r for r in every if r not in walked and r not in OPEN and not r.startswith(OPEN_PREFIXES)
    }
    assert not unvisited, unvisited
    assert len(walked) > 40


def test_the_open_pages_show_nothing_of_another_club(riverside, sam):
    for path in ("/leagues/", "/play/", "/leagues/import/", "/play/new/", "/"):
        page = sam.get(path).content.decode()
        assert "Riverside" not in page, path
        assert "Bruno Costa" not in page, path
        assert riverside["table"] not in page, path
    # A forged invitation link (the id, unsigned) is not found.
    assert sam.get(f"/invite/{riverside['invite']}/").status_code == 404
