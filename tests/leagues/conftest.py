"""A small league for the league tests, seating the `member` persona (tests/conftest.py)."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from leagues.models import League, Match, Player, RoundEntry
from tests.clubs import shared_club

# RULES.md §3 worked example: 17 credits, 512 points.
BIG_HAND = "567b 567b 678b 789b 99b"
# Four plain sequences in three suits and a pair.
SMALL_HAND = "123c 456b 789k 234c 55k"


@pytest.fixture
def players(member):
    names = ["Pia", "Quentin", "Rosa", "Sven"]
    made = [Player.objects.create(club=shared_club(), display_name=name) for name in names]
    made[0].user = member
    made[0].save()
    return made


@pytest.fixture
def league(organiser):
    league = League.objects.create(
        club=shared_club(), name="Tuesday Club", slug="tuesday", season_start=date(2026, 9, 1)
    )
    league.organisers.add(organiser)
    return league


@pytest.fixture
def match(league, players, organiser):
    return Match.begin(league, players, first_dealer=0, by=organiser)


def win(winner, hand=SMALL_HAND, discarder=None) -> RoundEntry:
    if discarder is None:
        return RoundEntry(winner=winner, win_type="self_draw", hand=hand)
    return RoundEntry(winner=winner, win_type="discard", discarder=discarder, hand=hand)


@pytest.fixture
def organiser_client(client: Client, organiser) -> Client:
    client.force_login(organiser)
    return client
