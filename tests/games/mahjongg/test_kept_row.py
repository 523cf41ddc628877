"""A Mah-Jongg claim refused on the row a server process keeps changes nothing (the
kept row's other cases, for every game: tests/games/test_kept_row.py)."""

from __future__ import annotations

import pytest

from games.loads import forget_all, keep
from games.models import Table
from games.play.errors import IllegalAction
from games.snapshots import ROW_FIELDS, load

from .helpers import mahjongg_table

# PostgreSQL run: the move meets the kept row's conditional UPDATE.
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
