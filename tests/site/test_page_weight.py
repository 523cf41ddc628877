"""Pages light enough for a phone at the venue: every page of the demo,
as its organiser sees it (who sees the most), is at most 64 KB of HTML; a long live match's
page at most 150 KB; and a browser that accepts gzip gets the HTML gzipped, from the test
client and from daphne as deployed. `python -m benchmarks.page_weight` prints the figures."""

from __future__ import annotations

import gzip
import http.client

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from benchmarks.page_weight import BUDGET, walk
from leagues import demo
from leagues.models import League
from tests.games.servers import daphne, migrate, sqlite_env
from tests.leagues.test_browser_layout import long_match

LONG_MATCH_BUDGET = 150 * 1024


@pytest.fixture
def organiser_client(transactional_db) -> Client:
    demo.load()
    client = Client()
    client.force_login(get_user_model().objects.get(username=demo.ORGANISER))
    return client


def test_every_page_of_the_demo_is_at_most_64_kb_of_html(organiser_client) -> None:
    weights = list(walk(organiser_client))
    paths = {weight.path for weight in weights}
    # The walk reached the pages that weigh the most: matches of both games, rounds' forms.
    assert "/leagues/riverside/" in paths and "/leagues/jade-dragon/" in paths
    assert any("/rounds/" in path for path in paths) and any("/games/" in path for path in paths)
    assert len(weights) > 60
    heavy = {weight.path: weight.html for weight in weights if weight.html > BUDGET}
    assert heavy == {}


def test_a_30_round_live_match_page_is_at_most_150_kb(organiser_client) -> None:
    match = long_match(League.objects.get(slug="riverside"), 30)
    response = organiser_client.get(match.get_absolute_url())
    assert response.status_code == 200
    assert b"Round 30" in response.content
    assert len(response.content) <= LONG_MATCH_BUDGET, len(response.content)


def test_a_browser_that_accepts_gzip_gets_the_page_gzipped(organiser_client) -> None:
    response = organiser_client.get("/leagues/riverside/", HTTP_ACCEPT_ENCODING="gzip, br")
    assert response["Content-Encoding"] == "gzip"
    assert b"Riverside" in gzip.decompress(response.content)
    plain = organiser_client.get("/leagues/riverside/")
    assert not plain.has_header("Content-Encoding")


def test_daphne_sends_pages_gzipped_to_a_browser_that_accepts_it(tmp_path) -> None:
    env = sqlite_env(tmp_path)
    migrate(env)
    with daphne(env, tmp_path / "daphne.log") as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Host": f"127.0.0.1:{port}", "Accept-Encoding": "gzip"}
        connection.request("GET", "/calculator/", headers=headers)
        response = connection.getresponse()
        body = response.read()
        connection.close()
    assert response.status == 200
    assert response.getheader("Content-Encoding") == "gzip"
    assert b"</html>" in gzip.decompress(body)
