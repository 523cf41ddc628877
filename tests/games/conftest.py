"""Tables, people and websocket clients for the live-play tests.

Bots move without a pause here (MHING_BOT_DELAY 0), and every test ends by cancelling the
bot drivers and deadline timers it started, so nothing outlives its event loop.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games import live, presence
from games.models import Table
from games.play.bots import choose_action
from mhing_site.routing import websocket_urlpatterns


@pytest.fixture(autouse=True)
def _fast_tables(settings):
    settings.MHING_BOT_DELAY = 0
    settings.MHING_NEXT_ROUND_PAUSE = 30
    settings.MHING_TURN_TIMEOUT = 60
    # The test clients act the moment they may (play() below), faster on a quick machine
    # than the 20 frames a second a person's socket is allowed: the limits' own tests
    # (tests/faults/test_socket_limits.py) set them back.
    settings.MHING_WS_FRAMES_PER_SECOND = 1000
    settings.MHING_WS_FRAME_BURST = 1000


@pytest.fixture(autouse=True)
async def _stop_live_tasks():
    yield
    await presence.stop_all()


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice")


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob")


@pytest.fixture
def carol(django_user_model):
    return django_user_model.objects.create_user("carol")


def started_table(creator, others=(), players=4, **settings_: Any) -> Table:
    """A table with the creator at seat 0, `others` at the next seats, bots in the rest."""
    table = Table.create(creator, players=players, **settings_)
    for user in others:
        table.take_seat(user)
    table.fill_with_bots(creator)
    table.start(creator)
    table.refresh_from_db()
    return table


def first_discard(table: Table) -> tuple[int, dict]:
    """The seat whose turn it is and a discard it may make."""
    turn = table.round().turn
    card = next(a for a in table.view(turn)["actions"] if a["type"] == "discard")["card"]
    return turn, {"type": "discard", "card": card}


class Client:
    """A websocket client of one table: everything it received, and its latest snapshot."""

    def __init__(self, slug: str, user=None, app=None) -> None:
        app = app or URLRouter(websocket_urlpatterns)
        self.communicator = WebsocketCommunicator(app, f"/ws/tables/{slug}/")
        self.communicator.scope["user"] = user or AnonymousUser()
        self.slug = slug
        self.frames: list[dict[str, Any]] = []
        self.snapshot: dict[str, Any] | None = None
        self.asked = 0

    async def connect(self) -> Client:
        connected, _code = await self.communicator.connect(timeout=5)
        assert connected
        await self.receive()  # the snapshot sent on connect
        return self

    async def receive(self, timeout: float = 5) -> dict[str, Any]:
        frame = await self.communicator.receive_json_from(timeout=timeout)
        self.frames.append(frame)
        if frame["type"] == "snapshot":
            self.snapshot = frame
        return frame

    async def send(self, frame: Any) -> None:
        await self.communicator.send_json_to(frame)

    async def next_of(self, kind: str, timeout: float = 5) -> dict[str, Any]:
        """The next frame of that type, after any others (bots keep moving meanwhile)."""
        while True:
            frame = await self.receive(timeout)
            if frame["type"] == kind:
                return frame

    async def ask(self, frame: dict[str, Any]) -> dict[str, Any]:
        """Send a frame; the server's answer to it (a snapshot, up_to_date or an error)."""
        self.asked += 1
        await self.send({**frame, "id": self.asked})
        while True:
            answer = await self.receive()
            if answer.get("reply_to") == self.asked:
                return answer

    async def act(self, action: dict[str, Any]) -> dict[str, Any]:
        """Send an action; the answer (the new snapshot, or an error)."""
        return await self.ask({"type": "action", "action": action})

    async def catch_up(self, version: int, timeout: float = 5) -> None:
        """Receive until the latest snapshot is at `version`."""
        while self.snapshot is None or self.snapshot["version"] < version:
            await self.receive(timeout)

    async def disconnect(self) -> None:
        await self.communicator.disconnect()

    @property
    def view(self) -> dict[str, Any]:
        return self.snapshot["view"]

    @property
    def version(self) -> int:
        return self.snapshot["version"]


@database_sync_to_async
def current(slug: str) -> Table:
    return Table.objects.get(slug=slug)


async def quiet(clients: list[Client]) -> int:
    """Wait for the bots to stop moving and every client to hold the table's version."""
    await live.settle()
    version = (await current(clients[0].slug)).version
    for client in clients:
        await client.catch_up(version)
    return version


async def play(
    clients: list[Client], rng: random.Random, until: str = "round", limit: int = 3000
) -> None:
    """The people play (as bots would, from their own view) until the round ends, or the
    match (`until="match"`, saying "next round" after each round)."""
    for _ in range(limit):
        await quiet(clients)
        table = clients[0].snapshot["table"]
        view = clients[0].view
        if table["status"] == "finished" or (until == "round" and view["phase"] == "over"):
            return
        if view["phase"] == "over":
            for client in clients:
                if client.view["seat"] is not None and client.view["phase"] == "over":
                    await client.ask({"type": "next_round"})
            continue
        for client in clients:
            own = client.view
            if own["actions"]:
                seat = own["seat"]
                frame = await client.act(choose_action(own, seat, rng).to_dict())
                assert frame["type"] == "snapshot", frame
                break
        else:
            await asyncio.sleep(0.01)
    raise AssertionError("the game did not end")


def play_out(table: Table) -> Table:
    """A started table's match played to its end by the game's engine alone, every seat the
    table's own bot (games.engine.LiveGame: apply, bot_action, finish_round, deal_next),
    without writing a move; then the finished match saved in one change, as the table's last
    move saves it, and recorded in the table's league (games.recording.record_match). For the
    tests of what a finished match leaves; one whole match a game plays move by move through
    the table: tests/games/test_every_live_game.py."""
    from games.recording import record_match

    live = table.live
    match, state, results = table.match_state, table.round(), list(table.results)
    for _ in range(200_000):
        if live.phase(state) == "over":
            match, result, finished = live.finish_round(match, state)
            results.append(result)
            if finished:
                break
            state, _events = live.deal_next(match)
            continue
        position = next(iter(live.awaiting(state)), None)
        if position is None:  # a window nobody answers any more: its deadline closes it
            state, _events = live.apply(state, None, live.close_claims())
            continue
        state, _events = live.apply(state, position, live.bot_action(state, position, table.pk))
    else:
        raise AssertionError("the match did not end")
    table.match_state, table.results, table.ready = match, results, []
    table.set_round(state)
    table.status = Table.Status.FINISHED
    table.version += 1
    table.save()
    record_match(table)
    table.refresh_from_db()
    return table


def connect(table: Table, position: int) -> str:
    """The seat's player opens a socket (as the consumer records it, without one): the
    socket's channel name, to close it with `disconnect`."""
    seat = table.seats.get(position=position)
    channel = f"test.{table.slug}.{position}.{random.getrandbits(32):x}"
    table.arrive(channel, seat.user, "test-server")
    return channel


def disconnect(table: Table, channel: str) -> int | None:
    return table.depart(channel)
