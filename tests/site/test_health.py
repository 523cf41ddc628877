"""GET /health/ for load balancers: 200 with what it checked, on plain HTTP and
by address, as a load balancer on the machine asks. The database out of reach (503):
tests/faults/test_health_outage.py."""

from __future__ import annotations

import os

import pytest
from django.test import Client

from tests.games.servers import free_port

pytestmark = pytest.mark.django_db


def checked(client: Client, **headers: str) -> tuple[int, dict]:
    response = client.get("/health/", headers={"accept": "application/json", **headers})
    return response.status_code, response.json()


def test_health_answers_200_with_what_it_checked(client: Client):
    assert checked(client) == (200, {"database": "OK"})  # no Redis: the in-memory layer
    page = client.get("/health/")  # a person's browser: the library's page
    assert page.status_code == 200 and "database" in page.content.decode()


def test_health_answers_plain_http_by_address_while_pages_redirect_to_https(
    client: Client, settings
):
    settings.SECURE_SSL_REDIRECT = True
    settings.ALLOWED_HOSTS = ["league.example.org"]
    assert checked(client, host="127.0.0.1:8000") == (200, {"database": "OK"})
    page = client.get("/", headers={"host": "league.example.org"})
    assert page.status_code == 301 and page["Location"] == "https://league.example.org/"
    assert client.get("/", headers={"host": "127.0.0.1:8000"}).status_code == 400


def redis_layer(url: str) -> dict:
    return {
        "default": {
            "BACKEND": "mhing_site.channel_layer.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [url]},
        }
    }


def test_redis_out_of_reach_is_shown_and_keeps_the_200(client: Client, settings):
    # Every process shares the one Redis and the pages work without it: a 503 would take
    # the whole site out of the load balancer.
    settings.CHANNEL_LAYERS = redis_layer(f"redis://127.0.0.1:{free_port()}/0")
    status, checks = checked(client)
    assert status == 200
    assert checks["database"] == "OK"
    assert "Unable to connect to Redis" in checks["redis"]


@pytest.mark.redis
@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (make test-redis)")
def test_health_checks_redis_when_the_site_uses_it(client: Client, settings):
    settings.CHANNEL_LAYERS = redis_layer(os.environ["REDIS_URL"])
    assert checked(client) == (200, {"database": "OK", "redis": "OK"})
