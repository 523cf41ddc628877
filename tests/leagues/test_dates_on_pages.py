"""Dates and times on the league pages: one format per page, the reader's language's
(not "11/23/2026 11:19 p.m." beside "Nov. 23, 2026"; French "1 septembre")."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest
from django.test import Client

from leagues.models import RoundChange

from .conftest import win

# PostgreSQL run: dates and time zones.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def text(client: Client, url: str, language: str = "en") -> str:
    client.cookies["django_language"] = language
    return " ".join(re.sub(r"<[^>]+>", " ", client.get(url).content.decode()).split())


def test_french_says_the_first_of_the_month_as_the_first(client, league):
    assert "1er septembre 2026" in text(client, league.get_absolute_url(), "fr")
    assert "1er septembre 2026" in text(client, "/leagues/", "fr")
    assert "1. September 2026" in text(client, league.get_absolute_url(), "de")


def test_the_history_gives_the_moment_as_the_pages_date_and_the_locales_time(
    organiser_client, match, players, organiser
):
    match.record_round(win(players[1]), by=organiser)
    RoundChange.objects.update(at=datetime(2026, 11, 23, 23, 19, tzinfo=UTC))
    page = text(organiser_client, match.get_absolute_url())
    assert "Nov. 23, 2026, 11:19 p.m." in page
    assert "11/23/2026" not in page


def test_the_player_page_writes_every_date_one_way(client, match, players, organiser):
    match.played_on = date(2026, 10, 3)
    match.save()
    match.record_round(win(players[0]), by=organiser)
    page = text(client, players[0].get_absolute_url())
    assert "Oct. 3, 2026" in page
    assert not re.search(r"\b\d{1,2}/\d{1,2}/\d{4}\b", page)  # no short dates beside them
