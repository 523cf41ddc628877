"""Naming a club from a league's settings: its organisers only, a name required,
the change kept in the league's history."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.models import LeagueEvent

pytestmark = pytest.mark.django_db


def url(league):
    return reverse("leagues:club_name", args=[league.slug])


def test_an_organiser_names_the_club(organiser_client, league):
    response = organiser_client.post(url(league), {"name": "  Mahjong  Altona "})

    assert response.status_code == 302
    league.club.refresh_from_db()
    assert league.club.name == "Mahjong Altona"
    event = league.events.get(action=LeagueEvent.Action.CLUB_RENAMED)
    assert event.details["new"] == "Mahjong Altona"
    history = organiser_client.get(reverse("leagues:league_history", args=[league.slug]))
    assert "Mahjong Altona" in history.content.decode()


def test_an_empty_name_is_refused_and_changes_nothing(organiser_client, league):
    before = league.club.name
    response = organiser_client.post(url(league), {"name": "   "})

    assert response.status_code == 200
    league.club.refresh_from_db()
    assert league.club.name == before and not league.events.exists()


@pytest.mark.parametrize("who", ["member", "outsider"])
def test_others_cannot_name_it(client, request, league, who):
    client.force_login(request.getfixturevalue(who))
    before = league.club.name
    response = client.post(url(league), {"name": "Hijacked"})

    assert response.status_code in (403, 404)
    league.club.refresh_from_db()
    assert league.club.name == before
