"""The Table model's methods, as the lobby and the consumer use them."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError

from games.errors import TableError
from games.models import Table
from games.play.bots import choose_action
from games.play.errors import IllegalAction, MalformedAction
from leagues.models import League
from tests.clubs import shared_club

from .conftest import connect, disconnect, started_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(alice):
    league = League.objects.create(
        club=shared_club(),
        name="Tuesday Club",
        slug="tuesday",
        rules={"target": 200, "variant": "chips"},
    )
    league.organisers.add(alice)
    return league


def test_a_new_table_waits_with_its_creator_in_the_first_seat(alice):
    table = Table.create(alice, players=3)
    assert table.is_waiting
    assert len(table.slug) == 8
    seats = table.seat_list()
    assert [(s.position, s.user, s.name) for s in seats] == [
        (0, alice, "alice"),
        (1, None, ""),
        (2, None, ""),
    ]
    assert (table.rules, table.claim_timeout) == ({"target": 500, "variant": "points"}, 8)


def test_a_league_table_takes_the_leagues_target_and_variant(alice, league):
    table = Table.create(alice, players=4, league=league)
    assert (table.rules, table.league) == ({"target": 200, "variant": "chips"}, league)


def test_only_who_may_enter_the_leagues_rounds_opens_a_table_for_it(bob, league):
    with pytest.raises(TableError) as error:
        Table.create(bob, league=league)
    assert error.value.code == "not_allowed"
    league.players_may_enter = True
    league.save()
    league.players.create(club=league.club, display_name="Bob B.", user=bob)
    assert Table.create(bob, league=league).league == league


def test_chips_for_five_players_are_refused_with_the_reason(alice):
    with pytest.raises(TableError, match="2 to 4 players") as error:
        Table.create(alice, players=5, variant="chips")
    assert error.value.code == "bad_settings"
    assert not Table.objects.exists()


@pytest.mark.parametrize(
    "settings_", [{"players": 7}, {"players": 1}, {"claim_timeout": 0}, {"target": 0}]
)
def test_settings_out_of_range_are_refused(alice, settings_):
    with pytest.raises(ValidationError):
        Table.create(alice, **settings_)
    assert not Table.objects.exists()


def test_people_take_the_free_seats_and_no_seat_twice(alice, bob, carol):
    table = Table.create(alice, players=3)
    assert table.take_seat(bob).position == 1
    with pytest.raises(TableError) as error:
        table.take_seat(carol, 1)
    assert error.value.code == "seat_taken"
    with pytest.raises(TableError) as error:
        table.take_seat(bob, 2)
    assert error.value.code == "already_seated"
    with pytest.raises(TableError) as error:
        table.take_seat(carol, 9)
    assert error.value.code == "no_such_seat"
    with pytest.raises(TableError) as error:
        table.take_seat(AnonymousUser())
    assert error.value.code == "not_signed_in"
    assert table.take_seat(carol).position == 2
    assert table.seat_of(carol).position == 2


def test_every_seat_change_is_a_new_version(alice, bob):
    table = Table.create(alice, players=2)
    version = table.version
    table.take_seat(bob)
    assert table.version == version + 1
    table.leave_seat(bob)
    assert table.version == version + 2
    assert table.seat_of(bob) is None
    with pytest.raises(TableError) as error:
        table.leave_seat(bob)
    assert error.value.code == "not_seated"


def test_only_the_tables_creator_fills_seats_with_bots_and_starts(alice, bob):
    table = Table.create(alice, players=3)
    table.take_seat(bob)
    with pytest.raises(TableError) as error:
        table.fill_with_bots(bob)
    assert error.value.code == "not_allowed"
    with pytest.raises(TableError) as error:
        table.start(alice)
    assert error.value.code == "seats_empty"
    assert table.fill_with_bots(alice) == 1
    assert [s.name for s in table.seat_list()] == ["alice", "bob", "Bot 3"]
    with pytest.raises(TableError) as error:
        table.start(bob)
    assert error.value.code == "not_allowed"
    table.start(alice)
    assert table.is_playing
    assert table.match_state["players"] == 3
    assert table.round().players == 3
    with pytest.raises(TableError) as error:
        table.take_seat(bob)
    assert error.value.code == "not_waiting"


def test_actions_before_the_start_are_refused(alice):
    table = Table.create(alice, players=2)
    with pytest.raises(TableError) as error:
        table.act(0, {"type": "pass"})
    assert error.value.code == "not_started"


def test_a_refused_action_changes_neither_state_nor_version(alice, bob):
    table = started_table(alice, [bob], players=2)
    connect(table, 0)
    connect(table, 1)
    before = Table.objects.get(pk=table.pk)
    turn = before.round().turn
    with pytest.raises(IllegalAction):
        table.act(
            1 - turn,
            {"type": "discard", "card": before.view(1 - turn)["seats"][1 - turn]["hand"][0]},
        )
    with pytest.raises(MalformedAction):
        table.act(turn, {"type": "discard", "card": "99x"})
    with pytest.raises(IllegalAction):
        table.act(None, {"type": "pass"})
    after = Table.objects.get(pk=table.pk)
    assert (after.version, after.round_state) == (before.version, before.round_state)


def test_an_action_stores_its_events_per_viewer(alice, bob):
    table = started_table(alice, [bob], players=2)
    connect(table, 0)
    connect(table, 1)
    turn = table.round().turn
    card = next(a for a in table.view(turn)["actions"] if a["type"] == "discard")["card"]
    version, events = table.act(turn, {"type": "discard", "card": card})
    assert table.version == version
    last = table.recent_events[-1]
    assert last["version"] == version
    assert last["events"][0] == {"all": {"type": "discarded", "seat": turn, "card": card}}


def test_bots_play_until_a_connected_person_must_act(alice, bob):
    table = started_table(alice, [bob], players=4)
    connect(table, 0)
    connect(table, 1)
    table.bot_turns()
    table.refresh_from_db()
    state = table.round()
    from games.play.round import awaiting

    assert set(awaiting(state)) & {0, 1}
    assert table.pending_bot() is None


def test_a_disconnected_persons_turns_go_to_the_bot(alice, bob):
    table = started_table(alice, [bob], players=2)
    connect(table, 0)
    rng = random.Random(1)
    for _ in range(40):
        table.bot_turns()
        table.refresh_from_db()
        view = table.view(0)
        if view["phase"] == "over":
            break
        table.act(0, choose_action(view, 0, rng))
    events = [e["all"] for change in table.recent_events for e in change["events"]]
    assert any(e.get("seat") == 1 and e["type"] in ("discarded", "answered") for e in events)


def test_nobody_plays_for_people_who_are_all_away(alice, bob):
    table = started_table(alice, [bob], players=4)
    assert table.bot_turns() == 0
    channel = connect(table, 1)
    disconnect(table, channel)
    assert table.bot_turns() == 0


def test_the_snapshot_of_a_spectator_shows_no_hand_and_no_seed(alice, bob):
    table = started_table(alice, [bob], players=4)
    snapshot = table.snapshot(None)
    assert all(s["hand"] is None for s in snapshot["view"]["seats"])
    assert "seed" not in str(snapshot)
    assert snapshot["table"]["match"]["round"] == 1
    assert snapshot["table"]["match"]["totals"] == [0, 0, 0, 0]
