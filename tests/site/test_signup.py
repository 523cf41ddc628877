"""The sign-up page (docs/accounts.md): a new club's first account, signed in
and taken to "Create a league"; the invitation's rules for names and passwords; paused after
SIGNUP_LIMIT accounts an hour from one address; `SIGNUP` turns it to invitations only or off;
with EMAIL_URL set, the address is confirmed by a link mailed to it."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from leagues.models import Invite, League
from mhing_site.mail import wait_for_mail
from tests.clubs import shared_club
from tests.site.test_settings import run

# PostgreSQL run: user names compared case-insensitively (Django's iexact).
pytestmark = pytest.mark.postgres

SIGNUP = reverse("signup")
PASSWORD = "a-long-Mhing-passphrase"


def form(username: str = "amelie", **fields: str) -> dict:
    return {
        "username": username,
        "email": f"{username}@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **fields,
    }


@pytest.fixture(autouse=True)
def _fresh_count():
    """The pause counts in Django's cache, which outlives a test."""
    cache.clear()
    yield
    cache.clear()


@pytest.mark.django_db
class TestOpen:
    def test_the_sign_in_and_home_pages_link_the_sign_up(self, client):
        for page in (reverse("login"), reverse("home")):
            assert f'href="{SIGNUP}"' in client.get(page).content.decode()

    def test_a_new_account_is_signed_in_and_taken_to_create_a_league(self, client):
        response = client.post(SIGNUP, form())

        assert response.status_code == 302 and response.url == reverse("leagues:league_new")
        user = get_user_model().objects.get(username="amelie")
        assert user.is_active and user.email == "amelie@example.org"
        page = client.get(response.url).content.decode()
        assert "Welcome, amelie! You are signed in. Create your league next" in page

    def test_a_password_of_spaces_is_refused_as_at_an_invitation(self, client):
        spaces = " " * 12
        response = client.post(SIGNUP, form(password1=spaces, password2=spaces))

        assert response.status_code == 400
        assert "cannot be only spaces" in response.content.decode()
        assert not get_user_model().objects.filter(username="amelie").exists()

    def test_a_username_that_looks_like_another_is_refused(self, client, organiser):
        response = client.post(SIGNUP, form("\u043elga"))  # a Cyrillic о, beside "olga"

        assert response.status_code == 400
        assert "looks too much like an existing one" in response.content.decode()

    def test_sign_ups_from_one_address_pause_after_the_limit(self, client, settings):
        settings.SIGNUP_LIMIT = 2
        for name in ("ann", "bo"):
            assert client.post(SIGNUP, form(name)).status_code == 302
            client.logout()

        response = client.post(SIGNUP, form("cy"))

        assert response.status_code == 429
        assert "paused for an hour" in response.content.decode()
        assert not get_user_model().objects.filter(username="cy").exists()
        other = client.post(SIGNUP, form("cy"), REMOTE_ADDR="192.0.2.9")
        assert other.status_code == 302  # another address is not paused


@pytest.mark.django_db
class TestConfirmedByMail:
    def test_the_account_waits_for_the_mailed_link_which_works_once(self, client, settings):
        settings.SIGNUP_CONFIRMS_EMAIL = True

        response = client.post(SIGNUP, form())

        assert response.status_code == 200
        assert "open the link we sent to amelie@example.org" in response.content.decode()
        user = get_user_model().objects.get(username="amelie")
        assert not user.is_active
        refused = client.post(reverse("login"), {"username": "amelie", "password": PASSWORD})
        assert "Open the link in the mail we sent you first" in refused.content.decode()
        wait_for_mail()
        (message,) = mail.outbox
        assert message.to == ["amelie@example.org"]
        link = re.search(r"http://testserver(/accounts/signup/confirm/\S+/)", message.body)[1]

        opened = client.get(link)

        assert opened.status_code == 302 and opened.url == reverse("leagues:league_new")
        user.refresh_from_db()
        assert user.is_active
        client.logout()
        again = client.get(link)
        assert again.status_code == 400 and "already used" in again.content.decode()


@pytest.mark.django_db
class TestSetting:
    @pytest.mark.parametrize("mode", ["invite", "off"])
    def test_closed_the_page_says_what_to_do_and_nothing_links_it(self, client, settings, mode):
        settings.SIGNUP = mode

        page = client.get(SIGNUP).content.decode()
        response = client.post(SIGNUP, form())

        assert ("invitation only" in page) == (mode == "invite")
        assert not get_user_model().objects.filter(username="amelie").exists()
        assert response.status_code == 200
        for linking in (reverse("login"), reverse("home")):
            assert f'href="{SIGNUP}"' not in client.get(linking).content.decode()

    def test_off_an_invitation_makes_no_account_either(self, client, settings, organiser):
        settings.SIGNUP = "off"
        league = League.objects.create(club=shared_club(), name="Club", slug="club")
        invite = Invite.issue(
            league, role=Invite.Role.MEMBER, player=None, new_player_name="Amélie", by=organiser
        )
        url = invite.get_absolute_url()

        page = client.get(url).content.decode()
        response = client.post(url, form())

        assert "makes no new accounts" in page and 'id="sign-up-form"' not in page
        assert response.status_code == 403
        assert not get_user_model().objects.filter(username="amelie").exists()

    def test_a_mistyped_setting_stops_the_server(self):
        result = run("-c", "import django; django.setup()", SIGNUP="closed")

        assert result.returncode != 0 and "SIGNUP must be open, invite or off" in result.stderr
