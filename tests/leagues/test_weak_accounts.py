"""Weak names and passwords: a password of only spaces is refused wherever a
password is set, and a username that looks like an existing one ("оrg1" with a Cyrillic о
beside "org1") is refused wherever an account is made."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from leagues.look_alikes import skeleton
from leagues.models import Invite
from mhing_site.mail import wait_for_mail

# PostgreSQL run: user names compared case-insensitively.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

SPACES = " " * 8
ONLY_SPACES = "Your password cannot be only spaces"
LOOKS_LIKE = "This username looks too much like an existing one"
GOOD = "a-long-Mhing-passphrase"


@pytest.fixture
def invite(league, players, organiser):
    league.players.add(*players)
    return Invite.issue(league, role="member", player=players[1], by=organiser)


def sign_up(client, invite, username="quentin", password=GOOD):
    return client.post(
        invite.get_absolute_url(),
        {
            "username": username,
            "email": "q@example.org",
            "password1": password,
            "password2": password,
        },
    )


def test_a_password_of_spaces_is_refused_at_invitation_sign_up(client, invite):
    response = sign_up(client, invite, password=SPACES)

    assert response.status_code == 400
    assert ONLY_SPACES in response.content.decode()
    assert not get_user_model().objects.filter(username="quentin").exists()


def test_a_password_of_spaces_is_refused_when_changing_it(client, member):
    client.force_login(member)

    response = client.post(
        reverse("password_change"),
        {"old_password": "pw-pia", "new_password1": SPACES, "new_password2": SPACES},
    )

    assert ONLY_SPACES in response.content.decode()
    member.refresh_from_db()
    assert member.check_password("pw-pia")


def test_a_password_of_spaces_is_refused_on_the_reset_page(client, member):
    member.email = "pia@example.org"
    member.save()
    client.post(reverse("password_reset"), {"email": "pia@example.org"})
    wait_for_mail()
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)

    response = client.post(
        form.redirect_chain[-1][0], {"new_password1": SPACES, "new_password2": SPACES}
    )

    assert ONLY_SPACES in response.content.decode()
    member.refresh_from_db()
    assert member.check_password("pw-pia")


@pytest.mark.parametrize(
    "look_alike",
    [
        "\u043erg1",  # Cyrillic small о
        "\u03bfrg1",  # Greek small omicron
        "ORG1",
        "\uff4frg1",  # full-width ｏ
    ],
)
def test_a_username_that_looks_like_an_existing_one_is_refused(
    client, invite, django_user_model, look_alike
):
    django_user_model.objects.create_user("org1", password="pw-org1")
    accounts = django_user_model.objects.count()

    response = sign_up(client, invite, username=look_alike)

    assert response.status_code == 400
    # Capitals only: Django's own "already exists" says it first.
    assert LOOKS_LIKE in response.content.decode() or "already exists" in response.content.decode()
    assert django_user_model.objects.count() == accounts
    invite.refresh_from_db()
    assert invite.is_open


def test_a_cyrillic_look_alike_is_refused_with_the_reason(client, invite, django_user_model):
    django_user_model.objects.create_user("org1", password="pw-org1")

    response = sign_up(client, invite, username="\u043erg1")

    assert LOOKS_LIKE in response.content.decode()


def test_a_username_that_only_resembles_one_is_accepted(client, invite, django_user_model):
    django_user_model.objects.create_user("org1", password="pw-org1")

    response = sign_up(client, invite, username="org2")

    assert response.status_code == 302
    assert django_user_model.objects.filter(username="org2").exists()


def test_names_in_other_scripts_keep_their_own_letters():
    # Only letters drawn like Latin ones are mapped: a Russian name stays Russian.
    assert skeleton("Дмитрий") != skeleton("Amitrin")
    assert skeleton("\u043erg1") == skeleton("org1")


@pytest.mark.parametrize("character", ["\u200b", "\u0007", "\u202e", "\u200d"])
def test_a_username_with_control_characters_is_refused(client, invite, character):
    response = sign_up(client, invite, username=f"que{character}ntin")

    assert response.status_code == 400
    assert not get_user_model().objects.filter(username__startswith="que").exists()


def test_the_admin_refuses_a_look_alike_username(client, admin_user, django_user_model):
    django_user_model.objects.create_user("org1", password="pw-org1")
    client.force_login(admin_user)

    response = client.post(
        reverse("admin:auth_user_add"),
        {"username": "\u043erg1", "password1": GOOD, "password2": GOOD, "usable_password": "true"},
    )

    assert LOOKS_LIKE in response.content.decode()
    assert not django_user_model.objects.filter(username="\u043erg1").exists()
