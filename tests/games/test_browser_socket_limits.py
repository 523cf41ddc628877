"""The live table's page when the server closes its socket for a limit
(games/socket_limits.py): it says why, in words, and stops knocking.

Run with `pytest -m browser tests/games/test_browser_socket_limits.py`.
"""

from __future__ import annotations

import pytest
from django.test import override_settings
from playwright.sync_api import expect

from .test_browser_table import BrowserTableCase
from .test_browser_table import _stop_live_tasks as _stop_live_tasks  # the sync one

pytestmark = pytest.mark.browser


@override_settings(MHING_WS_SOCKETS_PER_ACCOUNT=1)
class TestTooManyTabs(BrowserTableCase):
    def test_a_tab_past_the_accounts_limit_says_so_and_the_first_stays_connected(self) -> None:
        context, first = self.signed_in("tabby")
        self.open_table(first)
        second = self.page_in(context)
        second.goto(first.url)

        status = second.locator("#live-connection")
        expect(status).to_have_text(
            "You have this table open in too many tabs or devices. Close one, then reload "
            "this page."
        )
        expect(status).to_have_attribute("data-state", "closed")
        expect(first.locator("#live-connection")).to_have_attribute("data-state", "connected")
        assert self.script_errors == []
        context.close()
