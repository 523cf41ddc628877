"""A co-organiser inside a club: Colin co-organises the club's public Tuesday
league, owned by Olga, who also runs the members-only Evening league, where Mara plays and
nowhere else. Colin tried to see Evening by linking an account to Mara: a league of his own
in the club, Mara added to it by name, an invitation for her accepted with his own account.

Now only the owner of a club's league adds leagues to the club, and an invitation links an
account to a player only when its maker organises every league the player is in, when it
is made and again when it is accepted. Evening's page, export.json and rounds.csv stay 403
for Colin, and the real Mara can still be invited (docs/accounts.md, "Who links an
account")."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from leagues.models import Club, Invite, League, Player
from tests.clubs import shared_club

from . import club_forms

pytestmark = pytest.mark.django_db
players, league = club_forms.players, club_forms.league

NEW_ACCOUNT = {
    "email": "c@example.org",
    "password1": "a-long-pass-phrase-42",
    "password2": "a-long-pass-phrase-42",
}
OTHER_LEAGUES = "Mara also plays in leagues you do not organise (1 members-only league)"
CLUB_REFUSED = "Only the owner of one of a club&#x27;s leagues can add a league to that club"


@pytest.fixture
def colin(django_user_model, league, organiser):
    league.owner = organiser
    league.save(update_fields=["owner"])
    colin = django_user_model.objects.create_user("colin", password="pw-colin")
    league.organisers.add(colin)
    return colin


@pytest.fixture
def evening(organiser):
    evening = League.objects.create(
        club=shared_club(), name="Evening", slug="evening", is_public=False, owner=organiser
    )
    evening.organisers.add(organiser)
    evening.players.add(Player.objects.create(club=shared_club(), display_name="Mara"))
    return evening


def closed_to(client, user) -> list[int]:
    client.force_login(user)
    return [
        client.get(url).status_code
        for url in (
            "/leagues/evening/",
            reverse("leagues:export_json", args=["evening"]),
            reverse("leagues:rounds_csv", args=["evening"]),
        )
    ]


def new_league(club: Club | None) -> dict:
    return {
        "name": "Colin's own",
        "slug": "colins-own",
        "default_variant": "points",
        "default_target": "500",
        "bot_matches": "humans",
        "is_public": "on",
        "club": str(club.pk) if club else "",
    }


def test_a_co_organiser_adds_no_league_to_the_club(client, colin, evening):
    client.force_login(colin)
    leagues, clubs = League.objects.count(), Club.objects.count()

    page = client.get("/leagues/new/").content.decode()
    response = client.post("/leagues/new/?game=mhing", new_league(shared_club()))

    assert "Tests&#x27; club" not in page  # not offered
    assert response.status_code == 200
    assert CLUB_REFUSED in response.content.decode()
    assert (League.objects.count(), Club.objects.count()) == (leagues, clubs)
    # A league of a club of his own he may create, as anyone may.
    assert client.post("/leagues/new/?game=mhing", new_league(None)).status_code == 302
    assert League.objects.get(slug="colins-own").club != shared_club()


def test_a_co_organiser_cannot_invite_a_player_of_a_league_he_does_not_organise(
    client, colin, evening
):
    client.force_login(colin)
    # Putting the club's Mara on Tuesday's roster is Tuesday's business, and allowed.
    assert client.post("/leagues/tuesday/players/", {"name": "Mara"}).status_code == 302
    mara = Player.objects.get(display_name="Mara")
    assert League.objects.get(slug="tuesday").players.filter(pk=mara.pk).exists()

    response = client.post(
        "/leagues/tuesday/members/", {"role": "member", "player": str(mara.pk), "days": "7"}
    )

    assert response.status_code == 400
    assert OTHER_LEAGUES in response.content.decode()
    assert not Invite.objects.exists()
    assert closed_to(client, colin) == [403, 403, 403]


def test_the_real_person_can_still_be_invited_by_the_leagues_organiser(
    client, colin, evening, organiser
):
    mara = evening.players.get()
    client.force_login(colin)
    client.post("/leagues/tuesday/players/", {"name": "Mara"})
    client.post("/leagues/tuesday/members/", {"role": "member", "player": mara.pk, "days": "7"})
    client.force_login(organiser)

    made = client.post(
        "/leagues/evening/members/", {"role": "member", "player": str(mara.pk), "days": "7"}
    )
    client.logout()
    joined = client.post(
        Invite.objects.get().get_absolute_url(), {"username": "mara", **NEW_ACCOUNT}
    )

    assert made.status_code == 302 and joined.status_code == 302
    account = get_user_model().objects.get(username="mara")
    assert Player.objects.get(pk=mara.pk).user == account
    assert closed_to(client, account) == [200, 200, 200]


@pytest.mark.parametrize("how", ["signed in", "new account"])
def test_an_invitation_made_before_the_player_joined_a_closed_league_links_nothing(
    client, colin, evening, organiser, how
):
    """Colin invites Nadia while she plays only in Tuesday (his to link); then Olga puts
    Nadia on Evening's roster. Accepting now would open Evening: refused, nothing kept."""
    client.force_login(colin)
    client.post("/leagues/tuesday/players/", {"name": "Nadia"})
    nadia = Player.objects.get(display_name="Nadia")
    made = client.post(
        "/leagues/tuesday/members/", {"role": "member", "player": str(nadia.pk), "days": "7"}
    )
    assert made.status_code == 302
    invite = Invite.objects.get()
    evening.players.add(nadia)
    users = get_user_model().objects.count()

    if how == "signed in":
        response = client.post(invite.get_absolute_url())
    else:
        client.logout()
        response = client.post(invite.get_absolute_url(), {"username": "nadia", **NEW_ACCOUNT})

    assert response.status_code == 409
    assert "This invitation can no longer link an account to Nadia" in response.content.decode()
    nadia.refresh_from_db()
    invite.refresh_from_db()
    assert nadia.user is None and invite.is_open
    assert get_user_model().objects.count() == users
    assert closed_to(client, colin) == [403, 403, 403]
