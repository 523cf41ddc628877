"""Every page comes with a Content-Security-Policy that lets the browser run only the site's
own files (django-csp: settings.CONTENT_SECURITY_POLICY, mhing_site/csp.py), and the
templates give it nothing inline to refuse.

The browser's side, every page loaded under the policy: tests/faults/test_browser_csp.py.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from django.test import Client

from games.models import Table
from leagues.models import League, Match, Player, RoundEntry
from mhing_site.settings import BASE_DIR
from tests.clubs import shared_club

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
TEMPLATES = BASE_DIR / "templates"
# What a strict policy refuses in markup: inline style, event handlers, script URLs, and a
# <script> without a src that is not JSON data.
INLINE = {
    "style attribute": re.compile(r"\sstyle\s*="),
    "style element": re.compile(r"<style\b"),
    "event handler": re.compile(r"\son[a-z]+\s*=", re.I),
    "javascript: URL": re.compile(r"javascript:", re.I),
    "inline script": re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>"),
    "htmx eval": re.compile(r"\shx-on|\bjs:"),
}


@pytest.fixture
def site(organiser, outsider, django_user_model) -> dict:
    """A league with a match of two rounds, a waiting and a started table; staff to sign
    in to the admin. Keys: the objects the page addresses need."""
    league = League.objects.create(
        club=shared_club(), name="Tuesday Club", slug="tuesday", season_start=date(2026, 9, 1)
    )
    league.organisers.add(organiser)
    players = [
        Player.objects.create(club=shared_club(), display_name=n)
        for n in ("Pia", "Quentin", "Rosa", "Sven")
    ]
    match = Match.begin(league, players, first_dealer=0, by=organiser)
    match.record_round(
        RoundEntry(winner=players[1], win_type="self_draw", hand="123c 456b 789k 234c 55k"),
        by=organiser,
    )
    waiting = Table.create(organiser, players=4)
    live = Table.create(organiser, players=4)
    live.fill_with_bots(organiser)
    live.start(organiser)
    staff = django_user_model.objects.create_superuser("sam", password="pw-sam")
    return {"league": league, "match": match, "player": players[0], "waiting": waiting,
            "live": live, "organiser": organiser, "outsider": outsider, "staff": staff}  # fmt: skip


def pages(site: dict) -> list[tuple[str, str | None, int]]:
    """(address, who is signed in, expected status) for every kind of page."""
    match = f"/leagues/tuesday/matches/{site['match'].pk}"
    return [
        ("/", None, 200),
        ("/accounts/login/", None, 200),
        ("/calculator/?hand=567b+567b+678b+789b+99b", None, 200),
        ("/leagues/", None, 200),
        ("/leagues/tuesday/", None, 200),
        ("/leagues/tuesday/?sort=-points", None, 200),
        (f"{match}/", None, 200),
        (f"/players/{site['player'].pk}/", None, 200),
        ("/play/", None, 200),
        (f"/play/{site['waiting'].slug}/", None, 200),
        (f"/play/{site['live'].slug}/", "organiser", 200),
        ("/leagues/import/", "organiser", 200),
        ("/leagues/tuesday/matches/new/", "organiser", 200),
        (f"{match}/rounds/new/", "organiser", 200),
        ("/admin/", "staff", 200),
        ("/admin/leagues/match/", "staff", 200),
        (f"{match}/rounds/new/", "outsider", 403),
        ("/leagues/no-such-league/", None, 404),
        ("/calculator/?hand=" + "1" * 9000, None, 414),
        ("/leagues/import/", None, 302),  # sign in first
    ]


def get(client: Client, site: dict, path: str, who: str | None, **headers):
    if who:
        client.force_login(site[who])
    return client.get(path, headers=headers)


def directives(response) -> dict[str, str]:
    policy = response.headers["Content-Security-Policy"]
    return dict(part.strip().split(" ", 1) for part in policy.split(";"))


def test_every_page_carries_the_policy(client: Client, site: dict) -> None:
    for path, who, status in pages(site):
        response = get(Client(), site, path, who)

        assert response.status_code == status, path[:80]
        assert "Content-Security-Policy" in response.headers, path[:80]


def test_the_policy_allows_only_the_sites_own_files(client: Client, site: dict) -> None:
    policy = directives(client.get("/"))

    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'"
    assert policy["style-src"] == "'self'"
    assert policy["img-src"] == "'self'"
    assert policy["object-src"] == "'none'"
    assert policy["base-uri"] == "'self'"
    assert policy["form-action"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"
    assert "unsafe" not in client.get("/").headers["Content-Security-Policy"]


def test_websockets_may_go_to_the_pages_own_host(client: Client, site: dict) -> None:
    plain = directives(client.get("/play/"))
    secure = directives(client.get("/play/", secure=True))

    assert plain["connect-src"] == "'self' ws://testserver"
    assert secure["connect-src"] == "'self' wss://testserver"


def test_htmx_fragments_carry_the_policy_too(client: Client, site: dict) -> None:
    for path in ("/calculator/?hand=123c", "/leagues/tuesday/?sort=-points", "/play/"):
        response = client.get(path, headers=HTMX)

        assert response.status_code == 200
        assert "script-src 'self'" in response.headers["Content-Security-Policy"], path


def test_htmx_adds_no_style_of_its_own_and_evaluates_nothing(client: Client, site: dict) -> None:
    page = client.get("/").text

    assert (
        """<meta name="htmx-config" content='{"includeIndicatorStyles": false, """
        """"allowEval": false}'>"""
    ) in page
    # Its indicator rules come from the site's own stylesheet instead.
    css = (BASE_DIR / "static/css/site.css").read_text()
    assert ".htmx-request .htmx-indicator" in css


@pytest.mark.parametrize("kind", INLINE)
def test_no_template_puts_anything_inline_the_policy_refuses(kind: str) -> None:
    found = [
        f"{path.relative_to(TEMPLATES)}:{text[: match.start()].count(chr(10)) + 1}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for text in [Path(path).read_text()]
        for match in INLINE[kind].finditer(text)
    ]

    assert found == []


def test_no_rendered_page_carries_inline_script_or_style(client: Client, site: dict) -> None:
    for path, who, _status in pages(site):
        text = get(Client(), site, path, who).content.decode()

        for kind, pattern in INLINE.items():
            assert not pattern.search(text), f"{kind} in {path[:80]}"


def test_djangos_debug_pages_are_left_without_a_policy(client: Client, settings, site) -> None:
    """They style and script themselves inline, and exist only with DEBUG on; the site's
    own pages keep the policy then too."""
    settings.DEBUG = True

    assert "Content-Security-Policy" not in client.get("/leagues/no-such-league/").headers
    assert "Content-Security-Policy" in client.get("/leagues/").headers
