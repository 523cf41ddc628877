"""A bot written from docs/live_protocol.md alone: it signs in, opens a table, takes and leaves
a seat, adds bots, starts, plays legal moves over the websocket and leaves, for Mhing (until
its one-win match ends) and for Mah-Jongg (one game, and the next dealt when both players
asked for it: a whole Mah-Jongg match is the pure engine's tests' and
tests/games/test_every_live_game.py's). It knows the site only by its documented HTTP answers
(status, JSON, cookies) and frames, through the whole ASGI application as a server runs it
(sessions, CSRF, the Origin check): no model, no page's HTML."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.test import AsyncClient

from games import live

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
async def _pages_hand_back_their_connection():
    # The pages ran on the thread Django's ASGI handler runs sync views on, whose database
    # connection a test's requests leave open (PostgreSQL then cannot drop the test database).
    yield
    await sync_to_async(connections.close_all)()


HOST = "testserver"
ORIGIN = f"http://{HOST}"
PASSWORD = "a long enough password 35"
WINS = {"mhing", "claim_mhing", "mahjongg", "claim_mahjongg"}


class Site:
    """One account's HTTP client: JSON asked for, CSRF as documented (the `csrftoken` cookie
    sent back as `X-CSRFToken`, read again after signing in), `Origin` on every request."""

    def __init__(self) -> None:
        self.http = AsyncClient(enforce_csrf_checks=True)
        self.headers = {"Accept": "application/json", "Origin": ORIGIN}

    def cookie(self, name: str) -> str:
        return self.http.cookies[name].value

    async def get(self, path: str):
        return await self.http.get(path, headers=self.headers)

    async def post(self, path: str, data: dict[str, Any] | None = None):
        headers = {**self.headers, "X-CSRFToken": self.cookie("csrftoken")}
        return await self.http.post(path, data or {}, headers=headers)

    async def sign_in(self, username: str, password: str) -> None:
        page = await self.get("/accounts/login/")
        assert page.status_code == 200 and "csrftoken" in self.http.cookies
        answer = await self.post("/accounts/login/", {"username": username, "password": password})
        assert answer.status_code == 302, answer.status_code  # a wrong password: 200, the form
        assert self.cookie("sessionid")

    async def open_table(self, game_settings: dict[str, Any]) -> dict[str, Any]:
        answer = await self.post("/play/new/", game_settings)
        assert answer.status_code == 201, answer.content
        table = answer.json()
        assert answer["Location"] == table["url"] == f"/play/{table['slug']}/"
        return table

    async def table_post(self, slug: str, what: str, data: dict[str, Any] | None = None):
        """A waiting-room request (sit, leave, bots, start): the status and the JSON."""
        answer = await self.post(f"/play/{slug}/{what}/", data)
        return answer.status_code, answer.json()

    def socket(self, path: str) -> WebsocketCommunicator:
        from mhing_site.asgi import application

        # The site's own host and origin, as a server sees them. Not the test client's
        # "testserver": the application may have been built (its allowed hosts read) when
        # another test module imported it, before pytest-django allowed that name.
        headers = [
            (b"host", b"localhost"),
            (b"origin", b"http://localhost"),
            (b"cookie", f"sessionid={self.cookie('sessionid')}".encode()),
        ]
        return WebsocketCommunicator(application, path, headers=headers)


def decide(snapshot: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The next frame to send on the newest snapshot, or None (others must act)."""
    table, view = snapshot["table"], snapshot["view"]
    if view is None or table["status"] != "playing":
        return None
    me = view["player"] if table["game"] == "mahjongg" else view["seat"]
    if view["phase"] == "over":
        return None if me in table["ready"] else {"type": "next_round"}
    if not view["actions"]:
        return None
    wins = [a for a in view["actions"] if a["type"] in WINS]
    return {"type": "action", "action": wins[0] if wins else rng.choice(view["actions"])}


async def play_to_the_end(
    socket: WebsocketCommunicator, rng: random.Random, whole_match: bool = True
) -> dict[str, Any]:
    """Play as the protocol says: one frame in flight, decided on the newest snapshot; the
    final snapshot once the match is finished (or, not `whole_match`, the first snapshot of
    the round dealt after the first one ended). Checks the promises kept to the client."""
    connected, _code = await socket.connect()
    assert connected
    latest: dict[str, Any] | None = None
    in_flight: int | None = None
    decided_on = 0
    sent = 0
    ended = False  # a round has ended
    for _frame in range(20_000):
        frame = await socket.receive_json_from(timeout=20)
        if frame["type"] == "snapshot":
            assert latest is None or frame["version"] > latest["version"]  # versions only grow
            latest = frame
            view = frame["view"]
            if view is not None and (view["player"] if "player" in view else view["seat"]) is None:
                raise AssertionError(f"a seated player's socket got a watcher's view: {frame}")
            if view is not None and view["phase"] == "over":
                ended = True
            elif view is not None and ended and not whole_match:
                return frame  # the next round, dealt
        elif frame["type"] == "error":
            # Only a move the table had overtaken, and its error comes after the snapshot it
            # was judged on (never a version this socket has not been sent).
            assert frame["code"] == "illegal", frame
            assert decided_on < frame["version"] <= latest["version"], (frame, decided_on)
        elif frame["type"] == "events":
            assert latest is None or frame["version"] > latest["version"]
        if in_flight is not None and frame.get("reply_to") == in_flight:
            in_flight = None
        if in_flight is not None or latest is None:
            continue
        if latest["table"]["status"] == "finished":
            return latest
        choice = decide(latest, rng)
        if choice is not None:
            sent += 1
            in_flight, decided_on = sent, latest["version"]
            await socket.send_json_to({**choice, "id": sent})
    raise AssertionError("the match did not end")


