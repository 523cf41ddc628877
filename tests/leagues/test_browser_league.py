"""A league evening in a real browser: an organiser signs in, starts a match, enters three
rounds by clicking cards (watching the live preview), corrects one, and sees the standings on
the league home follow."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SMALL = "1c 2c 3c 4b 5b 6b 7k 8k 9k 2c 3c 4c 5k 5k"  # 2 credits, 4 points
ONE_SUIT = "1b 2b 3b 4b 5b 6b 7b 8b 9b 2b 2b 1b 1b 1b"  # 12 credits, 128 points
WITH_JOKER = "1c 2c 3c 1c 2c 3c 9b 9b Rd Rd Rd 5b J 7b"  # 4 credits, 16 points


def pick(page, cards: str) -> None:
    """Click the cards one by one, each time waiting for the card to show in the hand."""
    for count, code in enumerate(cards.split(), start=1):
        page.click(f"#picker-pick-{code}")
        page.wait_for_function(
            "count => document.querySelector('#picker-hand .picker-count')"
            "?.textContent.trim().startsWith(`${count} of 14`)",
            arg=count,
        )


def standing_points(page, name: str) -> str:
    """A player's figure in the standings' "Points" column."""
    return page.evaluate(
        """name => {
            const table = document.querySelector("#standings table");
            const headers = [...table.tHead.rows[0].cells].map(c => c.textContent.trim());
            const column = headers.findIndex(h => h.replace(/[▲▼]/, "").trim() === "Points");
            const row = [...table.tBodies[0].rows]
                .find(r => r.cells[1].textContent.trim() === name);
            return row.cells[column].textContent.trim();
        }""",
        name,
    )


def enter_round(page, winner: str, cards: str, credits: str, points: str, discarder=None):
    page.click("#enter-round")
    page.get_by_role("radio", name=winner, exact=True).check()
    if discarder:
        page.get_by_role("radio", name="By discard").check()
        page.select_option("#id_discarder", label=discarder)
    pick(page, cards)
    # The hand shows each card at once; the preview follows when the server has scored it.
    preview = page.locator("#round-preview")
    expect(preview).to_contain_text(f"{credits} credits")
    expect(preview).to_contain_text(f"{points} points")
    page.click("#save-round")
    page.wait_for_selector("#sheet-table")


def test_an_organiser_keeps_a_match_and_the_standings_follow(
    transactional_db, live_server, page, league, players, organiser
) -> None:
    league.players.add(*players[:2])
    base = live_server.url

    page.goto(f"{base}{reverse('login')}")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "pw-olga")
    page.click("form.stack button[type=submit]")
    page.wait_for_url(re.compile(r".*/$"))

    page.goto(f"{base}{reverse('leagues:league', args=[league.slug])}")
    page.click("text=Start a match")
    page.select_option("#id_seat1_player", label="Pia")
    page.select_option("#id_seat2_player", label="Quentin")
    page.fill("#id_seat3_name", "Ursula")
    page.select_option("#id_first_dealer", label="Seat 1")
    page.click("#start-match")
    page.wait_for_selector("#score-sheet")
    assert "The match has begun." in page.inner_text(".messages")

    enter_round(page, "Quentin", SMALL, "2", "4")
    assert "Round 1 saved: Quentin wins 4 points." in page.inner_text(".messages")
    # The preview saved nothing until Save: one round on the sheet.
    assert page.locator("#sheet-table thead th[id^=round-]").count() == 1

    enter_round(page, "Ursula", ONE_SUIT, "12", "128", discarder="Pia")
    enter_round(page, "Pia", WITH_JOKER, "4", "16")
    assert page.locator("#sheet-table thead th[id^=round-]").count() == 3
    totals = page.locator("#match-players tbody tr")
    assert [totals.nth(i).inner_text().split("\t")[1:3] for i in range(3)] == [
        ["Pia", "16"],
        ["Quentin", "4"],
        ["Ursula", "128"],
    ]
    assert "Pia's discard" in page.inner_text("#sheet-table")

    page.goto(f"{base}{reverse('leagues:league', args=[league.slug])}")
    assert standing_points(page, "Quentin") == "4"

    # Round 1 was really Quentin's straight in bamboo: correct it.
    page.go_back()
    page.click("text=Correct round 1")
    assert page.get_by_role("radio", name="Quentin", exact=True).is_checked()
    assert "4 points" in page.inner_text("#round-preview")
    page.click("#picker-clear")
    page.wait_for_function(
        "document.querySelector('#picker-hand .picker-count')?.textContent.trim()"
        ".startsWith('0 of 14')"
    )
    pick(page, ONE_SUIT)
    expect(page.locator("#round-preview")).to_contain_text("128 points")
    page.click("#save-round")
    page.wait_for_selector("#sheet-table")
    assert "Round 1 corrected" in page.inner_text(".messages")
    assert "Round 1 corrected" in page.inner_text("#history")

    page.goto(f"{base}{reverse('leagues:league', args=[league.slug])}")
    assert standing_points(page, "Quentin") == "128"
    assert standing_points(page, "Ursula") == "128"
    assert standing_points(page, "Pia") == "16"
