"""Bar `offline-entry` (issue 36 part 1): a phone at a club night with no network. The
demo's organiser opens a round entry online, the network goes, the page still opens, a
round saved there waits on the phone, survives a reload, and reaches the server once when
the network is back, and only once however often the network comes and goes.

Run with `pytest -m browser tests/leagues/test_browser_offline_entry.py`.
"""

from __future__ import annotations

import re
import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from leagues import demo
from leagues.models import EntryReceipt, Match, Round, RoundEntry
from leagues.models.league import GameChoice
from tests.games.live_pages import sign_in
from tests.layout import PHONE

pytestmark = pytest.mark.browser

HAND = "123c 456b 789k 234c 55k"
ENTRY = re.compile(r"/rounds/new/")  # the form posts to its address, query and all


def running_mhing_match() -> Match:
    demo.load()
    return Match.objects.filter(game=GameChoice.MHING, status=Match.Status.RUNNING).first()


def organiser_phone(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport=PHONE, has_touch=True)
    sign_in(context, get_user_model().objects.get(username=demo.ORGANISER), url)
    return context.new_page()


def rounds_within(match: Match, count: int, seconds: float) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if Round.objects.filter(match=match).count() >= count:
            break
        time.sleep(0.25)
    return Round.objects.filter(match=match).count()


def kept_for_offline(page: Page) -> None:
    """Wait until the service worker is active (it answers the next visit) and the page
    is kept."""
    kept = "async () => Boolean((await navigator.serviceWorker.getRegistration())?.active"
    kept += " && await caches.match(location.pathname))"
    deadline = time.monotonic() + 15
    while not page.evaluate(kept):
        assert time.monotonic() < deadline, "the page was not kept for offline use"
        time.sleep(0.2)


def test_a_round_saved_offline_reaches_the_server_once_when_the_network_is_back(
    transactional_db, live_server, browser: Browser
) -> None:
    match = running_mhing_match()
    assert match is not None
    before = match.rounds.count()
    winner = match.seated_players()[1].display_name
    page = organiser_phone(browser, live_server.url)
    context = page.context
    url = live_server.url + f"/leagues/{match.league.slug}/matches/{match.pk}/rounds/new/"
    try:
        page.goto(url)
        kept_for_offline(page)

        context.set_offline(True)
        page.reload()
        expect(page.locator("#round-form")).to_be_visible()  # the page as kept
        expect(page.locator("#outbox-network")).to_contain_text("No network")
        page.get_by_role("radio", name=winner, exact=True).check()
        page.locator("#picker-notation").fill(HAND)
        page.locator("#save-round").click()
        waiting = page.locator("#outbox-list li[data-state=waiting]")
        expect(waiting).to_have_count(1)
        expect(waiting).to_contain_text("Waiting for the network")
        expect(waiting).to_contain_text(f"Round {before + 1}: {winner}")

        page.reload()  # still offline: the entry is still on the phone
        expect(page.locator("#round-form")).to_be_visible()
        expect(waiting).to_have_count(1)
        # The form is for the round after the kept one, dealt by the next player.
        expect(page.locator("main h1")).to_have_text(f"Enter round {before + 2}")
        expect(page.locator(".round-dealer strong")).to_have_text(
            match.dealer_of(before + 2).display_name
        )
        assert Round.objects.filter(match=match).count() == before

        context.set_offline(False)
        assert rounds_within(match, before + 1, 20) == before + 1
        confirmed = page.locator("#outbox-list li[data-state=confirmed]")
        expect(confirmed).to_contain_text(f"Round {before + 1} is saved.")

        # Offline again, and the answer as if it never came (the tab closed while the
        # entry was on its way): going online sends it again; the server knows its id.
        context.set_offline(True)
        page.evaluate(
            """async () => {
                const [entry] = await window.MhingOutbox.all();
                await window.MhingOutbox.put({ ...entry, state: "sent" });
            }"""
        )
        page.reload()
        expect(page.locator("#outbox-list li[data-state=sent]")).to_have_count(1)
        context.set_offline(False)
        expect(confirmed).to_contain_text(f"Round {before + 1} is saved.")
        assert Round.objects.filter(match=match).count() == before + 1
        assert EntryReceipt.objects.filter(match=match).count() == 1
        assert match.rounds.get(number=before + 1).winner.display_name == winner
    finally:
        context.close()


def saved_offline(page: Page, url: str, winner: str, hand: str) -> None:
    """Open the entry page online, lose the network, save a round on the kept page."""
    page.goto(url)
    kept_for_offline(page)
    page.context.set_offline(True)
    page.reload()
    page.get_by_role("radio", name=winner, exact=True).check()
    page.locator("#picker-notation").fill(hand)
    page.locator("#save-round").click()
    expect(page.locator("#outbox-list li[data-state=waiting]")).to_have_count(1)


