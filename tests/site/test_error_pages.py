"""The pages people land on when something is not for them: each says what happened and
where to go next (issue 11: a blank 405, a 404 for /favicon.ico, a 403 with no way back)."""

from __future__ import annotations

import pytest
from django.test import Client

from leagues.models import League
from tests.clubs import shared_club

# Reads pages through ordinary ORM queries: SQLite only but for query counts (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.ordinary_orm]


def test_visiting_an_address_that_takes_a_form_gives_a_page_that_says_so(client: Client):
    response = client.get("/play/new/")
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    text = response.content.decode()
    assert "only answers the button of the page it belongs to" in text
    assert 'href="/play/"' in text and 'href="/"' in text


def test_a_program_posting_wrongly_still_gets_the_bare_405(client: Client):
    response = client.put("/play/new/")
    assert response.status_code == 405 and response.content == b""
    response = client.get("/play/new/", headers={"HX-Request": "true"})
    assert response.status_code == 405 and response.content == b""


def test_the_favicon_is_found(client: Client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    icon = client.get(response["Location"])
    assert icon.status_code == 200
    assert icon["Content-Type"].startswith("image/svg+xml")
    assert 'rel="icon"' in client.get("/").content.decode()


def test_the_403_page_offers_a_way_on(client: Client, outsider):
    League.objects.create(club=shared_club(), name="Hidden", slug="hidden", is_public=False)
    client.force_login(outsider)
    response = client.get("/leagues/hidden/")
    assert response.status_code == 403
    text = response.content.decode()
    assert "This league is for its members only." in text
    assert "Sign in with another account" in text
    assert 'href="/leagues/"' in text and 'href="/"' in text
