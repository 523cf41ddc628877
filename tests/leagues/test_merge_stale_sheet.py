"""A match page read while two players are merged (leagues.models.merge): the seats and the
rounds are two reads, and the merge moves the player's seats and rounds between them. The
page must show the match as after the merge, never a server error (seen once as a 500 in the
merge race of tests/faults/test_concurrent_club_season.py)."""

# ruff: noqa: F811  (the demo fixtures are imported from the merge tests and named as arguments)
from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.kinds.mhing import sheet
from leagues.models import Match, RoundEntry
from leagues.models.merge import merge_players

from .test_organiser_merge import apart, demo, demo_client  # noqa: F401 (fixtures)

# PostgreSQL run: a merge's locking and reads.
pytestmark = pytest.mark.postgres

SMALL_HAND = "123b 456b 789b 123c 55k"


@pytest.mark.django_db
def test_a_match_page_read_across_a_merge_shows_the_match_as_merged(
    demo_client,
    demo,
    monkeypatch,
):
    merged, kept = apart(demo)
    other = demo.players.exclude(pk__in=[merged.pk, kept.pk]).first()
    organiser = demo.organisers.first()
    match = Match.begin(
        demo, [merged, other], first_dealer=0, by=organiser, rules={"target": 10**6}
    )
    match.record_round(RoundEntry(winner=merged, hand=SMALL_HAND))
    seats_as_read = sheet._seats

    def seats_then_the_merge(match):
        seats = seats_as_read(match)
        if not getattr(seats_then_the_merge, "done", False):
            seats_then_the_merge.done = True  # the merge commits right after the first read
            merge_players(demo, merged, kept, organiser)
        return seats

    monkeypatch.setattr(sheet, "_seats", seats_then_the_merge)
    response = demo_client.get(reverse("leagues:match", args=[demo.slug, match.pk]))
    assert response.status_code == 200
    # The sheet seats the player kept (the history still tells what was entered then).
    seats = [seat.player for seat in response.context["sheet"].seats]
    assert kept in seats and merged.pk not in {p.pk for p in seats}
