"""Accepting an invitation at /invite/<token>/: an anonymous visitor creates an account, a
signed-in one accepts with one button; links that expired, were revoked or were used say so
and what to do. There is no other way to sign up."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from leagues.models import Invite, LeagueEvent, Player
from tests.clubs import shared_club

# PostgreSQL run: expiry dates, locking, a player's name unique in the club.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

NEW_ACCOUNT = {
    "username": "quentin",
    "email": "quentin@example.org",
    "password1": "a-long-Mhing-passphrase",
    "password2": "a-long-Mhing-passphrase",
}


@pytest.fixture
def roster(league, players):
    league.is_public = False
    league.save()
    league.players.add(*players)
    return players


@pytest.fixture
def invite(league, roster, organiser):
    return Invite.issue(league, role="member", player=roster[1], by=organiser)


def test_a_visitor_sees_the_league_and_player_and_a_sign_up_form(client, invite):
    response = client.get(invite.get_absolute_url())

    assert response.status_code == 200
    page = response.content.decode()
    assert "Join Tuesday Club" in page
    assert "You are invited as the player Quentin." in page
    for field in ("id_username", "id_email", "id_password1", "id_password2"):
        assert f'id="{field}"' in page


def test_a_visitor_creates_an_account_and_lands_in_the_league(client, invite, roster):
    response = client.post(invite.get_absolute_url(), NEW_ACCOUNT, follow=True)

    assert response.redirect_chain[-1][0] == reverse("leagues:league", args=["tuesday"])
    assert "Welcome! You are now a member of Tuesday Club." in response.content.decode()
    user = get_user_model().objects.get(username="quentin")
    assert user.email == "quentin@example.org"
    assert response.context["user"] == user  # signed in
    roster[1].refresh_from_db()
    assert roster[1].user == user
    invite.refresh_from_db()
    assert invite.accepted_by == user and invite.state == Invite.State.USED
    actions = set(LeagueEvent.objects.values_list("action", flat=True))
    assert {LeagueEvent.Action.INVITE_ACCEPTED, LeagueEvent.Action.PLAYER_LINKED} <= actions


def test_the_password_validators_apply_and_nothing_is_created(client, invite):
    weak = {**NEW_ACCOUNT, "password1": "12345678", "password2": "12345678"}

    response = client.post(invite.get_absolute_url(), weak)

    assert response.status_code == 400
    page = response.content.decode()
    assert "This password is too common." in page
    assert not get_user_model().objects.filter(username="quentin").exists()
    invite.refresh_from_db()
    assert invite.is_open


def test_a_taken_username_is_refused(client, invite, member):
    response = client.post(invite.get_absolute_url(), {**NEW_ACCOUNT, "username": "pia"})

    assert response.status_code == 400
    assert "A user with that username already exists." in response.content.decode()


def test_a_new_player_is_created_on_acceptance(client, league, roster):
    invite = Invite.issue(league, role="member", new_player_name="Zoe")

    client.post(invite.get_absolute_url(), NEW_ACCOUNT)

    zoe = Player.objects.get(display_name="Zoe")
    assert zoe.user.username == "quentin"
    assert league.players.filter(pk=zoe.pk).exists()


def test_a_co_organiser_invite_makes_an_organiser(client, league, roster):
    invite = Invite.issue(league, role="organiser")

    response = client.post(invite.get_absolute_url(), NEW_ACCOUNT, follow=True)

    assert "You are now an organiser of Tuesday Club." in response.content.decode()
    user = get_user_model().objects.get(username="quentin")
    assert league.is_organiser(user)
    assert LeagueEvent.objects.get(action=LeagueEvent.Action.ORGANISER_ADDED).details == {
        "user": "quentin"
    }
    # and they now reach the members page
    assert client.get(reverse("leagues:members", args=[league.slug])).status_code == 200


def test_a_signed_in_outsider_accepts_with_one_button(client, invite, outsider, league, roster):
    client.force_login(outsider)
    page = client.get(invite.get_absolute_url()).content.decode()
    assert "You are signed in as otto" in page
    assert 'id="id_password1"' not in page

    response = client.post(invite.get_absolute_url(), follow=True)

    assert "Welcome!" in response.content.decode()
    roster[1].refresh_from_db()
    assert roster[1].user == outsider
    assert league.can_view(outsider)


def test_a_signed_in_player_of_another_player_is_refused_and_told_what_to_do(
    client, invite, member, roster
):
    client.force_login(member)  # plays as Pia; the invite is for Quentin

    response = client.post(invite.get_absolute_url())

    assert response.status_code == 409
    page = response.content.decode()
    assert "Your account already plays as Pia, and this invitation is for Quentin." in page
    assert "Ask the organiser for an invitation for Pia" in page
    roster[1].refresh_from_db()
    assert roster[1].user is None
    invite.refresh_from_db()
    assert invite.is_open


def test_a_player_elsewhere_joins_under_their_own_name(client, league, member, roster):
    from leagues.models import League

    other = League.objects.create(club=shared_club(), name="Friday", slug="friday", is_public=False)
    invite = Invite.issue(other, role="member", new_player_name="P. Newcomer")
    client.force_login(member)

    client.post(invite.get_absolute_url())

    assert other.players.get().display_name == "Pia"
    assert not Player.objects.filter(display_name="P. Newcomer").exists()


def test_a_player_linked_meanwhile_refuses_the_link(client, invite, roster, outsider):
    roster[1].user = outsider
    roster[1].save()

    response = client.post(invite.get_absolute_url(), NEW_ACCOUNT)

    assert response.status_code == 409
    assert "Quentin is already linked to another account." in response.content.decode()
    assert not get_user_model().objects.filter(username="quentin").exists()


def test_an_expired_link_says_so(client, invite):
    Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - timedelta(seconds=1))

    response = client.get(invite.get_absolute_url())

    assert response.status_code == 410
    assert "This invitation has expired. Ask the organiser for a new link." in (
        response.content.decode()
    )
    response = client.post(invite.get_absolute_url(), NEW_ACCOUNT)
    assert response.status_code == 410
    assert not get_user_model().objects.filter(username="quentin").exists()


def test_a_used_link_cannot_be_used_again(client, invite):
    client.post(invite.get_absolute_url(), NEW_ACCOUNT)
    client.logout()

    again = {**NEW_ACCOUNT, "username": "someone-else"}
    response = client.post(invite.get_absolute_url(), again)

    assert response.status_code == 410
    assert "already been used" in response.content.decode()
    assert not get_user_model().objects.filter(username="someone-else").exists()


def test_a_revoked_link_refuses_even_a_signed_in_visitor(client, invite, outsider, roster):
    invite.revoke()
    client.force_login(outsider)

    response = client.post(invite.get_absolute_url())

    assert response.status_code == 410
    roster[1].refresh_from_db()
    assert roster[1].user is None


def test_a_made_up_link_is_not_found(client, invite):
    response = client.get(reverse("leagues:invite", args=["MTI:made-up-signature"]))

    assert response.status_code == 404
    assert "This invitation link is not valid." in response.content.decode()


def test_invitation_only_leaves_no_public_sign_up(client, settings):
    # Sign-up is open by default; SIGNUP=invite keeps it to invitations.
    settings.SIGNUP = "invite"
    form = {"username": "eve", "email": "eve@example.org"}
    form |= {"password1": "a-long-Mhing-passphrase", "password2": "a-long-Mhing-passphrase"}

    assert "by invitation only" in client.get(reverse("signup")).content.decode()
    client.post(reverse("signup"), form)
    assert not get_user_model().objects.filter(username="eve").exists()
    assert client.get("/accounts/register/").status_code == 404


def test_the_conflict_is_said_before_the_button_is_pressed(client, invite, member):
    client.force_login(member)  # plays as Pia; the invite is for Quentin

    response = client.get(invite.get_absolute_url())

    assert response.status_code == 409
    page = response.content.decode()
    assert "Your account already plays as Pia" in page
    assert 'id="accept-invite"' not in page


def test_a_visitor_is_told_at_once_when_the_player_was_linked_meanwhile(
    client, invite, roster, outsider
):
    roster[1].user = outsider
    roster[1].save()

    response = client.get(invite.get_absolute_url())

    assert response.status_code == 409
    page = response.content.decode()
    assert "Quentin is already linked to another account." in page
    assert 'id="id_password1"' not in page


def test_a_player_linked_between_page_and_button_is_refused(
    client, invite, roster, outsider, django_user_model
):
    """The page was fine; the player was linked before the button was pressed."""
    someone = django_user_model.objects.create_user("sam", password="pw-sam")
    client.force_login(someone)
    assert client.get(invite.get_absolute_url()).status_code == 200
    roster[1].user = outsider
    roster[1].save()

    response = client.post(invite.get_absolute_url())

    assert response.status_code == 409
    assert "already linked to another account" in response.content.decode()
    invite.refresh_from_db()
    assert invite.is_open


def test_the_invitation_speaks_the_visitors_language(client, invite):
    from tests.site.test_password_reset import skip_until_translated

    skip_until_translated("Join %(league)s", "fr")

    response = client.get(invite.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr")

    assert "Rejoindre Tuesday Club" in response.content.decode()
