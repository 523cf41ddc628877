"""Pages served under ASGI (`make run`'s daphne) as under WSGI: a sign-in is kept in the
session, a saved round's message is shown on the next page, and a post without its CSRF
token is refused. Through Django's AsyncClient, which runs the same ASGI middleware chain as
daphne; a game form's tap through the site's application (benchmarks/asgi.py), as daphne
sends a form."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from asgiref import sync
from django.db import connections
from django.test import AsyncClient, Client
from django.urls import reverse

from benchmarks.asgi import SiteApplication
from leagues.models import Match, Round

from .mahjongg_fixtures import CALLER, DRAGONS, OTHER, PLAIN, mj_league, mj_match
from .round_forms import entry
from .test_mahjongg_picker import HTMX, form_data, game_new_url, sheet_in

__all__ = ["mj_league", "mj_match"]

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
async def connection_closed_where_it_was_opened():
    """The test client leaves the views' connection open in asgiref's thread, where the sync
    views ran (it turns Django's closing at a request's end off): closed there, or
    PostgreSQL's test database cannot be dropped."""
    yield
    await sync.sync_to_async(connections.close_all)()


def new_url(match: Match) -> str:
    return reverse("leagues:round_new", args=[match.league.slug, match.pk])


async def test_a_sign_in_is_kept_and_a_wrong_password_refused(organiser):
    await sync.sync_to_async(organiser.set_password)("right horse")
    await organiser.asave()
    client = AsyncClient()
    login = reverse("login")

    wrong = await client.post(login, {"username": organiser.username, "password": "no"})
    still_out = await client.get("/leagues/")
    right = await client.post(login, {"username": organiser.username, "password": "right horse"})
    signed_in = await client.get("/leagues/")

    assert wrong.status_code == 200 and organiser.username not in still_out.text
    assert right.status_code == 302
    assert organiser.username in signed_in.text  # the session was saved and read back


async def test_a_saved_round_is_in_the_database_and_its_message_on_the_next_page(
    organiser, match, players
):
    client = AsyncClient()
    await client.aforce_login(organiser)

    saved = await client.post(new_url(match), entry(match, players[1]))
    sheet = await client.get(saved["Location"])

    assert saved.status_code == 302
    assert await Round.objects.filter(match=match).acount() == 1
    assert "Round 1 saved" in sheet.text
    again = await client.get(saved["Location"])
    assert "Round 1 saved" not in again.text  # shown once, then cleared


async def test_a_post_without_its_csrf_token_is_refused(organiser, match, players):
    client = AsyncClient(enforce_csrf_checks=True)
    await client.aforce_login(organiser)

    refused = await client.post(new_url(match), entry(match, players[1]))

    assert refused.status_code == 403
    assert await Round.objects.filter(match=match).acount() == 0


async def test_the_405_and_414_pages_are_drawn_for_someone_signed_in(organiser):
    # Both pages show who is signed in (the database).
    client = AsyncClient()
    await client.aforce_login(organiser)

    not_allowed = await client.get("/play/new/")
    bare = await client.get("/play/new/", headers={"HX-Request": "true"})
    too_long = await client.get("/calculator/", {"hand": "5b " * 3000})

    assert not_allowed.status_code == 405 and not_allowed["Allow"] == "POST"
    assert "only answers the button of the page it belongs to" in not_allowed.text
    assert organiser.username in not_allowed.text
    assert bare.status_code == 405 and bare.content == b""
    assert too_long.status_code == 414 and organiser.username in too_long.text


FORM = "application/x-www-form-urlencoded"


def test_a_game_form_tap_is_answered_with_its_csrf_token_and_refused_without(organiser, mj_match):
    client = Client()
    client.force_login(organiser)
    site = SiteApplication(client.cookies)
    url = game_new_url(mj_match)
    page = site.get(url).content.decode()  # the form, and its CSRF cookie
    sheet = sheet_in(page)
    data = form_data(mj_match, "0", "0", (CALLER, DRAGONS, PLAIN, OTHER), sheet=sheet, add="F1")
    body = urlencode(data).encode()

    tap = site.post(url, body, FORM, headers=HTMX)
    forged = {**HTMX, "Content-Type": FORM, "X-CSRFToken": "x" * 32}
    refused = site._run(site.ask("POST", url, body, forged))
    site.close()

    assert tap.status_code == 200 and "Quentin pays Pia" in tap.content.decode()
    assert refused.status_code == 403
