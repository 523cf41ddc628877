"""A move played on the row a server process keeps (TablePlay._act_on_kept): one UPDATE, no
read, and never a move the row as stored would not have allowed."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.errors import TableError
from games.loads import forget_all, keep, seats_after_move
from games.models import Table
from games.play.errors import IllegalAction
from games.play.tiles import parse_tile
from games.snapshots import ROW_FIELDS, adopt, kept_row, load, loaded

from .conftest import first_discard, started_table

# PostgreSQL run: counts queries (one UPDATE a move).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def fields(table: Table) -> dict:
    return {name: getattr(table, name) for name in ROW_FIELDS}


def stored(table: Table) -> dict:
    return fields(Table.objects.get(pk=table.pk))


def as_the_consumer_keeps_it(table: Table) -> None:
    keep(loaded(table, seats_after_move(table)))


@pytest.fixture
def table(alice, bob):
    forget_all()
    table = started_table(alice, [bob], players=2)
    keep(load(table.slug))  # as the sockets of this process left it
    return table


def test_a_move_on_the_kept_row_reads_nothing_and_writes_one_statement(table):
    turn, discard = first_discard(table)
    version = table.version
    with CaptureQueriesContext(connection) as queries:
        table.act(turn, discard)
    statements = [q["sql"] for q in queries.captured_queries]
    (update,) = statements  # no read, no transaction's savepoint: the UPDATE alone
    assert update.startswith("UPDATE")
    assert '"updated_at" = ' in update.split("WHERE")[1]  # the moment of the last change
    fresh = Table.objects.get(pk=table.pk)
    assert fresh.version == table.version == version + 1
    assert fresh.round().seats[turn].discards[-1:] == (parse_tile(discard["card"]),)
    assert stored(table) == fields(table)


def test_the_kept_row_stays_the_row_as_stored_move_after_move(table):
    for _ in range(12):
        state = table.round()
        if state.phase.value == "over":
            break
        seat = next(s for s in range(2) if table.view(s)["actions"])
        action = table.view(seat)["actions"][0]
        table.act(seat, action)
        as_the_consumer_keeps_it(table)
        kept = kept_row(table.slug)
        assert fields(kept) == stored(table)
        assert kept.round() == Table.objects.get(pk=table.pk).round()


def test_a_row_sent_by_the_process_that_moved_is_the_row_as_stored(table):
    """Another process made the move and sent what it wrote: this one keeps the row whole
    from its own row of the version before, without reading the table."""
    before = load(table.slug)
    turn, discard = first_discard(table)
    table.act(turn, discard)
    made_there = loaded(table, seats_after_move(table))
    carried = json.loads(json.dumps(made_there.carried()))  # plain data, as Redis carries it
    forget_all()
    keep(before)
    adopt(table.slug, made_there.version, carried)
    kept = kept_row(table.slug)
    assert kept is not None
    assert fields(kept) == stored(table)
    # The next move here is played on it: the condition on the last change's moment holds
    # for the moment as it came over the channel layer.
    seat = next(s for s in range(2) if table.view(s)["actions"])
    here = Table.objects.get(pk=table.pk)
    with CaptureQueriesContext(connection) as queries:
        here.act(seat, table.view(seat)["actions"][0])
    assert [q["sql"].split()[0] for q in queries.captured_queries] == ["UPDATE"]
    assert Table.objects.get(pk=table.pk).version == made_there.version + 1


def test_a_row_two_versions_on_is_not_made_up_from_one_change(table):
    before = load(table.slug)
    turn, discard = first_discard(table)
    table.act(turn, discard)
    as_the_consumer_keeps_it(table)
    seat = next(s for s in range(2) if table.view(s)["actions"])
    table.act(seat, {"type": "pass"} if seat != turn else table.view(seat)["actions"][0])
    made_there = loaded(table, seats_after_move(table))
    forget_all()
    keep(before)  # this process missed the version in between
    adopt(table.slug, made_there.version, json.loads(json.dumps(made_there.carried())))
    assert kept_row(table.slug) is None  # the next move reads and locks the row


def test_a_move_on_a_kept_row_that_is_behind_is_played_on_the_row_as_it_is(table):
    """The process kept version V; the table is at V + 1 (a move made elsewhere). The same
    discard again is legal at V: it must be refused, as at V + 1 it is no longer that
    seat's turn to discard."""
    turn, discard = first_discard(table)
    table.act(turn, discard)  # the kept row stays at the version before
    version = table.version
    with pytest.raises(IllegalAction):
        Table.objects.get(pk=table.pk).act(turn, discard)
    fresh = Table.objects.get(pk=table.pk)
    assert fresh.version == version
    assert fresh.round().seats[turn].discards == (parse_tile(discard["card"]),)


def test_a_database_put_back_at_the_same_version_is_not_written_over(table):
    """The database now holds another round at the version the process keeps (a copy put
    back, say); the kept row would let the wrong seat discard."""
    turn, discard = first_discard(table)
    real = Table.objects.get(pk=table.pk)
    other = {**real.round_state, "turn": 1 - turn}
    Table.objects.filter(pk=table.pk).update(
        round_state=other, updated_at=real.updated_at - timedelta(hours=1)
    )
    with pytest.raises(IllegalAction):
        table.act(turn, discard)  # on the kept row, the move would be allowed
    assert Table.objects.get(pk=table.pk).round_state == other


def test_a_move_refused_on_the_kept_row_is_refused_as_before(table):
    turn, discard = first_discard(table)
    held = {parse_tile(c) for c in table.view(turn)["seats"][turn]["hand"]}
    missing = next(
        c for c in ("1b", "2b", "3b", "Rd", "Gd", "Ew", "9k") if parse_tile(c) not in held
    )
    version = table.version
    with pytest.raises(IllegalAction) as refused:
        table.act(turn, {"type": "discard", "card": missing})
    assert refused.value.code == "card_not_in_hand"
    assert Table.objects.get(pk=table.pk).version == version


def test_a_table_saved_whole_meanwhile_is_not_played_on_from_the_kept_row(table):
    """The Django admin saves the whole row without a new version (closing the table here):
    its save moves `updated_at` (auto_now), so the kept row no longer passes the condition
    and the move meets the table as it is."""
    turn, discard = first_discard(table)
    edited = Table.objects.get(pk=table.pk)
    edited.status = Table.Status.CLOSED
    edited.save()
    with pytest.raises(TableError) as refused:
        table.act(turn, discard)
    assert refused.value.code == "closed"
    assert Table.objects.get(pk=table.pk).round_state == edited.round_state
