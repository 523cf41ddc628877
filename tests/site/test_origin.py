"""A websocket's Origin must name the site's own host and port (mhing_site/origin.py): Channels'
check of ALLOWED_HOSTS let http://127.0.0.1:9999 in for a site on port 8000."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from mhing_site.asgi import application
from mhing_site.origin import same_site


@pytest.mark.parametrize(
    ("origin", "host"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000"),
        ("http://LOCALHOST:8000", "localhost:8000"),
        # Behind a proxy passing `Host $host`: no port means the scheme's usual one.
        ("https://league.example.org", "league.example.org"),
        ("https://league.example.org:443", "league.example.org"),
        ("http://league.example.org", "league.example.org:80"),
        ("http://[::1]:8000", "[::1]:8000"),
    ],
)
def test_the_sites_own_pages_may_open_a_socket(origin, host):
    assert same_site(origin, host)


@pytest.mark.parametrize(
    ("origin", "host"),
    [
        ("http://127.0.0.1:9999", "127.0.0.1:8000"),
        ("http://127.0.0.1", "127.0.0.1:8000"),
        ("https://league.example.org:8443", "league.example.org"),
        ("http://evil.example.org:8000", "127.0.0.1:8000"),
        ("null", "127.0.0.1:8000"),
        ("file://", "127.0.0.1:8000"),
        ("http://127.0.0.1:99999", "127.0.0.1:8000"),
        ("http://127.0.0.1:8000", "127.0.0.1:x"),
    ],
)
def test_pages_of_another_port_or_host_may_not(origin, host):
    assert not same_site(origin, host)


@pytest.mark.django_db(transaction=True)
async def test_the_handshake_from_another_port_is_refused_before_any_table_code():
    communicator = WebsocketCommunicator(
        application,
        "/ws/tables/zzzzzzzz/",
        headers=[(b"origin", b"http://localhost:9999"), (b"host", b"localhost:8000")],
    )

    connected, code = await communicator.connect()

    # Channels' denier closes with 1000; the router's own answer for no table is 4404.
    assert (connected, code) == (False, 1000)
    await communicator.disconnect()
