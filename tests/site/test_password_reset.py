"""Forgotten passwords: the sign-in page links to the reset, the mail goes through Django's
email backend with a link that works once; signed-in people change their password. And
EMAIL_URL, which says where mail goes."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse
from django.utils import translation

from mhing_site.env import env_email, parse_email_url
from mhing_site.mail import wait_for_mail
from tests.site.test_settings import run

SMTP = "django.core.mail.backends.smtp.EmailBackend"
NEW_PASSWORD = "a-brand-new-Mhing-passphrase"


@pytest.fixture
def pia(member):
    member.email = "pia@example.org"
    member.save()
    return member


def sent() -> list:
    """The mails sent so far: a reset's mail leaves on a thread after the answer
    (mhing_site/mail.py)."""
    wait_for_mail()
    return mail.outbox


def reset_link(message) -> str:
    found = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body)
    assert found, message.body
    return found.group(1)


@pytest.mark.django_db
def test_the_sign_in_page_links_to_the_reset(client):
    page = client.get(reverse("login")).content.decode()

    assert f'href="{reverse("password_reset")}"' in page
    assert "Forgot your password?" in page


@pytest.mark.django_db
def test_the_reset_mail_arrives_and_its_link_sets_a_new_password(client, pia):
    response = client.post(reverse("password_reset"), {"email": "pia@example.org"}, follow=True)

    assert "Check your email" in response.content.decode()
    assert len(sent()) == 1
    message = mail.outbox[0]
    assert message.to == ["pia@example.org"]
    assert message.subject == "Choose a new password for testserver"
    assert "Hello pia," in message.body
    assert message.from_email == "Mhing League <noreply@localhost>"

    # Django swaps the token for a session key and redirects to .../set-password/.
    form = client.get(reset_link(message), follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    assert "Your new password is set." in done.content.decode()
    assert client.login(username="pia", password=NEW_PASSWORD)


@pytest.mark.django_db
def test_a_reset_link_works_once(client, pia):
    client.post(reverse("password_reset"), {"email": "pia@example.org"})
    link = reset_link(sent()[0])
    form = client.get(link, follow=True)
    client.post(
        form.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )

    again = client.get(link, follow=True).content.decode()

    assert "already used, or it has expired" in again


@pytest.mark.django_db
def test_an_unknown_address_sends_nothing_and_says_the_same(client, pia):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"}, follow=True)

    assert "Check your email" in response.content.decode()
    assert sent() == []


@pytest.mark.django_db
def test_a_signed_in_member_changes_their_password(client, member):
    client.force_login(member)
    page = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("password_change")}"' in page

    response = client.post(
        reverse("password_change"),
        {"old_password": "pw-pia", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )

    assert "Your password has been changed." in response.content.decode()
    client.logout()
    assert client.login(username="pia", password=NEW_PASSWORD)


@pytest.mark.django_db
def test_a_wrong_old_password_changes_nothing(client, member):
    client.force_login(member)

    response = client.post(
        reverse("password_change"),
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response.status_code == 200
    assert "Your old password was entered incorrectly." in response.content.decode()
    client.logout()
    assert client.login(username="pia", password="pw-pia")


# -- EMAIL_URL --


def test_without_email_url_mails_are_printed(monkeypatch):
    monkeypatch.delenv("EMAIL_URL", raising=False)

    assert env_email() == {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (
            "smtp://mhing%40example.org:p%40ss:w@mail.example.org:587?tls=1",
            {
                "EMAIL_BACKEND": SMTP,
                "EMAIL_HOST": "mail.example.org",
                "EMAIL_PORT": 587,
                "EMAIL_HOST_USER": "mhing@example.org",
                "EMAIL_HOST_PASSWORD": "p@ss:w",
                "EMAIL_USE_TLS": True,
                "EMAIL_USE_SSL": False,
            },
        ),
        (
            "smtps://user:pw@mail.example.org?timeout=10",
            {
                "EMAIL_BACKEND": SMTP,
                "EMAIL_HOST": "mail.example.org",
                "EMAIL_PORT": 465,
                "EMAIL_HOST_USER": "user",
                "EMAIL_HOST_PASSWORD": "pw",
                "EMAIL_USE_TLS": False,
                "EMAIL_USE_SSL": True,
                "EMAIL_TIMEOUT": 10,
            },
        ),
        (
            "smtp://localhost",
            {
                "EMAIL_BACKEND": SMTP,
                "EMAIL_HOST": "localhost",
                "EMAIL_PORT": 25,
                "EMAIL_HOST_USER": "",
                "EMAIL_HOST_PASSWORD": "",
                "EMAIL_USE_TLS": False,
                "EMAIL_USE_SSL": False,
            },
        ),
        ("console://", {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}),
    ],
)
def test_email_url_sets_the_email_settings(url, expected):
    assert parse_email_url(url) == expected


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("mail.example.org", "unknown scheme ''"),
        ("imap://mail.example.org", "unknown scheme 'imap'"),
        ("smtp://", "no mail server host"),
        ("smtp://mail.example.org:port", "the port is not a number"),
        ("smtp://mail.example.org?tls=perhaps", "tls='perhaps' is not a yes/no value"),
        ("smtp://mail.example.org?starttls=1", "unknown option 'starttls'"),
        ("smtps://mail.example.org?tls=1", "tls and ssl cannot both be on"),
        ("smtp://mail.example.org?timeout=soon", "timeout is not a whole number"),
    ],
)
def test_a_malformed_email_url_stops_the_server_saying_why(url, problem):
    with pytest.raises(ImproperlyConfigured, match=re.escape(problem)) as refused:
        parse_email_url(url)

    assert str(refused.value).startswith(f"EMAIL_URL={url!r}")


def test_the_password_is_not_repeated_in_the_error():
    with pytest.raises(ImproperlyConfigured) as refused:
        parse_email_url("smtp://me:hunter2@mail.example.org?tls=maybe")

    assert "hunter2" not in str(refused.value)
    assert "me:***@mail.example.org" in str(refused.value)


def test_the_settings_take_email_url_and_the_sender_from_the_environment():
    shown = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_USE_SSL, s.DEFAULT_FROM_EMAIL)"
    )
    result = run(
        "-c",
        shown,
        EMAIL_URL="smtps://club:pw@mail.example.org",
        MHING_FROM_EMAIL="Tuesday Club <club@example.org>",
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        SMTP,
        "mail.example.org",
        "465",
        "True",
        "Tuesday",
        "Club",
        "<club@example.org>",
    ]


def test_a_malformed_email_url_stops_the_start():
    result = run("-c", "import django; django.setup()", EMAIL_URL="smtp//mail.example.org")

    assert result.returncode != 0
    assert "EMAIL_URL='smtp//mail.example.org': unknown scheme" in result.stderr


def skip_until_translated(msgid: str, language: str) -> None:
    """The translations of this feature's text are merged into locale/ after it; until
    then there is nothing to check."""
    with translation.override(language):
        if translation.gettext(msgid) == msgid:
            pytest.skip(f"{msgid!r} is not yet in the {language} catalogue")


@pytest.mark.django_db
def test_the_mail_is_in_the_language_the_reset_was_asked_in(client, pia):
    skip_until_translated("Choose a new password for %(site_name)s", "de")

    client.post(reverse("password_reset"), {"email": "pia@example.org"}, HTTP_ACCEPT_LANGUAGE="de")

    assert sent()[0].subject == "Neues Passwort für testserver wählen"
    assert "Hallo pia," in mail.outbox[0].body
