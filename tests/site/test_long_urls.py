"""An over-long address gets an answer, 414 URI Too Long, never a dropped connection
(mhing_site/long_urls.py).

Daphne (Twisted) used to close the connection without a word on a request line over
16,384 bytes: a calculator link of 17,000 characters showed "connection reset".
"""

from __future__ import annotations

import http.client
from collections.abc import Iterator

import pytest
from django.test import Client

from mhing_site.long_urls import MAX_URL_LENGTH
from tests.games.servers import PYTHON, running, served_database, sqlite_env

CALCULATOR = "/calculator/?hand="


def long_calculator_url(length: int) -> str:
    """A calculator address of exactly `length` characters."""
    return CALCULATOR + "1" * (length - len(CALCULATOR))


def get(port: int, path: str, **headers: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


# -- Django's answer ----------------------------------------------------------------------


def test_an_address_at_the_limit_is_served(client: Client) -> None:
    assert client.get(long_calculator_url(MAX_URL_LENGTH)).status_code == 200


def test_a_longer_address_gets_414_and_a_page_that_says_why(client: Client) -> None:
    response = client.get(long_calculator_url(MAX_URL_LENGTH + 1))

    assert response.status_code == 414
    assert "Address too long" in response.text
    assert f"This address has {MAX_URL_LENGTH + 1} characters" in response.text
    assert '<a href="/calculator/">Back to the calculator</a>' in response.text
    assert "Content-Security-Policy" in response.headers


def test_the_pages_own_links_drop_the_long_query(client: Client) -> None:
    """Its "Sign in" link and language form would otherwise be too long in turn."""
    response = client.get(long_calculator_url(20_000))

    assert len(response.content) < 10_000
    assert 'href="/accounts/login/?next=/calculator/"' in response.text
    assert '<input type="hidden" name="next" value="/calculator/">' in response.text


def test_a_long_address_of_another_page_links_back_to_that_page(client: Client) -> None:
    response = client.get("/leagues/?sort=" + "x" * MAX_URL_LENGTH)

    assert response.status_code == 414
    assert '<a href="/leagues/">Open this page without the long address</a>' in response.text


def test_a_long_address_of_no_page_links_home(client: Client) -> None:
    response = client.get("/no-such-page/?" + "x" * MAX_URL_LENGTH)

    assert response.status_code == 414
    assert '<a href="/">Go to the home page</a>' in response.text


def test_htmx_asking_with_a_long_address_gets_414_too(client: Client) -> None:
    response = client.get(long_calculator_url(9000), headers={"HX-Request": "true"})

    assert response.status_code == 414


def test_the_page_speaks_the_visitors_language(client: Client) -> None:
    """Needs the German catalogue with this page's text (merged by the lead)."""
    response = client.get(long_calculator_url(9000), headers={"accept-language": "de"})

    assert response.status_code == 414
    assert "Adresse zu lang" in response.text
    assert "Zurück zum Rechner" in response.text


# -- daphne's answer ----------------------------------------------------------------------


# Once per xdist worker (scope "session"): with --dist worksteal a worker may come back to
# this module after others, and a module-scoped server was set up again each time.
@pytest.fixture(scope="session")
def daphne_port(tmp_path_factory) -> Iterator[int]:
    with served_database(tmp_path_factory.mktemp("long-urls"), drop=("REDIS_URL",)) as (port, _):
        yield port


def test_daphne_answers_a_17000_character_calculator_address_with_the_414_page(
    daphne_port: int,
) -> None:
    status, page = get(daphne_port, long_calculator_url(17_000))

    assert status == 414
    assert "Back to the calculator" in page


def test_daphne_still_serves_an_ordinary_calculator_address(daphne_port: int) -> None:
    status, page = get(daphne_port, "/calculator/?hand=567b+567b+678b+789b+99b")

    assert status == 200
    assert "17 credits" in page


def test_beyond_what_daphne_reads_it_answers_a_plain_414(daphne_port: int) -> None:
    status, text = get(daphne_port, long_calculator_url(70_000))

    assert status == 414
    assert "longer than the server reads" in text


def test_a_header_beyond_what_daphne_reads_gets_431(daphne_port: int) -> None:
    status, _ = get(daphne_port, "/", **{"X-Padding": "a" * 70_000})

    assert status == 431


def runserver_command(port: int) -> list[str]:
    return [PYTHON, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]


def test_the_development_server_answers_414_too(tmp_path) -> None:
    """`manage.py runserver` is daphne's here, with the same limits."""
    env = sqlite_env(tmp_path, drop=("REDIS_URL",))
    with running(runserver_command, env, tmp_path / "runserver.log") as (port, _process):
        status, page = get(port, long_calculator_url(17_000))

    assert status == 414
    assert "Back to the calculator" in page
