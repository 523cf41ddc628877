"""Password guessing: django-axes counts wrong passwords per account and per
address; past the limit, sign-in is paused with a page saying how long and what else to do,
on the site's sign-in and the admin's, until the pause ends or staff lift it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.db.models import F
from django.urls import reverse

WAIT = "signing in is paused for this account, or from this network, for 15 minutes"
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _throttle_on(settings) -> None:
    # tests/conftest.py turns axes off for the rest of the suite.
    settings.AXES_ENABLED = True


def sign_in(client, username: str, password: str, address: str = "10.0.0.1", path=None):
    return client.post(
        path or reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
    )


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def guess(client, username: str, times: int, address: str = "10.0.0.1", path=None) -> list:
    return [
        sign_in(client, username, f"guess-{n}", address, path).status_code for n in range(times)
    ]


def test_thirty_wrong_passwords_pause_the_account(client, member):
    answers = guess(client, "pia", 30)

    # The tenth wrong password is the last one checked: from then on, the pause.
    assert answers[:9] == [200] * 9
    assert set(answers[9:]) == {429}
    page = sign_in(client, "pia", "pw-pia")
    assert page.status_code == 429
    text = " ".join(page.content.decode().split())
    assert WAIT in text
    assert reverse("password_reset") in text
    assert page["Retry-After"] == str(15 * 60)
    assert not signed_in(client)


def test_the_right_password_works_again_once_the_pause_is_over(client, member):
    guess(client, "pia", 30)
    assert sign_in(client, "pia", "pw-pia").status_code == 429

    # Sixteen minutes pass.
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=16))

    assert sign_in(client, "pia", "pw-pia").status_code == 302
    assert signed_in(client)


def test_staff_lift_the_pause_of_an_account(client, member):
    guess(client, "pia", 30)

    call_command("axes_reset_username", "pia")

    assert sign_in(client, "pia", "pw-pia").status_code == 302
    assert signed_in(client)


def test_the_account_is_paused_whatever_address_the_guesses_came_from(client, member):
    for n in range(10):
        sign_in(client, "pia", "wrong", address=f"10.0.1.{n}")

    assert sign_in(client, "pia", "pw-pia", address="10.0.2.1").status_code == 429
    assert not signed_in(client)


def test_guessing_many_accounts_from_one_address_pauses_that_address(client, member, outsider):
    for n in range(10):
        sign_in(client, f"someone-{n}", "wrong", address="10.0.3.1")

    assert sign_in(client, "pia", "pw-pia", address="10.0.3.1").status_code == 429
    assert not signed_in(client)
    # The same account from another address is not paused: only that address is.
    assert sign_in(client, "pia", "pw-pia", address="10.0.3.2").status_code == 302


def test_a_few_typos_do_not_pause_anyone(client, member):
    guess(client, "pia", 5)

    assert sign_in(client, "pia", "pw-pia").status_code == 302


def test_the_admin_sign_in_is_paused_too(client, admin_user):
    admin_login = reverse("admin:login")
    guess(client, "admin", 30, path=admin_login)

    page = sign_in(client, "admin", "password", path=admin_login)

    assert page.status_code == 429
    assert WAIT in " ".join(page.content.decode().split())
    assert not signed_in(client)


def test_the_pause_is_explained_in_german(client, member):
    guess(client, "pia", 10)

    page = client.post(
        reverse("login"),
        {"username": "pia", "password": "pw-pia"},
        REMOTE_ADDR="10.0.0.1",
        HTTP_ACCEPT_LANGUAGE="de",
    )

    assert page.status_code == 429
    assert "15 Minuten" in page.content.decode()


def test_signing_in_between_guesses_does_not_wipe_the_count(client, member, outsider):
    # A guesser with an account of their own, from the same address.
    guess(client, "pia", 9)
    assert sign_in(client, "otto", "pw-otto").status_code == 302
    client.logout()

    sign_in(client, "pia", "one-more-guess")

    assert sign_in(client, "pia", "pw-pia").status_code == 429
