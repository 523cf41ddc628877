"""A move played on the row a server process keeps (TablePlay._act_on_kept): one UPDATE, no
read, and never a move the row as stored would not have allowed. The cases with a
`game_table` run for every live game (games.registry); the others on a Mhing table."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import consumers, registry
from games.errors import TableError
from games.loads import forget_all, keep, seats_after_move
from games.models import Table
from games.play.errors import IllegalAction
from games.play.tiles import parse_tile
from games.snapshots import ROW_FIELDS, adopt, kept_row, load, loaded

from .conftest import connect, first_discard, started_table

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


@pytest.fixture(params=[game.key for game in registry.live_games()])
def game_table(request, alice, bob):
    """A started table of each live game: alice and bob at it, the bots in the other seats
    played until one of them must act, kept by this process."""
    forget_all()
    table = Table.create(alice, game=request.param)
    table.take_seat(bob)
    table.fill_with_bots(alice)
    table.start(alice)
    connect(table, 0)
    connect(table, 1)
    table.bot_turns()
    table.refresh_from_db()
    keep(load(table.slug))  # as the sockets of this process left it
    return table


def a_move(table: Table, bots_too: bool = False) -> tuple[int, dict] | None:
    """A person's seat with a move to make (or a bot's: `bots_too`), and the first move its
    view offers."""
    for seat in table.seat_list():
        if seat.is_bot and not bots_too:
            continue
        actions = table.view(seat.position)["actions"]
        if actions:
            return seat.position, actions[0]
    return None


def test_a_move_on_the_kept_row_reads_nothing_and_writes_one_statement(game_table):
    table = game_table
    position, action = a_move(table)
    version, before = table.version, table.round()
    with CaptureQueriesContext(connection) as queries:
        table.act(position, action)
    statements = [q["sql"] for q in queries.captured_queries]
    (update,) = statements  # no read, no transaction's savepoint: the UPDATE alone
    assert update.startswith("UPDATE")
    assert '"updated_at" = ' in update.split("WHERE")[1]  # the moment of the last change
    fresh = Table.objects.get(pk=table.pk)
    assert fresh.version == table.version == version + 1
    assert fresh.round() == table.round() != before
    assert stored(table) == fields(table)


def test_a_move_as_a_socket_makes_it_reads_nothing_either(game_table, alice, bob):
    """The socket's move (games.consumers._act) starts from the table's id, slug and game
    only: asking the game of a table built without it was one SELECT a move."""
    table = game_table
    position, action = a_move(table)
    user_id = {0: alice.pk, 1: bob.pk}[position]
    known = (table.pk, table.slug, table.game)
    with CaptureQueriesContext(connection) as queries:
        version, _pending = consumers._act.__wrapped__(known, position, user_id, action)
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    assert reads == []
    assert version == Table.objects.get(pk=table.pk).version == table.version + 1


def test_the_kept_row_stays_the_row_as_stored_move_after_move(game_table):
    table = game_table
    moves = 0
    while moves < 30:
        found = a_move(table, bots_too=True)  # a bot's answers too, as a move
        if found is None or table.live.phase(table.round()) == "over":
            break
        table.act(*found)
        as_the_consumer_keeps_it(table)
        kept = kept_row(table.slug)
        assert fields(kept) == stored(table)
        assert kept.round() == Table.objects.get(pk=table.pk).round()
        moves += 1
    assert moves >= 12  # discards, draws and answers to their windows


def test_a_claim_with_no_discard_open_is_refused_on_the_kept_row_and_changes_nothing(game_table):
    table = game_table
    live = table.live
    for _ in range(50):  # the people pass until one of them is to discard
        state = table.round()
        if live.phase(state) == "discard":
            break
        if live.phase(state) == "over":
            table.run_due(table.deadline)
        for position in [p for p in live.awaiting(state) if p in (0, 1)]:  # alice, bob
            table.act(position, {"type": "pass"})
        table.bot_turns()
    turn = live.on_turn(table.round())
    keep(load(table.slug))  # as the sockets of this process left it
    before = stored(table)
    with pytest.raises(IllegalAction) as refused:
        table.act(turn, {"type": "pass"})
    assert refused.value.code == "no_claim_window"
    assert stored(table) == before


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
