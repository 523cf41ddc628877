"""A Mah-Jongg league and match for the tests (docs/mahjongg_leagues.md)."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.models import League, Match
from scoring.mahjongg.match import GameEntry
from tests.clubs import shared_club

CALLER = "123b 456b 789b 234c 55k win=5k by=wall"  # East: 96; any other seat: 48
OTHER = "[777c] 999b 23b 1k 4k 6k Rd Wd"  # 10
DRAGONS = "[RdRdRd] 2b 3b 4b 6c 7c 9c 9c Ew Sw Nw"  # 8
PLAIN = "2b 5b 8b 1c 4c 8c 3k 6k 9k Ew Sw Ww Gd"  # 0
OTHER2 = "[888c] 111b 45b 2k 3k 7k Nw Wd"  # 10
# All five together hold no fifth copy of a tile (MAHJONGG.md §1.1): any four are a game.


def win(caller: int, players: int = 4) -> GameEntry:
    hands = [OTHER, DRAGONS, PLAIN, OTHER2][:players]
    hands[caller] = CALLER
    return GameEntry(caller, tuple(hands))


@pytest.fixture
def mj_league(organiser):
    league = League.objects.create(
        club=shared_club(),
        name="Dragon Club",
        slug="dragons",
        game="mahjongg",
        season_start=date(2026, 9, 1),
    )
    league.organisers.add(organiser)
    return league


@pytest.fixture
def mj_match(mj_league, players, organiser):
    return Match.begin(mj_league, players, by=organiser)
