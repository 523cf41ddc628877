"""Live tables go away: the creator closes one (after confirming), and an abandoned one —
nobody's socket at it, idle 2 hours while waiting or 24 hours once playing — closes by itself
when the lobby is visited or `manage.py close_abandoned_tables` runs."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from channels.db import database_sync_to_async
from django.core.management import call_command
from django.test import Client as PageClient
from django.utils import timezone

from games.errors import TableError
from games.models import Table
from leagues.models import League, Match
from tests.clubs import shared_club

from .conftest import Client, connect, play_out, started_table

# PostgreSQL run: idle tables found by time in queries.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def page(user=None) -> PageClient:
    client = PageClient()
    if user is not None:
        client.force_login(user)
    return client


def idle_for(table: Table, hours: float) -> None:
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now() - timedelta(hours=hours))


def test_the_creator_closes_a_waiting_table_after_confirming(alice, bob):
    table = Table.create(alice, players=3)
    confirm = page(alice).get(f"/play/{table.slug}/close/")
    assert confirm.status_code == 200
    assert "nobody can sit at it any more" in confirm.content.decode()
    table.refresh_from_db()
    assert table.is_waiting  # asking closed nothing
    response = page(alice).post(f"/play/{table.slug}/close/", follow=True)
    assert response.redirect_chain[-1][0] == "/play/"
    assert f"Table {table.slug} is closed." in response.content.decode()
    table.refresh_from_db()
    assert table.is_closed
    assert table.slug not in page(bob).get("/play/").content.decode()
    with pytest.raises(TableError) as refused:
        table.take_seat(bob)
    assert refused.value.code == "closed"


def test_only_the_creator_may_close_a_table(alice, bob):
    table = Table.create(alice, players=3)
    assert page(bob).get(f"/play/{table.slug}/close/").status_code == 403
    assert page(bob).post(f"/play/{table.slug}/close/").status_code == 403
    table.refresh_from_db()
    assert table.is_waiting
    text = page(alice).get(table.get_absolute_url()).content.decode()
    assert "Close the table" in text
    assert "Close the table" not in page(bob).get(table.get_absolute_url()).content.decode()


def test_a_closed_playing_table_takes_no_move_and_records_nothing(alice, bob):
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(alice)
    table = started_table(alice, [bob], players=2, league=league)
    warning = page(alice).get(f"/play/{table.slug}/close/").content.decode()
    assert "not recorded" in warning
    page(alice).post(f"/play/{table.slug}/close/")
    table.refresh_from_db()
    assert table.is_closed and table.deadline is None
    turn = table.round().turn
    with pytest.raises(TableError) as refused:
        table.act(turn, {"type": "pass"})
    assert refused.value.code == "closed"
    assert table.bot_turns() == 0
    assert table.run_due(timezone.now() + timedelta(days=1)) is None
    assert not Match.objects.exists()


@pytest.mark.django_db(transaction=True)
async def test_players_at_a_table_being_closed_see_it_closed_with_no_moves_left(alice, bob):
    table = await database_sync_to_async(started_table)(alice, [bob], players=2)
    client = await Client(table.slug, bob).connect()
    creator = await database_sync_to_async(page)(alice)
    await database_sync_to_async(creator.post)(f"/play/{table.slug}/close/")
    frame = await client.next_of("snapshot")
    while frame["table"]["status"] != "closed":  # bots may have moved first
        assert frame["table"]["status"] == "playing"
        frame = await client.next_of("snapshot")
    assert frame["view"]["actions"] == []
    answer = await client.act({"type": "pass"})
    assert (answer["type"], answer["code"]) == ("error", "closed")
    await client.disconnect()


def test_an_abandoned_waiting_table_closes_when_the_lobby_is_visited(alice, bob):
    stale, fresh, watched = (Table.create(alice, players=3) for _ in range(3))
    idle_for(stale, 2.1)
    idle_for(fresh, 1.9)
    idle_for(watched, 5)
    connect(watched, 0)  # someone has it open: not abandoned, however long it waits
    idle_for(watched, 5)
    text = page(bob).get("/play/").content.decode()
    assert stale.slug not in text
    assert fresh.slug in text and watched.slug in text
    stale.refresh_from_db()
    assert stale.is_closed


def test_an_abandoned_playing_table_closes_after_a_day(alice, bob):
    day_old, hours_old = (started_table(alice, [bob], players=2) for _ in range(2))
    idle_for(day_old, 24.5)
    idle_for(hours_old, 23)
    out = StringIO()
    call_command("close_abandoned_tables", stdout=out)
    assert f"closed {day_old.slug}" in out.getvalue()
    assert "1 abandoned table(s) closed." in out.getvalue()
    day_old.refresh_from_db()
    hours_old.refresh_from_db()
    assert day_old.is_closed and hours_old.is_playing


def test_the_idle_limits_come_from_the_settings(alice, settings):
    settings.MHING_WAITING_TABLE_HOURS = 0.5
    table = Table.create(alice, players=3)
    idle_for(table, 0.6)
    call_command("close_abandoned_tables", stdout=StringIO())
    table.refresh_from_db()
    assert table.is_closed


def test_the_end_of_a_match_links_to_the_recorded_league_match(alice, bob):
    league = League.objects.create(club=shared_club(), name="Club", slug="club")
    league.organisers.add(alice)
    table = play_out(started_table(alice, [bob], players=2, league=league, target=1))
    summary = table.snapshot(0)["table"]
    assert summary["recorded_match_url"] == f"/leagues/club/matches/{table.recorded_match_id}/"
    text = page(alice).get(table.get_absolute_url()).content.decode()
    assert "See the match in the league" in text and "Open a new table" in text
