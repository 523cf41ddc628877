"""The table page at /play/<slug>/: the waiting room (seats, bots, start) and the live table's
page, which carries the websocket address and the translations but never a card of a hand."""

from __future__ import annotations

import json
import re

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.test import Client

from games.models import Table

from .conftest import Client as SocketClient
from .conftest import started_table

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def table(alice) -> Table:
    """Four seats, alice (who opened it) at the first."""
    return Table.create(alice, players=4)


def url(table: Table, action: str = "") -> str:
    return f"/play/{table.slug}/{action + '/' if action else ''}"


def signed_in(client: Client, user) -> Client:
    client.force_login(user)
    return client


def seat_users(table: Table) -> list[str | None]:
    return [s.user.username if s.user else None for s in table.seat_list()]


def script_json(text: str, element_id: str) -> dict:
    found = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', text)
    return json.loads(found.group(1))


def outside_templates(text: str) -> str:
    """The page without its card sprites (<template>) and its JSON script tags."""
    text = re.sub(r"<template\b.*?</template>", "", text, flags=re.S)
    return re.sub(r'<script id="table-[a-z]+" type="application/json">.*?</script>', "", text)


# -- watching and seats -------------------------------------------------------------------


def test_anyone_with_the_link_may_watch_the_waiting_room(client, table):
    text = client.get(url(table)).content.decode()

    assert "alice" in text
    assert "Take this seat" not in text
    assert "Sign in to take a seat." in text
    assert f'value="http://testserver/play/{table.slug}/"' in text  # the link to share
    assert "{#" not in text and "{%" not in text


def test_a_signed_in_visitor_is_offered_every_free_seat(client, table, bob):
    text = signed_in(client, bob).get(url(table)).content.decode()

    assert text.count("Take this seat") == 3
    assert "Leave this seat" not in text
    assert "Start the game" not in text


def test_a_player_takes_the_seat_they_chose(client, table, bob):
    response = signed_in(client, bob).post(url(table, "sit"), {"position": "2"})

    assert response.status_code == 302 and response["Location"] == url(table)
    assert seat_users(table) == ["alice", None, "bob", None]


def test_a_taken_seat_stays_with_its_player(client, table, bob):
    response = signed_in(client, bob).post(url(table, "sit"), {"position": "0"}, follow=True)

    assert "That seat is taken." in response.content.decode()
    assert seat_users(table) == ["alice", None, None, None]


def test_a_player_sits_only_once(client, table, alice):
    response = signed_in(client, alice).post(url(table, "sit"), {"position": "1"}, follow=True)

    assert "You already have a seat at this table." in response.content.decode()
    assert seat_users(table) == ["alice", None, None, None]


def test_anonymous_visitors_cannot_sit(client, table):
    response = client.post(url(table, "sit"), {"position": "1"})

    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert seat_users(table) == ["alice", None, None, None]


def test_a_player_leaves_only_their_own_seat(client, table, bob):
    response = signed_in(client, bob).post(url(table, "leave"), follow=True)

    assert "You have no seat at this table." in response.content.decode()
    assert seat_users(table) == ["alice", None, None, None]


def test_a_player_leaves_their_seat(client, table, alice):
    text = signed_in(client, alice).get(url(table)).content.decode()
    assert "Leave this seat" in text

    signed_in(client, alice).post(url(table, "leave"))

    assert seat_users(table) == [None, None, None, None]


def test_with_htmx_a_seat_change_answers_with_the_seats_and_reconnects_the_socket(
    client, table, bob
):
    response = signed_in(client, bob).post(url(table, "sit"), {"position": "1"}, headers=HTMX)

    text = response.content.decode()
    assert text.lstrip().startswith('<section id="seats"')
    assert "Leave this seat" in text
    assert response["HX-Trigger"] == '{"seat-changed": {}}'


def test_with_htmx_a_refusal_is_shown_beside_the_seats(client, table, bob):
    response = signed_in(client, bob).post(url(table, "sit"), {"position": "0"}, headers=HTMX)

    assert '<p class="message message-error" role="alert">That seat is taken.</p>' in (
        response.content.decode()
    )
    assert "HX-Trigger" not in response


# -- bots and the start: the table's creator only -------------------------------------------


def test_only_the_creator_sees_the_bots_and_start_buttons(client, table, alice, bob):
    assert "Start the game" in signed_in(client, alice).get(url(table)).content.decode()
    other = signed_in(Client(), bob).get(url(table)).content.decode()
    assert "Start the game" not in other
    assert "Fill empty seats with bots" not in other
    assert "alice starts the game once every seat is filled." in other


@pytest.mark.parametrize("action", ["bots", "start"])
def test_nobody_else_fills_or_starts_the_table(client, table, bob, action):
    signed_in(client, bob).post(url(table, "sit"))

    response = signed_in(client, bob).post(url(table, action), follow=True)

    assert "Only the player who opened the table may do that." in response.content.decode()
    table.refresh_from_db()
    assert table.is_waiting
    assert [s.is_bot for s in table.seat_list()] == [False] * 4


def test_the_creator_fills_the_empty_seats_with_bots_and_starts(client, table, alice, bob):
    signed_in(client, bob).post(url(table, "sit"), {"position": "3"})
    signed_in(client, alice)

    client.post(url(table, "bots"))
    response = client.post(url(table, "start"))

    table.refresh_from_db()
    assert response["Location"] == url(table)
    assert table.is_playing
    assert [s.name for s in table.seat_list()] == ["alice", "Bot 2", "Bot 3", "bob"]


