"""Control, bidirectional and invisible formatting characters (U+202E, BEL, the zero-width
space…) in a name are refused wherever a name enters: the league's and a
season's name, the roster, an invitation's new player, a match's typed name, the names of an
imported file (page and command) and live play's seat names. One validator decides
(leagues.names); the joiners emoji and some scripts need stay allowed."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from games.table_lobby import seat_name
from leagues.models import Invite, League, Match, Player, Season
from tests.leagues.conftest import SMALL_HAND

from . import club_forms
from .club_forms import form_post

pytestmark = pytest.mark.django_db
players, league = club_forms.players, club_forms.league
organiser_client = club_forms.organiser_client

REFUSED = "A name cannot contain control characters"
INVISIBLE = {
    "zero-width space": "Eve\u200bx",
    "bell": "Eve\x07",
    "right-to-left override": "Eve\u202egnp.exe",
    "byte order mark": "\ufeffEve",
    "word joiner": "E\u2060ve",
    "soft hyphen": "Ev\u00ade",
}


def snapshot() -> dict:
    return {
        "leagues": list(League.objects.order_by("pk").values()),
        "seasons": list(Season.objects.order_by("pk").values()),
        "players": list(Player.objects.order_by("pk").values("pk", "display_name")),
        "roster": list(League.players.through.objects.order_by("pk").values()),
        "invites": list(Invite.objects.order_by("pk").values()),
        "matches": Match.objects.count(),
    }


@pytest.mark.parametrize("kind", list(INVISIBLE))
@pytest.mark.parametrize(
    "where", ["new league", "settings", "season", "roster", "rename", "invite", "new match"]
)
def test_a_name_typed_on_a_page_is_refused(organiser_client, league, players, kind, where):
    before = snapshot()
    url, data = form_post(league, players, where, INVISIBLE[kind])

    response = organiser_client.post(url, data)

    assert response.status_code in (200, 400), response.status_code
    assert REFUSED in response.content.decode(), response.content.decode()[-3000:]
    assert snapshot() == before


def league_file(player: str = "Jörg", league: str = "Paper Season", season: str = "2025") -> dict:
    return {
        "format_version": 1,
        "league": {"name": league, "slug": "paper"},
        "seasons": [{"number": 1, "name": season, "starts_on": "2025-01-01"}],
        "matches": [
            {
                "date": "2025-03-04",
                "players": [player, "Maëlle", "Ida"],
                "rounds": [{"winner": "Maëlle", "hand": SMALL_HAND}],
            }
        ],
    }


FILES = {
    "player": lambda name: league_file(player=name),
    "league": lambda name: league_file(league=name),
    "season": lambda name: league_file(season=name),
}


@pytest.mark.parametrize("kind", ["zero-width space", "bell", "right-to-left override"])
@pytest.mark.parametrize("what", list(FILES))
def test_a_name_in_an_imported_file_is_refused_by_the_command(tmp_path, kind, what):
    path = tmp_path / "league.json"
    path.write_text(json.dumps(FILES[what](INVISIBLE[kind])), encoding="utf-8")
    before = snapshot()

    with pytest.raises(CommandError):
        call_command("import_league", str(path), stdout=StringIO(), stderr=StringIO())

    assert snapshot() == before


@pytest.mark.parametrize("what", list(FILES))
def test_a_name_in_an_imported_file_is_refused_on_the_import_page(client, django_user_model, what):
    staff = django_user_model.objects.create_user("stella", password="pw", is_staff=True)
    client.force_login(staff)
    data = json.dumps(FILES[what](INVISIBLE["zero-width space"])).encode()
    before = snapshot()

    response = client.post(
        "/leagues/import/",
        {"file": SimpleUploadedFile("league.json", data, "application/json"), "league": ""},
    )

    assert response.status_code in (200, 400)
    assert "control characters" in response.content.decode()
    assert snapshot() == before


def test_the_same_file_with_plain_names_imports(tmp_path):
    path = tmp_path / "league.json"
    path.write_text(json.dumps(league_file()), encoding="utf-8")

    call_command("import_league", str(path), stdout=StringIO(), stderr=StringIO())

    assert League.objects.filter(slug="paper").exists()


def test_a_live_seat_never_shows_a_full_name_with_invisible_characters():
    user = get_user_model().objects.create_user("eve", first_name="Eve\u202egnp.exe")

    assert seat_name(user) == "eve"


def test_a_live_seat_shows_a_plain_full_name():
    user = get_user_model().objects.create_user("eve", first_name="Eve", last_name="Adams")

    assert seat_name(user) == "Eve Adams"


def test_joiners_stay_welcome(organiser_client, league):
    names = ["👩\u200d👩\u200d👧 Fam", "می\u200cخواهم"]  # noqa: RUF001
    for name in names:
        response = organiser_client.post(f"/leagues/{league.slug}/players/", {"name": name})
        assert response.status_code == 302, response.content.decode()[-1000:]
