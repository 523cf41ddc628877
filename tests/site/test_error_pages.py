"""The pages people land on when something is not for them: each says what happened and
where to go next (not a blank 405, a 404 for /favicon.ico, a 403 with no way back)."""

from __future__ import annotations

import pytest
from django.test import Client

from leagues.models import League
from tests.clubs import shared_club

pytestmark = pytest.mark.django_db


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


def test_a_missing_page_says_so_in_the_site_s_look_and_the_visitor_s_language(client: Client):
    response = client.get("/no-such-page/", headers={"accept-language": "fr"})
    assert response.status_code == 404
    text = response.content.decode()
    assert "<h1>Page introuvable</h1>" in text and 'lang="fr"' in text
    assert "css/site.css" in text and 'class="site-header"' in text
    assert 'href="/leagues/"' in text and 'href="/"' in text


@pytest.mark.urls("tests.site.failing_urls")
def test_a_server_error_page_is_the_site_s_in_german_without_the_database(
    client: Client, outsider, django_db_blocker
):
    # Signed in, so a page that read the session or the user would need the database,
    # which may be what failed: here it is out of reach while the page is drawn.
    client.force_login(outsider)
    client.raise_request_exception = False
    with django_db_blocker.block():
        response = client.get("/fail/", headers={"accept-language": "de"})
    assert response.status_code == 500
    text = response.content.decode()
    assert "<h1>Etwas ist schiefgegangen</h1>" in text and 'lang="de"' in text
    assert "css/site.css" in text and 'class="site-header"' in text
    assert 'href="/"' in text


def test_a_form_sent_from_an_out_of_date_page_is_refused_in_the_site_s_look():
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        "/accounts/login/",
        {"username": "someone", "password": "secret"},
        headers={"accept-language": "de"},
    )
    assert response.status_code == 403
    text = response.content.decode()
    assert "<h1>Das Formular konnte nicht gesendet werden</h1>" in text
    assert 'lang="de"' in text and "css/site.css" in text