MHING = {
    "game": "mhing",
    "players": "3",
    "variant": "points",
    "target": "other",
    "other_target": "1",  # the first round won ends the match
    "claim_timeout": "8",
}
MAHJONGG = {"game": "mahjongg", "mj_players": "3", "claim_timeout": "8"}


@pytest.mark.parametrize(
    ("game_settings", "whole_match"), [(MHING, True), (MAHJONGG, False)], ids=["mhing", "mahjongg"]
)
async def test_a_bot_from_the_docs_opens_a_table_plays_and_leaves(
    django_user_model, game_settings, whole_match
):
    for name in ("ann", "ben"):
        await django_user_model.objects.acreate_user(name, password=PASSWORD)
    ann, ben = Site(), Site()
    await ann.sign_in("ann", PASSWORD)
    await ben.sign_in("ben", PASSWORD)

    table = await ann.open_table(game_settings)
    slug = table["slug"]
    assert (table["game"], table["status"], table["seat"]) == (game_settings["game"], "waiting", 0)
    assert table["ws"] == f"/ws/tables/{slug}/"

    status, seated = await ben.table_post(slug, "sit", {"position": "1"})
    assert (status, seated["seat"], seated["error"]) == (200, 1, None)
    status, again = await ben.table_post(slug, "sit")
    assert status == 409 and again["error"]["code"] == "already_seated" and again["seat"] == 1
    status, left = await ben.table_post(slug, "leave")
    assert (status, left["seat"]) == (200, None) and left["version"] > seated["version"]
    status, refused = await ann.table_post(slug, "start")
    assert status == 409 and refused["error"]["code"] == "seats_empty"
    assert (
        refused["error"]["message"] == "Every seat needs a player or a bot before the game starts."
    )
    status, seated = await ben.table_post(slug, "sit")  # the first free seat
    assert (status, seated["seat"]) == (200, 1)
    status, refused = await ben.table_post(slug, "bots")
    assert status == 403 and refused["error"]["code"] == "not_allowed"
    status, filled = await ann.table_post(slug, "bots")
    assert (status, filled["status"]) == (200, "waiting")
    status, started = await ann.table_post(slug, "start")
    assert (status, started["status"], started["seat"]) == (200, "playing", 0)

    sockets = [ann.socket(table["ws"]), ben.socket(table["ws"])]
    finals = await asyncio.gather(
        *(play_to_the_end(s, random.Random(n), whole_match) for n, s in enumerate(sockets))
    )
    status = "finished" if whole_match else "playing"
    for final in finals:
        assert final["table"]["status"] == status
        assert final["table"]["match"]["finished"] is whole_match
        assert [s["name"] for s in final["table"]["seats"]] == ["ann", "ben", "Bot 3"]
    # Leaving a match: closing the socket (the bot plays on for an unfinished one).
    for socket in sockets:
        await socket.disconnect()
    answer, refused = await ben.table_post(slug, "leave")
    assert answer == 409 and refused["error"]["code"] == "not_waiting"
    assert refused["status"] == status
    await live.settle()


async def test_a_table_refused_by_its_settings_answers_each_field(django_user_model):
    await django_user_model.objects.acreate_user("ann", password=PASSWORD)
    ann = Site()
    await ann.sign_in("ann", PASSWORD)
    answer = await ann.post("/play/new/", {**MHING, "other_target": "", "claim_timeout": "0"})
    assert answer.status_code == 400
    errors = answer.json()["errors"]
    assert errors["other_target"] == [{"message": "Enter the target points.", "code": ""}]
    assert errors["claim_timeout"][0]["code"] == "min_value"
    assert (await ann.post("/play/nosuch22/sit/")).status_code == 404  # no such table


async def test_a_seat_that_is_no_number_is_refused_not_taken_for_any_seat(django_user_model):
    for name in ("ann", "ben"):
        await django_user_model.objects.acreate_user(name, password=PASSWORD)
    ann, ben = Site(), Site()
    await ann.sign_in("ann", PASSWORD)
    await ben.sign_in("ben", PASSWORD)
    table = await ann.open_table(MHING)
    status, refused = await ben.table_post(table["slug"], "sit", {"position": "two"})
    assert status == 409 and refused["seat"] is None
    assert refused["error"] == {"code": "no_such_seat", "message": "Choose a seat."}
    assert refused["version"] == table["version"]  # nothing changed
    status, refused = await ben.table_post(table["slug"], "sit", {"position": "7"})
    assert (status, refused["error"]["code"]) == (409, "no_such_seat")
    assert refused["error"]["message"] == "This table has no seat 7."
