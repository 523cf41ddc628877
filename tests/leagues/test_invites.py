"""The members page: organisers (and co-organisers) see who is in the league and make and
revoke invitation links; members, outsiders and anonymous visitors cannot."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from leagues.models import Invite, LeagueEvent, Player
from tests.clubs import shared_club

# PostgreSQL run: expiry dates compared in queries.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def members_url(league) -> str:
    return reverse("leagues:members", args=[league.slug])


@pytest.fixture
def roster(league, players):
    league.players.add(*players)
    return players


def test_an_organiser_sees_organisers_and_linked_members(organiser_client, league, roster):
    response = organiser_client.get(members_url(league))

    assert response.status_code == 200
    page = response.content.decode()
    assert "olga" in page  # the organiser
    assert "Pia" in page and "(pia)" in page  # the linked member and her account
    assert "No open invitations." in page


def test_a_member_an_outsider_and_a_visitor_cannot_see_it(client, league, roster, member, outsider):
    assert client.get(members_url(league)).status_code == 302  # asked to sign in
    client.force_login(member)
    assert client.get(members_url(league)).status_code == 403
    client.force_login(outsider)
    assert client.get(members_url(league)).status_code == 403
    response = client.post(
        members_url(league), {"role": "member", "new_player_name": "X", "days": 7}
    )
    assert response.status_code == 403
    assert not Invite.objects.exists()


def test_a_co_organiser_invites_too(client, league, roster, outsider):
    league.organisers.add(outsider)
    client.force_login(outsider)

    response = client.post(
        members_url(league), {"role": "member", "player": roster[1].pk, "days": 1}
    )

    assert response.status_code == 302
    invite = Invite.objects.get()
    assert invite.player == roster[1]
    assert invite.created_by == outsider


def test_creating_an_invite_shows_its_link_and_logs_it(organiser_client, league, roster):
    response = organiser_client.post(
        members_url(league), {"role": "member", "player": roster[1].pk, "days": 30}, follow=True
    )

    invite = Invite.objects.get()
    assert invite.role == "member"
    assert timedelta(days=29, hours=23) < invite.expires_at - timezone.now() <= timedelta(days=30)
    page = response.content.decode()
    assert "Invitation made." in page
    # The token carries the second it was signed (django.core.signing), so the page's link
    # is compared by what it names, not letter by letter.
    shown = re.search(r'value="http://testserver/invite/([^"/]+)/"', page)
    assert shown and Invite.from_token(shown[1]) == invite
    event = LeagueEvent.objects.get(action=LeagueEvent.Action.INVITE_CREATED)
    assert event.details["player"] == "Quentin" and event.by.username == "olga"


def test_the_link_is_signed_and_names_the_invite(organiser_client, league, roster):
    invite = Invite.issue(league, role="member", player=roster[1])

    assert Invite.from_token(invite.token) == invite
    assert Invite.from_token(str(invite.pk)) is None
    assert Invite.from_token(invite.token[:-1] + ("A" if invite.token[-1] != "A" else "B")) is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"role": "member", "days": 7}, "A member plays: choose a player"),
        ({"role": "member", "player": "P1", "new_player_name": "Zoe", "days": 7}, "not both"),
        ({"role": "member", "new_player_name": "Rosa", "days": 7}, "already a player called"),
        ({"role": "member", "new_player_name": "Zoe", "days": 3}, "Select a valid choice"),
        ({"role": "king", "new_player_name": "Zoe", "days": 7}, "Select a valid choice"),
    ],
)
def test_bad_invites_are_refused_with_a_reason(organiser_client, league, roster, data, message):
    if data.get("player") == "P1":
        data["player"] = roster[1].pk

    response = organiser_client.post(members_url(league), data)

    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Invite.objects.exists()


def test_a_player_who_has_an_account_is_not_offered(organiser_client, league, roster):
    page = organiser_client.get(members_url(league)).content.decode()
    assert f'<option value="{roster[1].pk}">Quentin</option>' in page
    assert f'<option value="{roster[0].pk}">Pia</option>' not in page  # Pia has an account

    response = organiser_client.post(
        members_url(league), {"role": "member", "player": roster[0].pk, "days": 7}
    )
    assert response.status_code == 400


def test_a_co_organiser_need_not_play(organiser_client, league):
    organiser_client.post(members_url(league), {"role": "organiser", "days": 7})

    assert Invite.objects.get().role == "organiser"


def test_revoking_stops_the_link_at_once(organiser_client, client, league, roster):
    invite = Invite.issue(league, role="member", player=roster[1])
    url = reverse("leagues:invite_revoke", args=[league.slug, invite.pk])

    response = organiser_client.post(url, follow=True)

    assert "Invitation revoked" in response.content.decode()
    assert LeagueEvent.objects.filter(action=LeagueEvent.Action.INVITE_REVOKED).count() == 1
    assert invite.token not in organiser_client.get(members_url(league)).content.decode()
    organiser_client.logout()
    gone = client.get(invite.get_absolute_url())
    assert gone.status_code == 410
    assert "withdrawn by the organiser" in gone.content.decode()


def test_an_accepted_invite_cannot_be_revoked(
    organiser_client, organiser, league, roster, outsider
):
    invite = Invite.issue(league, role="member", player=roster[1], by=organiser)
    invite.accept(outsider)
    url = reverse("leagues:invite_revoke", args=[league.slug, invite.pk])

    response = organiser_client.post(url, follow=True)

    assert "accepted meanwhile" in response.content.decode()
    invite.refresh_from_db()
    assert invite.revoked_at is None


def test_only_organisers_revoke(client, league, roster, member):
    invite = Invite.issue(league, role="member", player=roster[1])
    client.force_login(member)

    response = client.post(reverse("leagues:invite_revoke", args=[league.slug, invite.pk]))

    assert response.status_code == 403
    invite.refresh_from_db()
    assert invite.is_open


def test_an_invite_of_another_league_is_not_revoked_here(organiser_client, league, roster):
    from leagues.models import League

    other = League.objects.create(club=shared_club(), name="Other", slug="other")
    other.players.add(roster[1])
    invite = Invite.issue(other, role="member", player=roster[1])

    response = organiser_client.post(
        reverse("leagues:invite_revoke", args=[league.slug, invite.pk])
    )

    assert response.status_code == 404
    assert Player.objects.count() == 4


def test_the_model_refuses_an_unknown_role(league):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="a member or a co-organiser"):
        Invite.issue(league, role="king")
    assert not Invite.objects.exists()