def test_a_round_another_phone_entered_meanwhile_is_held_and_the_organiser_keeps_it(
    transactional_db, live_server, browser: Browser
) -> None:
    match = running_mhing_match()
    before = match.rounds.count()
    seated = match.seated_players()
    page = organiser_phone(browser, live_server.url)
    url = live_server.url + f"/leagues/{match.league.slug}/matches/{match.pk}/rounds/new/"
    try:
        saved_offline(page, url, seated[2].display_name, HAND)
        # Meanwhile another phone, online, enters the same round.
        match.record_round(RoundEntry(winner=seated[0], hand=HAND), by=None)

        page.context.set_offline(False)
        held = page.locator("#outbox-list li[data-state=held]")
        expect(held).to_contain_text("Held for the organiser")
        expect(held).to_contain_text(f"held on the match page beside round {before + 1}")
        assert match.rounds.count() == before + 1

        page.goto(live_server.url + match.get_absolute_url())
        choice = page.locator("#held-entries")
        expect(choice).to_contain_text(f"Round {before + 1} as a phone sent it: {seated[2]}")
        expect(choice).to_contain_text(f"Round {before + 1} on the sheet now: {seated[0]}")
        choice.get_by_role("button", name="Keep this one instead").click()
        expect(page.locator(".messages")).to_contain_text("now reads as the phone sent it")
        assert match.rounds.count() == before + 1
        assert match.rounds.get(number=before + 1).winner == seated[2]
    finally:
        page.context.close()


def test_a_refused_entry_stays_on_the_phone_with_why_and_what_to_do(
    transactional_db, live_server, browser: Browser
) -> None:
    match = running_mhing_match()
    before = match.rounds.count()
    page = organiser_phone(browser, live_server.url)
    url = live_server.url + f"/leagues/{match.league.slug}/matches/{match.pk}/rounds/new/"
    try:
        saved_offline(page, url, match.seated_players()[1].display_name, "123c")

        page.context.set_offline(False)
        refused = page.locator("#outbox-list li[data-state=refused]")
        expect(refused).to_contain_text("Refused")
        expect(refused).to_contain_text("Nothing was saved. Open the entry page")
        page.reload()  # kept until the person removes it
        expect(refused).to_have_count(1)
        refused.get_by_role("button", name="Remove from the list").click()
        expect(refused).to_have_count(0)
        assert match.rounds.count() == before
    finally:
        page.context.close()


def test_a_round_whose_sending_fails_on_the_way_is_kept_and_sent_later(
    transactional_db, live_server, browser: Browser
) -> None:
    """The phone thinks it is online, but the request dies on the way (a dead spot in the
    room): the service worker keeps the entry instead of showing an error page."""
    match = running_mhing_match()
    before = match.rounds.count()
    winner = match.seated_players()[3].display_name
    page = organiser_phone(browser, live_server.url)
    context = page.context
    url = live_server.url + f"/leagues/{match.league.slug}/matches/{match.pk}/rounds/new/"

    def dead_spot(route) -> None:
        if route.request.method == "POST":
            route.abort("internetdisconnected")
        else:
            route.continue_()

    try:
        page.goto(url)
        kept_for_offline(page)
        page.reload()  # now the service worker's page
        context.route(ENTRY, dead_spot)
        page.get_by_role("radio", name=winner, exact=True).check()
        page.locator("#picker-notation").fill(HAND)
        page.locator("#save-round").click()
        # Kept on the phone, not an error page. The kept page tries to send it at once and
        # fails again, so it shows as sent, then waiting: either is the round kept.
        kept = page.locator("#outbox-list li")
        expect(kept).to_contain_text(f"Round {before + 1}: {winner}")
        assert match.rounds.count() == before

        context.unroute(ENTRY, dead_spot)
        page.get_by_role("button", name="Send now").click()
        expect(page.locator("#outbox-list li[data-state=confirmed]")).to_have_count(1)
        assert match.rounds.count() == before + 1
    finally:
        context.close()


def test_signing_out_forgets_the_kept_pages(
    transactional_db, live_server, browser: Browser
) -> None:
    match = running_mhing_match()
    page = organiser_phone(browser, live_server.url)
    url = live_server.url + f"/leagues/{match.league.slug}/matches/{match.pk}/rounds/new/"
    try:
        page.goto(url)
        kept_for_offline(page)
        page.reload()
        page.get_by_text("Menu").click()
        page.get_by_role("button", name="Sign out").click()
        page.wait_for_url(live_server.url + "/")
        gone = "async (path) => !(await caches.match(path))"
        assert page.evaluate(gone, f"/leagues/{match.league.slug}/matches/{match.pk}/rounds/new/")
    finally:
        page.context.close()


def test_the_match_page_sends_the_kept_rounds_too_but_only_its_own_sign_ins(
    transactional_db, live_server, browser: Browser
) -> None:
    match = running_mhing_match()
    before = match.rounds.count()
    page = organiser_phone(browser, live_server.url)
    url = live_server.url + f"/leagues/{match.league.slug}/matches/{match.pk}/rounds/new/"
    try:
        page.goto(live_server.url + match.get_absolute_url())
        kept_for_offline(page)  # the match page is kept too
        saved_offline(page, url, match.seated_players()[0].display_name, HAND)
        # A round kept on this phone by someone signed in before.
        page.evaluate(
            """async () => {
                const [mine] = await window.MhingOutbox.all();
                const id = window.MhingOutbox.newId();
                const fields = mine.fields.map(([k, v]) => [k, k === "entry_id" ? id : v]);
                await window.MhingOutbox.put({ ...mine, id, fields, user: "someone", created: 1 });
            }"""
        )
        page.goto(live_server.url + match.get_absolute_url())  # still offline: as kept
        expect(page.locator("#outbox-list li[data-state=waiting]")).to_have_count(2)

        page.context.set_offline(False)
        expect(page.locator("#outbox-list li[data-state=confirmed]")).to_have_count(1)
        others = page.locator("#outbox-list li[data-state=waiting]")
        expect(others).to_contain_text("Made under another sign-in")
        assert match.rounds.count() == before + 1
    finally:
        page.context.close()
