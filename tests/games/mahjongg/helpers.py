"""Mah-Jongg tables and their sockets for the live-play tests of what only Mah-Jongg has, and
what a frame must not show a Mah-Jongg player (tests/games/test_every_live_game.py checks
every game alike)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from games.models import Table
from games.play.mahjongg.bots import choose_action
from scoring.mahjongg.profile import Profile

from ..conftest import Client, quiet


def mahjongg_table(creator, others=(), rules: Profile | None = None, **settings: Any) -> Table:
    """A started Mah-Jongg table: the creator at seat 0, `others` next, bots in the rest."""
    table = Table.create(creator, game="mahjongg", rules=rules or Profile(), **settings)
    for user in others:
        table.take_seat(user)
    table.fill_with_bots(creator)
    table.start(creator)
    table.refresh_from_db()
    return table


def concealed_leaks(frame: dict, own: int | None) -> list[str]:
    """Everything in a frame that shows a tile hidden from the player at position `own`."""
    leaks = []
    if frame["type"] == "snapshot" and frame["view"] is not None:
        view = frame["view"]
        for seat in view["seats"]:
            if seat["player"] == own:
                continue
            if view["phase"] != "over" and seat["hand"] is not None:
                leaks.append(f"hand of player {seat['player']}")
            if seat["drawn"] is not None:
                leaks.append(f"drawn tile of player {seat['player']}")
        claims = view["claims"]
        if claims and own is None and claims["your_answer"] is not None:
            leaks.append("an answer shown to a spectator")
    if frame["type"] == "events":
        for event in frame["events"]:
            if event.get("player") == own and own is not None:
                continue
            if event["type"] == "drew" and "tile" in event:
                leaks.append(f"tile drawn by player {event.get('player')}")
            if event["type"] == "answered" and "answer" in event:
                leaks.append(f"answer of player {event.get('player')}")
    text = str(frame)
    for secret in ("'seed'", "'concealed': [", "'front'", "'back'"):  # the state's keys
        if secret in text:
            leaks.append(secret)
    return leaks


async def play(clients: list[Client], rng: random.Random, until: str = "game") -> None:
    """The people play from their own views, as the Mah-Jongg bot would, until the game
    ends (or the match: `until="match"`, each saying next_round after every game)."""
    for _ in range(4000):
        await quiet(clients)
        table = clients[0].snapshot["table"]
        view = clients[0].view
        if table["status"] == "finished" or (until == "game" and view["phase"] == "over"):
            return
        if view["phase"] == "over":
            for client in clients:
                if client.view["player"] is not None and client.view["phase"] == "over":
                    await client.ask({"type": "next_round"})
            continue
        for client in clients:
            own = client.view
            if own["actions"]:
                frame = await client.act(choose_action(own, own["seat"], rng).to_dict())
                assert frame["type"] == "snapshot", frame
                break
        else:
            await asyncio.sleep(0.01)
    raise AssertionError("the game did not end")
