"""The live table's page in a browser without a websocket server: a table played through
the model (as tests/games/test_table_model.py does) and its real snapshot handed to the page
by Playwright in place of the server. For tests of what the page draws (layout,
accessibility); tests/games/test_browser_table.py plays against a real server.

pytest-django's `live_server` serves the pages (it speaks no websockets, hence the stand-in).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from django.conf import settings
from django.test import Client
from playwright.sync_api import BrowserContext, Page

from games.models import Table
from games.play.bots import choose_action


def started_table(user, players: int = 4) -> Table:
    """`user` at seat 0, bots in the other seats, round 1 dealt, `user` connected (so the
    bots play, as they do while a person is at the table)."""
    table = Table.create(user, players=players)
    table.fill_with_bots(user)
    table.start(user)
    table.refresh_from_db()
    table.arrive(f"test.{table.slug}.0", user, "test-server")
    return table


def round_over(user, combinations: int = 3, seed: int = 1) -> Table:
    """A table whose round has just been won with at least `combinations` scoring rows, the
    result box's fullest usual case. `user` plays seat 0 as a bot would."""
    table = started_table(user)
    rng = random.Random(seed)
    for _ in range(5000):
        table.bot_turns()
        table.refresh_from_db()
        view = table.view(0)
        if view["phase"] == "over":
            outcome = view["outcome"]
            if outcome["result"] == "win" and len(outcome["score"]["combinations"]) >= combinations:
                return table
            table.run_due(table.deadline)  # deal the next round
            continue
        if view["actions"]:
            table.act(0, choose_action(view, 0, rng).to_dict())
    raise AssertionError(f"no round won with {combinations} combinations")


def sign_in(context: BrowserContext, user, url: str) -> None:
    """The browser context carries `user`'s session cookie for the live server at `url`."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": url}])


# A table page's socket, as Playwright routes it.
TABLE_SOCKET = re.compile(r"/ws/tables/")


def serve_snapshot(page: Page, snapshot: dict[str, Any]) -> None:
    """The page's table socket receives `snapshot` when it opens, and nothing more."""
    page.route_web_socket(TABLE_SOCKET, lambda ws: ws.send(json.dumps(snapshot)))
