"""The round entry page says what is asked and whose deal it was: the
picker is the winner's hand, the round's dealer is named, and once someone else's save has
ended the match the page stops offering "Enter round N"."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.models import Match

from .conftest import BIG_HAND, win
from .round_forms import entry, words

pytestmark = pytest.mark.django_db


def new_url(match: Match) -> str:
    return f"/leagues/{match.league.slug}/matches/{match.pk}/rounds/new/"


def test_the_picker_is_the_winners_hand_and_the_dealer_is_named(
    organiser_client, match, players, organiser
):
    match.record_round(win(players[1]), by=organiser)
    text = words(organiser_client.get(new_url(match)))
    assert "Winner's hand" in text and "Your hand" not in text
    assert "Enter round 2" in text
    assert f"Dealer of this round: {match.dealer_of(2).display_name}" in text
    correction = words(organiser_client.get(new_url(match).replace("new", "1/edit")))
    assert f"Dealer of this round: {match.rounds.get(number=1).dealer.display_name}" in correction


def test_a_save_that_ended_the_match_meanwhile_stops_the_round_offer(
    organiser_client, league, players, organiser
):
    match = Match.begin(
        league, players[:2], first_dealer=0, played_on=date(2026, 11, 3), rules={"target": 100}
    )
    match.record_round(win(players[0]), by=organiser)
    form = entry(match, players[1])  # loaded for round 2 ...
    match.record_round(win(players[0], BIG_HAND), by=organiser)  # ... which ends the match
    text = words(organiser_client.post(new_url(match), form))
    assert "The match is over" in text
    assert "Enter round" not in text
    assert "Dealer of this round" not in text
    assert match.rounds.count() == 2
    assert "Enter round" not in words(organiser_client.get(new_url(match)))
