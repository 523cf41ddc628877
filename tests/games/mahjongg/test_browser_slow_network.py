"""A Mah-Jongg table on a 390 px phone over a slow network (Chrome DevTools' throttling:
300 ms before each answer, 50 kB/s each way), against the live server with bots in the other
seats: a discard and a claim tapped twice reach the table once, the claim window's countdown
is shown, and nothing shows twice (the page's own discards and sets are the server's).

Run with `pytest -m browser tests/games/mahjongg/test_browser_slow_network.py`.
"""

from __future__ import annotations

import json
import os
import re
import time
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from games.models import Table
from scoring.mahjongg.profile import Profile

from ..test_browser_table import BrowserTableCase

pytestmark = pytest.mark.browser

SLOW = {"offline": False, "latency": 300, "downloadThroughput": 50_000, "uploadThroughput": 50_000}
CLAIMS = ("claim_mahjongg", "claim_kan", "claim_pon", "claim_chi")
OWN = ".live-seat.is-own"
SEED = int(os.environ.get("MJ_SLOW_SEED", "2"))

# One look at Alice's buttons: the claim offered, if any (the test taps it as a thumb does);
# else Pass (noting the countdown shown beside it) or else a discard of the drawn tile is
# tapped here, in the same task, so no frame can come between what was seen and the tap.
STEP = """({ claims, discard }) => {
  const enabled = (selector) => [...document.querySelectorAll(selector)].find((b) => !b.disabled);
  const claim = claims.find((kind) => enabled(`#live-actions button[data-action="${kind}"]`));
  if (claim) return { claim, tapped: null, countdown: null };
  const pass = enabled('#live-actions button[data-action="pass"]');
  if (pass) {
    const label = document.getElementById("mj-countdown");
    const countdown = label && label.checkVisibility() ? label.textContent : "";
    pass.click();
    return { claim: null, tapped: "pass", countdown };
  }
  const drawn = enabled(discard);
  if (drawn) drawn.click();
  return { claim: null, tapped: drawn ? "discard" : null, countdown: null };
}"""


@pytest.fixture(autouse=True)
def _stop_live_tasks() -> None:
    """The bots and timers run in the server's process (see tests/games/test_browser_table)."""


def tap_twice(page: Page, selector: str) -> None:
    """A tap, and a second one on the same spot while the first is on its way (as an
    impatient thumb), whatever the page shows there by then."""
    # The page redraws its buttons with every frame (another seat passing, say): a real
    # thumb taps the spot whatever button stands there now, so measure it again if the one
    # found was replaced meanwhile.
    for _ in range(5):
        try:
            button = page.locator(selector).first
            button.scroll_into_view_if_needed(timeout=5_000)
            box = button.bounding_box()
        except PlaywrightError:
            continue
        if box is not None:
            break
    else:
        raise AssertionError(f"{selector} never stood still long enough to tap")
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(100)
    page.mouse.click(x, y)


class TestAMahjonggTableOnASlowPhone(BrowserTableCase):
    def own_counts(self, page: Page) -> tuple[int, int]:
        """The page's own discards and sets."""
        discards = page.locator(f"{OWN} .mj-discards svg").count()
        return discards, page.locator(f"{OWN} .mj-sets li").count()

    def server_counts(self, slug: str) -> tuple[int, int]:
        view = Table.objects.get(slug=slug).snapshot(0)["view"]
        seat = view["seats"][view["seat"]]
        return len(seat["discards"]), len(seat["melds"])

    def test_a_discard_and_a_claim_tapped_twice_reach_the_table_once(self) -> None:
        context, page = self.signed_in("alice")
        alice = get_user_model().objects.get(username="alice")
        # A long claim window: on this network the page needs time to answer.
        table = Table.create(alice, game="mahjongg", rules=Profile(), claim_timeout=60)
        table.fill_with_bots(alice)
        # A deal in which a claim comes Alice's way (the bots' play is seeded by the deal):
        # a deal left to chance offered her none in about one game of three.
        with mock.patch("games.table_lobby.secrets.randbits", return_value=SEED):
            table.start(alice)
        sent: list[dict] = []
        errors: list[dict] = []

        def watch(socket) -> None:
            socket.on("framesent", lambda payload: sent.append(json.loads(payload)))
            socket.on(
                "framereceived",
                lambda payload: (
                    errors.append(frame)
                    if (frame := json.loads(payload))["type"] == "error"
                    else None
                ),
            )

        page.on("websocket", watch)
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", SLOW)
        try:
            page.goto(f"{self.live_server_url}{table.get_absolute_url()}")
            # Alice sits East and deals: her first move is a discard.
            discard = '#live-drawn button[data-action="discard"]'
            expect(page.locator(f"{discard}:enabled")).to_be_visible(timeout=30_000)
            tap_twice(page, discard)
            expect(page.locator(discard)).to_have_count(0, timeout=30_000)  # the table took it
            discards = [f for f in sent if f["type"] == "action"]
            assert [f["action"]["type"] for f in discards] == ["discard"], sent

            claimed = None
            countdowns: list[str] = []
            # Until the game's scores show (or a claim is offered): bounded by time, not by a
            # count of turns, which a busy machine used up before the game was over.
            deadline = time.monotonic() + 240
            while time.monotonic() < deadline:
                if page.locator("#live-result:not([hidden]) .mj-scores").count():
                    break
                # Read the buttons and tap Pass in one go, inside the page: read and tapped
                # apart, a frame that opened a claim between the two had its claim passed.
                step = page.evaluate(STEP, {"claims": CLAIMS, "discard": discard})
                if step["countdown"] is not None:
                    countdowns.append(step["countdown"])
                if step["claim"] is not None:
                    kind = step["claim"]
                    before = len(sent)
                    tap_twice(page, f'#live-actions button[data-action="{kind}"]')
                    expect(page.locator(f"{OWN} .mj-sets li")).to_have_count(1, timeout=30_000)
                    claimed = [f for f in sent[before:] if f["type"] == "action"]
                    break
                if step["tapped"] is None:
                    page.wait_for_timeout(200)
            # Each claim window Alice passed showed its countdown ("Claims close in 58 s").
            assert countdowns and all(re.search(r"\d+ s", text) for text in countdowns), countdowns
            assert claimed is not None, "no claim was offered in a whole game"
            assert [f["action"]["type"] for f in claimed] == [kind], claimed
            # Her turn after the claim: the table waits for her, so page and server agree.
            expect(
                page.locator(
                    f"{discard}:enabled, #live-hand button[data-action=discard]:enabled"
                ).first
            ).to_be_visible(timeout=30_000)
            assert self.own_counts(page) == self.server_counts(table.slug)
            assert errors == []  # no second move refused as out of turn
            assert self.script_errors == []
        finally:
            context.close()
