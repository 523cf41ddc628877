"""The blank score sheet of a match: what a table writes its rounds on
when it keeps paper as a backup. Printing it is tested in test_browser_print.py."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from leagues.models import Match

from .conftest import win


def blank_url(match: Match) -> str:
    return reverse("leagues:blank_sheet", args=[match.league.slug, match.pk])


def rows(page: str) -> list[str]:
    body = page.split('id="blank-sheet"')[1].split("<tbody>")[1].split("</tbody>")[0]
    return [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip()
        for row in re.split(r"<tr[^>]*>", body)[1:]
    ]


@pytest.mark.django_db
def test_the_match_page_links_to_its_blank_sheet(client, match):
    page = client.get(match.get_absolute_url()).content.decode()
    assert f'href="{blank_url(match)}"' in page
    assert "Print a blank sheet" in page


@pytest.mark.django_db
def test_it_has_the_league_date_players_in_seat_order_and_the_first_dealer(client, league, players):
    match = Match.begin(league, players, first_dealer=2, rules={"target": 300})
    response = client.get(blank_url(match))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Tuesday Club" in page
    assert match.played_on.strftime("%Y") in page
    head = page.split('id="blank-sheet"')[1].split("</thead>")[0]
    positions = [head.index(name) for name in ("Pia", "Quentin", "Rosa", "Sven")]
    assert positions == sorted(positions)
    assert "Rosa (seat 3) deals first" in re.sub(r"\s+", " ", page)
    assert "target 300 points" in page
    lines = rows(page)
    assert lines[0] == "Start 0 0 0 0"
    # 30 numbered rows; the deal passes left from Rosa, round after round.
    assert [line.split(" ")[:2] for line in lines[1:5]] == [
        ["1", "Rosa"],
        ["2", "Sven"],
        ["3", "Pia"],
        ["4", "Quentin"],
    ]
    assert len(lines) == 31 and lines[-1].startswith("30 ")


@pytest.mark.django_db
def test_a_running_match_goes_on_from_its_totals(client, match, players):
    match.record_round(win(players[1]))
    totals = [seat.total for seat in match.seats.order_by("position")]
    lines = rows(client.get(blank_url(match)).content.decode())
    assert lines[0] == "Totals after 1 round " + " ".join(map(str, totals))
    assert lines[1].split(" ")[:2] == ["2", "Quentin"]


@pytest.mark.django_db
def test_a_chips_match_has_a_row_per_round_left(client, league, players):
    match = Match.begin(
        league, players[:3], first_dealer=0, rules={"variant": "chips", "round_limit": 8}
    )
    page = client.get(blank_url(match)).content.decode()
    lines = rows(page)
    assert lines[0] == "Chips at the start 500 500 500"
    assert len(lines) == 1 + 8
    assert "everyone starts with 500 chips" in page


@pytest.mark.django_db
def test_members_only_leagues_keep_their_blank_sheets_too(client, outsider, match):
    match.league.is_public = False
    match.league.save()
    client.force_login(outsider)
    assert client.get(blank_url(match)).status_code == 403