def test_a_table_with_empty_seats_does_not_start(client, table, alice):
    response = signed_in(client, alice).post(url(table, "start"), follow=True)

    assert "Every seat needs a player or a bot" in response.content.decode()
    table.refresh_from_db()
    assert table.is_waiting


def test_with_htmx_the_start_lets_the_socket_bring_the_live_table(client, table, alice):
    signed_in(client, alice).post(url(table, "bots"), headers=HTMX)

    response = client.post(url(table, "start"), headers=HTMX)

    assert response.status_code == 204
    assert response["HX-Trigger"] == '{"table-started": {}}'


def test_an_unknown_table_is_not_found(client):
    assert client.get("/play/nosuchtb/").status_code == 404


# -- the live table's page -----------------------------------------------------------------


@pytest.fixture
def playing(alice, bob) -> Table:
    return started_table(alice, [bob], players=4)


def test_the_page_tells_the_script_where_the_websocket_is(client, playing, alice):
    text = signed_in(client, alice).get(url(playing)).content.decode()

    config = script_json(text, "table-config")
    assert config["ws_path"] == f"/ws/tables/{playing.slug}/"
    assert config["mode"] == "live"
    assert config["cards"][:2] == [["1b", "1 of bamboo"], ["2b", "2 of bamboo"]]
    assert config["cards"][-2:] == [["J", "Mhing card"], ["F", "flower"]]
    scripts = re.findall(r'<script src="/static/js/([a-z-]+\.js)" defer></script>', text)
    # The site's own (every page: a form is sent once, an error's link takes the focus),
    # then the table's, in order.
    assert scripts == [
        "submit-once.js",
        "error-links.js",
        "table-parts.js",
        "table-play.js",
        "table-result.js",
        "table.js",
    ]


def test_the_waiting_room_also_listens_to_the_table(client, table):
    config = script_json(client.get(url(table)).content.decode(), "table-config")

    assert config["mode"] == "waiting"
    assert config["ws_path"] == f"/ws/tables/{table.slug}/"


def test_the_script_gets_its_words_from_the_page(client, playing):
    text = client.get(url(playing)).content.decode()

    words = script_json(text, "table-text")
    assert words["mhing"] == "Mhing!"
    assert words["pass"] == "Pass"
    assert words["claims_close_in"] == "Claims close in %(seconds)s s"


def test_the_cards_are_named_in_the_visitors_language(client, playing):
    text = client.get(url(playing), headers={"Accept-Language": "de"}).content.decode()

    cards = dict(script_json(text, "table-config")["cards"])
    assert cards["5b"] == "Bambus-5"


def test_every_card_face_is_drawn_once_for_the_script(client, playing):
    text = client.get(url(playing)).content.decode()

    sprites = re.findall(r'<template id="card-([A-Za-z0-9]+)">', text)
    assert len(sprites) == 34 + 2 + 1  # the cards, the Mhing card, the flower, the back
    assert len(set(sprites)) == len(sprites)


def test_the_page_holds_no_card_of_any_hand(client, playing, alice):
    hand = playing.round().seats[0].concealed
    seated = signed_in(client, alice).get(url(playing)).content.decode()
    watching = Client().get(url(playing)).content.decode()

    for text in (seated, watching):
        assert "data-card" not in outside_templates(text)
        assert "concealed" not in text and "wall" not in text
    # The seated player's page is the spectator's but for who is signed in: the hand comes
    # over the websocket, as that seat's view only.
    assert len(hand) >= 13
    assert seated.count("data-card=") == watching.count("data-card=")


def test_a_spectator_is_told_they_are_watching(client, playing, alice):
    watching = Client().get(url(playing)).content.decode()
    seated = signed_in(client, alice).get(url(playing)).content.decode()

    assert '<p id="live-watching" class="live-own muted">' in watching
    assert '<p id="live-watching" class="live-own muted" hidden>' in seated


def test_the_page_shows_the_table_settings(client, alice):
    table = Table.create(alice, players=3, variant="chips", round_limit=5, claim_timeout=4)

    text = client.get(url(table)).content.decode()

    assert "3 players" in text
    assert "chips, 5 rounds" in text
    assert "4 s to claim a discard" in text
    assert "a friendly game, not recorded" in text


# -- everyone watching hears of a change ----------------------------------------------------


# These run in asgiref's worker thread, and give its database connection back when done (the
# test client keeps it open), so the test database can be dropped on PostgreSQL.


def open_table(user) -> Table:
    table = Table.create(user, players=3)
    connection.close()
    return table


def sit_in_a_browser(user, table: Table, position: int) -> None:
    signed_in(Client(), user).post(url(table, "sit"), {"position": str(position)})
    connection.close()


@pytest.mark.django_db(transaction=True)
async def test_a_seat_taken_in_the_lobby_reaches_everyone_watching(alice, bob):
    table = await sync_to_async(open_table)(alice)
    watcher = await SocketClient(table.slug).connect()
    before = watcher.version

    await sync_to_async(sit_in_a_browser)(bob, table, 1)

    await watcher.catch_up(before + 1)
    assert [s["name"] for s in watcher.snapshot["table"]["seats"]] == ["alice", "bob", ""]
    await watcher.disconnect()
