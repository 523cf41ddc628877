from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import AsyncClient, Client

HTMX_URL = "/static/vendor/htmx/htmx.min.js"


@pytest.mark.django_db
def test_it_welcomes_the_organiser_on_the_home_page(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 200
    assert "Mhing League" in response.text
    assert "Keep a league" in response.text


def test_it_refuses_to_post_to_the_home_page(client: Client) -> None:
    assert client.post("/").status_code == 405


@pytest.mark.django_db
def test_it_loads_htmx_from_our_own_static_files(client: Client) -> None:
    response = client.get("/")

    assert f'src="{HTMX_URL}"' in response.text
    assert "x-csrftoken" in response.text


def test_the_staticfiles_finders_find_htmx_2_0_11() -> None:
    found = finders.find("vendor/htmx/htmx.min.js")

    assert found is not None
    assert "2.0.11" in Path(found).read_text(encoding="utf-8")


async def test_it_serves_htmx(async_client: AsyncClient) -> None:
    response = await async_client.get(HTMX_URL)

    assert response.status_code == 200
    assert b"2.0.11" in b"".join([chunk async for chunk in response.streaming_content])


@pytest.mark.django_db
def test_it_speaks_german_when_asked(client: Client) -> None:
    response = client.get("/", headers={"accept-language": "de"})

    assert '<html lang="de">' in response.text
    assert "Eine Liga führen" in response.text


@pytest.mark.django_db
def test_it_switches_language_with_the_header_form(client: Client) -> None:
    response = client.post("/i18n/setlang/", {"language": "fr", "next": "/"}, follow=True)

    assert '<html lang="fr">' in response.text


@pytest.mark.django_db
def test_it_offers_sign_in_and_a_post_sign_out(client: Client, django_user_model) -> None:
    assert "/accounts/login/" in client.get("/").text

    user = django_user_model.objects.create_user("ada", password="correct horse battery")
    client.force_login(user)
    page = client.get("/").text

    assert 'action="/accounts/logout/"' in page
    assert client.post("/accounts/logout/").status_code == 302
    assert "/accounts/login/" in client.get("/").text


@pytest.mark.django_db
def test_the_sign_in_page_renders(client: Client) -> None:
    response = client.get("/accounts/login/")

    assert response.status_code == 200
    assert 'name="password"' in response.text
