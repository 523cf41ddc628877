"""Presence from live sockets (games.presence, games.table_attendance): a seat is connected
while its player has a socket row that its server renews; a dead server's rows expire and
any running process sweeps them and tells the table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import presence
from games.models import TablePresence

from .conftest import connect, disconnect, started_table

# PostgreSQL run: expiry of rows by time, compared in queries.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def connected(table) -> list[bool]:
    return [seat.connected for seat in table.seat_list()]


def test_a_seat_is_connected_while_its_player_has_a_socket_and_two_tabs_count_once(alice, bob):
    table = started_table(alice, [bob], players=3)
    first = connect(table, 1)
    version = table.version
    second = connect(table, 1)  # a second tab: nobody sees a change
    assert table.version == version
    assert connected(table) == [False, True, False]
    disconnect(table, first)
    assert connected(table) == [False, True, False]
    assert table.version == version
    disconnect(table, second)
    assert connected(table) == [False, False, False]
    assert table.version == version + 1


def test_a_watchers_socket_changes_nothing_anyone_sees(alice, bob, carol):
    table = started_table(alice, [bob], players=3)
    version = table.version
    table.arrive("watcher-channel", carol, "server-x")
    assert table.version == version
    assert table.depart("watcher-channel") is None


def test_a_dead_servers_sockets_expire_and_the_seat_is_announced_away(alice, bob, settings):
    settings.MHING_PRESENCE_TTL = 20
    table = started_table(alice, [bob], players=3)
    connect(table, 0)
    table.arrive("dead-server-socket", bob, "dead-server")
    table.refresh_from_db()
    assert connected(table) == [True, True, False]
    # The dead server stopped renewing half a minute ago; seat 0's socket is fresh.
    TablePresence.objects.filter(server="dead-server").update(
        seen_at=timezone.now() - timedelta(seconds=30)
    )
    version = table.version
    changed = presence.renew_and_sweep()  # what each heartbeat does
    assert changed == [(table.slug, version + 1)]
    table.refresh_from_db()
    assert connected(table) == [True, False, False]
    assert not TablePresence.objects.filter(server="dead-server").exists()
    assert presence.renew_and_sweep() == []  # nothing more to sweep


def test_rows_not_yet_expired_stay(alice, bob, settings):
    settings.MHING_PRESENCE_TTL = 20
    table = started_table(alice, [bob], players=3)
    table.arrive("slow-server-socket", bob, "slow-server")
    TablePresence.objects.update(seen_at=timezone.now() - timedelta(seconds=10))
    assert presence.renew_and_sweep() == []
    assert connected(table) == [False, True, False]


def test_a_process_renews_its_own_sockets_and_puts_back_any_swept_while_it_stalled(alice, bob):
    table = started_table(alice, [bob], players=3)
    table.arrive("mine", bob, presence.SERVER)
    presence._held["mine"] = (table.slug, table.pk, bob.pk)  # as hold() does, loop aside
    try:
        old = timezone.now() - timedelta(seconds=5)
        TablePresence.objects.update(seen_at=old)
        presence.renew_and_sweep()
        assert TablePresence.objects.get(channel_name="mine").seen_at > old
        # Another process took this one for dead and swept its row.
        TablePresence.objects.all().delete()
        table.refresh_from_db()
        version = table.version
        assert presence.renew_and_sweep() == [(table.slug, version + 1)]
        assert connected(table) == [False, True, False]
    finally:
        presence.release("mine")
