"""Names that pass for others. Sign-up accepted "օrganiser" (Armenian օ),
"Ꮇember" (Cherokee), "mεmber" (Greek ε), "мember" (Cyrillic м) and "ᴍember" (a small
capital) beside the accounts "organiser" and "member"; the roster accepted names that show
blank (U+3164, U+FFA0, U+2800), other invisible characters (U+034F, U+FE0F, U+17B4,
U+2028) and "Аnna Bäcker" (Cyrillic А) beside "Anna Bäcker".

Now a name is compared by Unicode's confusables skeleton (TS #39, leagues.look_alikes), a
word may not mix alphabets, and what shows as nothing is refused (leagues.names): on the
sign-up page and wherever a player's name is typed (roster, several at once, rename, an
invitation's new player, a match's seat, an imported file). Each refusal names the
look-alike, and nothing is stored. Names in one alphabet, with accents, ß, CJK or Greek,
still pass."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.table_lobby import seat_name
from leagues.models import Invite, League, Match, Player
from tests.clubs import shared_club
from tests.leagues.conftest import SMALL_HAND

from . import club_forms
from .club_forms import form_post

pytestmark = pytest.mark.django_db
players, league = club_forms.players, club_forms.league
organiser_client = club_forms.organiser_client

PASSWORD = "a-long-Mhing-passphrase"


def snapshot() -> dict:
    return {
        "users": list(get_user_model().objects.order_by("pk").values_list("username", flat=True)),
        "players": list(Player.objects.order_by("pk").values("pk", "display_name")),
        "roster": list(League.players.through.objects.order_by("pk").values()),
        "invites": list(Invite.objects.order_by("pk").values()),
        "leagues": League.objects.count(),
        "matches": Match.objects.count(),
    }


# -- sign-up ------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _fresh_count():
    """Sign-ups from one address are counted in Django's cache, which outlives a test."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def demo_accounts(django_user_model):
    for name in ("organiser", "member"):
        django_user_model.objects.create_user(name, password=f"pw-{name}")


