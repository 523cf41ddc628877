"""A password reset answers in the same time whether the address has an account or not
(with a slow mail server a known address must not take a second where an unknown one takes
milliseconds),
and its link points to the site's own address (SITE_URL), not to the Host the request named."""

from __future__ import annotations

import re
import time

import pytest
from django.core import mail
from django.urls import reverse

from mhing_site.mail import wait_for_mail
from tests.site.slow_mail import DELAY

pytestmark = pytest.mark.django_db


@pytest.fixture
def pia(member):
    member.email = "pia@example.org"
    member.save()
    return member


def timed_reset(client, email: str, **extra) -> float:
    started = time.perf_counter()
    response = client.post(reverse("password_reset"), {"email": email}, **extra)
    took = time.perf_counter() - started
    assert response.status_code == 302
    return took


def test_a_known_and_an_unknown_address_answer_alike_with_a_slow_mail_server(client, pia, settings):
    settings.EMAIL_BACKEND = "tests.site.slow_mail.SlowEmailBackend"
    timed_reset(client, "warm@example.org")  # the first request loads templates and urls

    known = min(timed_reset(client, "pia@example.org") for _ in range(3))
    unknown = min(timed_reset(client, "nobody@example.org") for _ in range(3))

    # Before: known ≈ DELAY, unknown a few ms. The mail server's time is no longer in either.
    assert known < DELAY / 4, known
    assert abs(known - unknown) < 0.05, (known, unknown)
    wait_for_mail()
    assert [message.to for message in mail.outbox] == [["pia@example.org"]] * 3


def reset_link(body: str) -> str:
    found = re.search(r"https?://\S+/accounts/reset/\S+/", body)
    assert found, body
    return found.group(0)


def test_the_reset_link_uses_the_configured_site_address(client, pia, settings):
    settings.SITE_URL = "https://league.example.org"
    settings.ALLOWED_HOSTS = ["league.example.org"]

    timed_reset(client, "pia@example.org", HTTP_HOST="league.example.org:9999")

    wait_for_mail()
    link = reset_link(mail.outbox[0].body)
    assert link.startswith("https://league.example.org/accounts/reset/")


def test_without_a_site_address_the_link_follows_the_request(client, pia, settings):
    settings.SITE_URL = None

    timed_reset(client, "pia@example.org")

    wait_for_mail()
    assert reset_link(mail.outbox[0].body).startswith("http://testserver/accounts/reset/")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("https://league.example.org", "https://league.example.org"),
        ("https://league.example.org/", "https://league.example.org"),
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000"),
    ],
)
def test_site_url_is_read_from_the_environment(monkeypatch, value, expected):
    from mhing_site.env import env_site_url

    monkeypatch.setenv("SITE_URL", value)

    assert env_site_url() == expected


@pytest.mark.parametrize(
    "value",
    [
        "league.example.org",
        "ftp://league.example.org",
        "https://x.org/league",
        "https://x.org:99999",
    ],
)
def test_a_site_url_that_is_not_a_site_address_stops_the_server(monkeypatch, value):
    from django.core.exceptions import ImproperlyConfigured

    from mhing_site.env import env_site_url

    monkeypatch.setenv("SITE_URL", value)

    with pytest.raises(ImproperlyConfigured, match="SITE_URL"):
        env_site_url()
