"""A tap on the live table counts once: after a discard, the page waits for the server's
answer to it before offering a move again, even when another snapshot comes first.

Such a snapshot is real: one made before the discard was applied (another player connecting,
say) still shows the card in hand and the discard buttons. The page used to take any
snapshot as the answer, so a second tap sent a second discard, which the server refused
("a claim window is open"); the load generator hit the same race (docs/live_protocol.md).

Playwright stands in for the server (tests/games/live_pages.py), so the test decides which
frames the page gets and when. Run with
`pytest -m browser tests/games/test_browser_one_action_in_flight.py`.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, WebSocketRoute, expect

from .live_pages import sign_in, started_table

pytestmark = pytest.mark.browser

DISCARD = '#live-hand button[data-action="discard"]'


@pytest.fixture(autouse=True)
def _stop_live_tasks() -> None:
    """Replaces the package's async clean-up: nothing runs in the background here, and an
    asyncio fixture cannot run beside playwright's event loop."""


def my_turn_to_discard(user):
    """A table where it is `user`'s (seat 0's) turn to discard."""
    table = started_table(user)
    for _ in range(200):
        table.bot_turns()
        table.refresh_from_db()
        if any(a["type"] == "discard" for a in table.view(0)["actions"]):
            return table
        table.act(0, next(a for a in table.view(0)["actions"] if a["type"] == "pass"))
    raise AssertionError("seat 0 never had a card to discard")


class FakeServer:
    """The table's socket: the snapshot on opening, then only what the test sends."""

    def __init__(self, snapshot: dict[str, Any]) -> None:
        self.snapshot = snapshot
        self.received: list[dict[str, Any]] = []
        self.socket: WebSocketRoute | None = None

    def route(self, socket: WebSocketRoute) -> None:
        self.socket = socket
        socket.on_message(lambda text: self.received.append(json.loads(text)))
        socket.send(json.dumps(self.snapshot))

    def send(self, **changes: Any) -> None:
        self.socket.send(json.dumps({**self.snapshot, **changes}))


def test_a_snapshot_older_than_the_discard_does_not_offer_the_move_again(
    transactional_db, live_server, browser: Browser, member
) -> None:
    table = my_turn_to_discard(member)
    server = FakeServer(table.snapshot(0))
    context = browser.new_context()
    sign_in(context, member, live_server.url)
    page = context.new_page()
    try:
        page.route_web_socket(re.compile(r"/ws/tables/"), server.route)
        page.goto(live_server.url + reverse("games:table", args=[table.slug]))
        buttons = page.locator(DISCARD)
        expect(buttons.first).to_be_enabled()

        buttons.first.click()
        expect(buttons.first).to_be_disabled()
        (action,) = [frame for frame in server.received if frame["type"] == "action"]
        assert action["action"]["type"] == "discard", action

        # A newer version made before the discard was applied: the same hand and buttons,
        # and a change elsewhere (here a seat's name) to see that the page drew it.
        seats = [dict(seat) for seat in server.snapshot["table"]["seats"]]
        seats[1]["name"] = "Renamed meanwhile"
        table_part = {**server.snapshot["table"], "seats": seats}
        server.send(version=table.version + 1, table=table_part)
        expect(page.get_by_text("Renamed meanwhile").first).to_be_visible()
        expect(buttons.first).to_be_disabled()
        buttons.first.click(force=True)  # a second tap: nothing is sent
        page.wait_for_timeout(200)
        assert [f["type"] for f in server.received].count("action") == 1, server.received

        # The answer to the discard: the page offers moves again.
        server.send(version=table.version + 2, table=table_part, reply_to=action.get("id"))
        expect(buttons.first).to_be_enabled()
    finally:
        context.close()
