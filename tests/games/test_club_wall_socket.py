"""The wall's guard on the table socket: another club's organiser who opens
the socket of this club's members-only table sees neither the league nor its players, and
every frame that would change the table is refused."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from leagues.models import Club, League, Player
from tests.clubs import other_club

from .conftest import Client, first_discard, started_table


@pytest.fixture
def riverside(alice, bob):
    club = Club.create_named("Riverside club")
    league = League.objects.create(
        club=club, name="Riverside", slug="riverside", is_public=False, players_may_enter=True
    )
    league.organisers.add(alice)
    league.players.add(
        Player.objects.create(club=club, display_name="Alice A.", user=alice),
        Player.objects.create(club=club, display_name="Bruno Costa", user=bob),
    )
    return league


@pytest.fixture
def sam(carol):
    """Carol organises a league of another club."""
    League.objects.create(club=other_club(), name="Thursday", slug="thursday").organisers.add(carol)
    return carol


@pytest.mark.django_db(transaction=True)
async def test_another_clubs_organiser_reads_and_changes_nothing_on_the_socket(
    alice, bob, riverside, sam
):
    table = await database_sync_to_async(started_table)(
        alice, [bob], players=4, league=riverside, target=20
    )
    seats_before = await database_sync_to_async(
        lambda: list(table.seats.values_list("position", "user_id", "is_bot"))
    )()
    turn, discard = await database_sync_to_async(first_discard)(table)
    watcher = await Client(table.slug, sam).connect()
    seen = watcher.snapshot["table"]
    assert seen["league"] is None
    assert all(s["name"] in ("", None) or s["name"].startswith("Bot") for s in seen["seats"])
    assert "Riverside" not in str(watcher.frames) and "Bruno Costa" not in str(watcher.frames)
    for frame in (
        {"type": "action", "action": discard},
        {"type": "next_round"},
    ):
        await watcher.send(frame)
        answer = await watcher.next_of("error")
        assert answer["code"] == "not_seated", answer
    seats_after = await database_sync_to_async(
        lambda: list(table.seats.values_list("position", "user_id", "is_bot"))
    )()
    assert seats_after == seats_before
    assert "Bruno Costa" not in str(watcher.frames)
    await watcher.disconnect()
