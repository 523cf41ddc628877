"""The table page across a server restart, in a real browser: the server is killed
(SIGKILL) under an open table page, the page says it is reconnecting, and once the server
listens again on the same port the page is connected within 10 s and shows the table as the
database holds it. A real daphne process on a SQLite file; the page's own script
(static/js/table.js) does the reconnecting.

Run with `pytest -m browser tests/games/test_browser_restart.py`.
"""

from __future__ import annotations

import os
import signal
import time

import pytest
from playwright.sync_api import Browser, expect

from .servers import daphne_command, migrate, prepare_tables, running, sqlite_env

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def _stop_live_tasks() -> None:
    """Replaces the package's async clean-up: the tables run in the daphne process here."""


def test_the_page_of_a_restarted_server_is_back_within_10_s(tmp_path, browser: Browser):
    env = sqlite_env(tmp_path)
    env["MHING_TURN_TIMEOUT"] = "600"  # no idle-turn bot: the table stays as it was
    migrate(env)
    table = prepare_tables(env, 1, 2)[0]
    log = tmp_path / "daphne.log"
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    try:
        with running(daphne_command, env, log) as (port, process):
            origin = f"http://127.0.0.1:{port}"
            name, value = table["seats"][0]["cookie"].split("=", 1)
            context.add_cookies([{"name": name, "value": value, "url": origin}])
            page = context.new_page()
            page.goto(f"{origin}/play/{table['slug']}/")
            connection = page.locator("#live-connection")
            expect(connection).to_have_attribute("data-state", "connected")
            hand = page.locator("#live-hand li")
            expect(hand.first).to_be_visible()
            cards = hand.count()
            assert cards >= 13

            os.kill(process.pid, signal.SIGKILL)
            process.wait()
            expect(connection).to_have_attribute("data-state", "reconnecting")
            expect(connection).to_contain_text("Connection lost: trying again in")
            # Down long enough for the page's pauses to grow, as in a real restart.
            page.wait_for_timeout(3000)

        with running(daphne_command, env, log, append=True, port=port):
            back = time.monotonic()
            expect(connection).to_have_attribute("data-state", "connected", timeout=10_000)
            assert time.monotonic() - back <= 10
            expect(connection).to_have_text("Connected")
            # The table again, as it was: the same hand, the seat shown as connected.
            expect(hand).to_have_count(cards)
            expect(page.locator("#live-own")).to_be_visible()
    finally:
        context.close()
    assert "Traceback" not in log.read_text()
