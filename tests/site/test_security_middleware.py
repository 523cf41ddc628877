"""SecurityMiddleware under ASGI (`make run`'s daphne) does all it does under WSGI: its
headers on pages and static files, and the redirect to HTTPS."""

from __future__ import annotations

import pytest
from django.test import AsyncClient

# Django's defaults, as the settings leave them.
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


@pytest.mark.parametrize("path", ["/calculator/", "/static/css/site.css"])
async def test_pages_and_static_files_carry_its_headers(path: str, async_client: AsyncClient):
    response = await async_client.get(path)

    assert response.status_code == 200
    assert {header: response.headers.get(header) for header in HEADERS} == HEADERS


async def test_it_sends_plain_http_to_https_and_sets_hsts_there(settings) -> None:
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 3600

    plain = await AsyncClient().get("/calculator/?hand=99b")
    secure = await AsyncClient().get("/calculator/", secure=True)

    assert plain.status_code == 301
    assert plain["Location"] == "https://testserver/calculator/?hand=99b"
    assert secure.headers["Strict-Transport-Security"].startswith("max-age=3600")
