"""A Mah-Jongg move played on the row a server process keeps, as a Mhing move is
(TablePlay._act_on_kept, tests/games/test_kept_row.py): one UPDATE, no locked read, and the
row as stored move after move (MAHJONGG.md §6: draw, discard, the claim window's answers)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.loads import forget_all, keep, seats_after_move
from games.models import Table
from games.play.errors import IllegalAction
from games.snapshots import ROW_FIELDS, kept_row, load, loaded

from .helpers import mahjongg_table

# PostgreSQL run: counts queries (one UPDATE a move).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def fields(table: Table) -> dict:
    return {name: getattr(table, name) for name in ROW_FIELDS}


@pytest.fixture
def table(alice, bob):
    forget_all()
    table = mahjongg_table(alice, [bob], claim_timeout=60)
    keep(load(table.slug))  # as the sockets of this process left it
    return table


def a_person_to_move(table: Table, bots_too: bool = False) -> tuple[int, dict] | None:
    """A person's seat with a move to make (or a bot's: `bots_too`), and the first move its
    view offers."""
    for seat in table.seat_list():
        if seat.is_bot and not bots_too:
            continue
        actions = table.view(seat.position)["actions"]
        if actions:
            return seat.position, actions[0]
    return None


def test_a_mahjongg_move_on_the_kept_row_reads_nothing_and_writes_one_statement(table):
    table.bot_turns()  # the bots' moves, until one of the people must act
    kept_as_played = load(table.slug)
    keep(kept_as_played)
    position, action = a_person_to_move(table)
    version = table.version
    with CaptureQueriesContext(connection) as queries:
        table.act(position, action)
    statements = [q["sql"] for q in queries.captured_queries]
    (update,) = statements  # no locked read, no transaction: the UPDATE alone
    assert update.startswith("UPDATE")
    fresh = Table.objects.get(pk=table.pk)
    assert fresh.version == table.version == version + 1
    assert fields(fresh) == fields(table)


def test_the_kept_row_stays_the_mahjongg_row_as_stored_move_after_move(table):
    moves = 0
    while moves < 30:
        found = a_person_to_move(table, bots_too=True)  # a bot's answers too, as a move
        if found is None or table.round().phase.value == "over":
            break
        table.act(*found)
        keep(loaded(table, seats_after_move(table)))  # as the consumer keeps it
        kept = kept_row(table.slug)
        fresh = Table.objects.get(pk=table.pk)
        assert fields(kept) == fields(fresh)
        assert kept.round() == fresh.round()
        moves += 1
    assert moves == 30  # discards, draws and every answer to their windows


def test_a_mahjongg_claim_with_no_discard_open_is_refused_and_changes_nothing(table):
    table.bot_turns()
    position, _action = a_person_to_move(table)
    if table.round().phase.value == "claims":  # a window open: make the next turn come
        table.act(position, _action)
        table.bot_turns()
        position, _action = a_person_to_move(table)
    stored = fields(Table.objects.get(pk=table.pk))
    with pytest.raises(IllegalAction):
        table.act(position, {"type": "claim_pon"})
    assert fields(Table.objects.get(pk=table.pk)) == stored