def sign_up(client, username: str):
    return client.post(
        reverse("signup"),
        {
            "username": username,
            "email": "x@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )


@pytest.mark.parametrize(
    "username, existing",
    [
        ("\u0585rganiser", "organiser"),  # Armenian small oh
        ("\u13b7ember", "member"),  # Cherokee letter lu
        ("m\u03b5mber", "member"),  # Greek small epsilon
        ("\u043cember", "member"),  # Cyrillic small em
        ("\u1d0dember", "member"),  # Latin letter small capital M
    ],
)
def test_a_look_alike_username_is_refused_naming_the_account(
    client, demo_accounts, username, existing
):
    before = snapshot()

    response = sign_up(client, username)

    assert response.status_code == 400
    page = response.content.decode()
    assert f"This username looks too much like an existing one, “{existing}”" in page
    assert snapshot() == before


def test_a_username_mixing_alphabets_is_refused_when_nothing_looks_like_it(client):
    response = sign_up(client, "p\u0430ula")  # Cyrillic а in a Latin word

    assert response.status_code == 400
    assert "“pаula” mixes letters of different alphabets (p, а)" in response.content.decode()
    assert not get_user_model().objects.exists()


def test_the_look_alike_is_refused_in_the_users_language(client, demo_accounts):
    response = client.post(
        reverse("signup"),
        {"username": "\u043cember", "email": "x@example.org", "password1": PASSWORD},
        HTTP_ACCEPT_LANGUAGE="de",
    )

    assert "Dieser Benutzername sieht einem bestehenden zu ähnlich, „member“" in (
        response.content.decode()
    )


@pytest.mark.parametrize("username", ["sofía", "σοφία", "王小明", "山田さくら", "weiß", "zoë"])
def test_usernames_in_one_alphabet_still_sign_up(client, demo_accounts, username):
    assert sign_up(client, username).status_code == 302


# -- player names -------------------------------------------------------------------------------


@pytest.fixture
def anna(league):
    anna = Player.objects.create(club=shared_club(), display_name="Anna Bäcker")
    league.players.add(anna)
    return anna


WHERE = ["roster", "several at once", "rename", "invite", "new match"]


def post_name(client, league, players, where: str, name: str):
    if where == "several at once":  # pasted, one a line
        url, data = f"/leagues/{league.slug}/players/", {"names": f"Zed\n{name}"}
    else:
        url, data = form_post(league, players, where, name)
    return client.post(url, data)


@pytest.mark.parametrize("where", WHERE)
def test_a_cyrillic_look_alike_of_a_player_is_refused_naming_the_player(
    organiser_client, league, players, anna, where
):
    before = snapshot()

    response = post_name(organiser_client, league, players, where, "\u0410nna Bäcker")

    assert response.status_code in (200, 400), response.status_code
    page = response.content.decode()
    assert "“Аnna Bäcker” looks too much like “Anna Bäcker”, already a player" in page, page[-3000:]
    assert snapshot() == before


BLANK = {
    "hangul filler": ("\u3164", "U+3164 HANGUL FILLER"),
    "halfwidth hangul filler": ("\uffa0", "U+FFA0 HALFWIDTH HANGUL FILLER"),
    "braille blank": ("\u2800", "U+2800 BRAILLE PATTERN BLANK"),
    "combining grapheme joiner": ("Ev\u034fe", "U+034F COMBINING GRAPHEME JOINER"),
    "variation selector": ("Eve\ufe0f", "U+FE0F VARIATION SELECTOR-16"),
    "khmer inherent vowel": ("Ev\u17b4e", "U+17B4 KHMER VOWEL INHERENT AQ"),
    "line separator": ("Eve\u2028Adams", "U+2028 LINE SEPARATOR"),
}


@pytest.mark.parametrize("kind", list(BLANK))
@pytest.mark.parametrize("where", WHERE)
def test_a_name_that_shows_as_nothing_is_refused(organiser_client, league, players, kind, where):
    name, character = BLANK[kind]
    before = snapshot()

    response = post_name(organiser_client, league, players, where, name)

    assert response.status_code in (200, 400), response.status_code
    page = response.content.decode()
    assert f"A name cannot contain {character}: it shows as nothing." in page, page[-3000:]
    assert snapshot() == before


def league_file(player: str) -> bytes:
    document = {
        "format_version": 1,
        "league": {"name": "Paper Season", "slug": "paper"},
        "matches": [
            {
                "date": "2026-09-08",
                "players": [player, "Maëlle", "Ida"],
                "rounds": [{"winner": "Maëlle", "hand": SMALL_HAND}],
            }
        ],
    }
    return json.dumps(document).encode()


def import_into(client, league, player: str):
    upload = SimpleUploadedFile("league.json", league_file(player), "application/json")
    return client.post("/leagues/import/", {"file": upload, "league": league.slug})


def test_an_imported_look_alike_is_refused_naming_the_player(organiser_client, league, anna):
    before = snapshot()

    response = import_into(organiser_client, league, "\u0410nna Bäcker")

    assert response.status_code in (200, 400)
    page = response.content.decode()
    assert "“Аnna Bäcker” looks too much like “Anna Bäcker”, already a player" in page
    assert snapshot() == before
    # The same file with the club's own spelling is added, Anna matched by her name.
    assert import_into(organiser_client, league, "Anna Bäcker").status_code == 302
    assert Match.objects.get().seats.filter(player=anna).exists()


@pytest.mark.parametrize("kind", ["hangul filler", "braille blank", "khmer inherent vowel"])
def test_an_imported_name_that_shows_as_nothing_is_refused(organiser_client, league, kind):
    name, character = BLANK[kind]
    before = snapshot()

    response = import_into(organiser_client, league, name)

    assert response.status_code in (200, 400)
    assert f"A name cannot contain {character}: it shows as nothing." in response.content.decode()
    assert snapshot() == before


def test_a_live_seat_never_shows_a_full_name_that_shows_as_nothing():
    user = get_user_model().objects.create_user("eve", first_name="\u3164")

    assert seat_name(user) == "eve"


@pytest.mark.parametrize(
    "name",
    [
        "Anna Backer",  # no umlaut: another name, as TS #39 keeps accents
        "Zoë",
        "Weiß",
        "王小明",
        "山田さくら",
        "Σοφία Παππά",
        "Lan",  # beside "Ian": an I is not an L
        "❤\ufe0f Fan",  # a variation selector after a symbol: the emoji's
        "👩\u200d👩\u200d👧 Fam",
        "Jean-Pierre O'Brien",
    ],
)
def test_names_in_one_alphabet_still_pass_beside_others(organiser_client, league, anna, name):
    Player.objects.create(club=shared_club(), display_name="Ian")

    response = organiser_client.post(f"/leagues/{league.slug}/players/", {"name": name})

    assert response.status_code == 302, response.content.decode()[-2000:]
    assert league.players.filter(display_name=name).exists()


def test_an_invitations_new_name_is_refused_when_a_look_alike_joined_since(
    client, organiser_client, league
):
    """The invitation names "Olga Petrova"; meanwhile "0lga Petrova" (a zero) was added. The
    invited person is told, and no account nor player is kept."""
    made = organiser_client.post(
        f"/leagues/{league.slug}/members/",
        {"role": "member", "new_player_name": "Olga Petrova", "days": "7"},
    )
    assert made.status_code == 302
    added = organiser_client.post(f"/leagues/{league.slug}/players/", {"name": "0lga Petrova"})
    assert added.status_code == 302
    invite = Invite.objects.get()
    before = snapshot()
    client.logout()

    response = client.post(
        invite.get_absolute_url(),
        {
            "username": "olgap",
            "email": "o@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )

    assert response.status_code == 409
    page = response.content.decode()
    assert "“Olga Petrova” looks too much like “0lga Petrova”, already a player" in page
    assert snapshot() == before
