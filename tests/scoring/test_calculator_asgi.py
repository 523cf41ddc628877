"""The two calculators' views are async (a tap is answered on daphne's event loop): through
the ASGI handler they answer exactly as through WSGI, in the visitor's language, and the whole
page still shows who is signed in (drawn in a worker thread: it needs the database)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.test import AsyncClient, Client

from benchmarks.clicks import tap_urls
from benchmarks.clicks_mahjongg import calculator_asks

MHING_TAP = {"HX-Request": "true", "HX-Target": "calculator-result"}
MAHJONGG_TAP = {"HX-Request": "true", "HX-Target": "mj-live"}


def through_both(client: Client, url: str, headers: dict) -> tuple[bytes, bytes]:
    async_client = AsyncClient()
    async_client.cookies = client.cookies
    wsgi = client.get(url, headers=headers)
    asgi = async_to_sync(async_client.get)(url, headers=headers)
    assert wsgi.status_code == asgi.status_code == 200
    assert dict(asgi.headers) == dict(wsgi.headers)
    return wsgi.content, asgi.content


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_tap_on_the_mhing_calculator_answers_the_same_through_asgi(
    client: Client, language: str
) -> None:
    client.cookies["django_language"] = language
    for url in tap_urls("/calculator/"):
        wsgi, asgi = through_both(client, url, MHING_TAP)
        assert asgi == wsgi
    assert ("17 Credits · 512 Punkte" if language == "de" else "17 credits · 512 points") in (
        asgi.decode()
    )


@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_tap_on_the_mahjongg_calculator_answers_the_same_through_asgi(
    client: Client, language: str
) -> None:
    client.cookies["django_language"] = language
    answers = []
    for ask in calculator_asks():
        wsgi, asgi = through_both(client, ask.url, MAHJONGG_TAP)
        assert asgi == wsgi
        answers.append(asgi.decode())
    assert ("Votre main" if language == "fr" else "Your hand") in "".join(answers)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("url", ["/calculator/?hand=99b", "/calculator/mahjongg/?hand=55k"])
def test_the_whole_page_through_asgi_shows_who_is_signed_in(url: str, member) -> None:
    async_client = AsyncClient()
    async_client.force_login(member)

    response = async_to_sync(async_client.get)(url)

    assert response.status_code == 200
    assert f"Signed in as {member.get_username()}" in response.text


def test_with_no_cards_the_answer_offers_the_examples(client: Client) -> None:
    wsgi, asgi = through_both(client, "/calculator/", MHING_TAP)

    assert asgi == wsgi
    assert 'href="/calculator/?hand=55666777788999b" data-hand="567b 567b 678b 789b 99b"' in (
        asgi.decode()
    )
