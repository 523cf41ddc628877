"""Every game in the live registry (games.registry) through the same cases, by the shared shell
alone: the deal, an illegal move refused with a clear error, a claim, a reconnect that gets
the snapshot, a watcher who sees no concealed card, and a bot-only match recorded in the
league. A game added to the registry is checked here without a line of this file changed.

What the cases read of a game's view is the part every view has (games.engine.LiveGame.view):
`phase`, `actions` (dicts with a `type`; a claim is any answer but "pass"), and `seats`,
each with its `hand` (None when hidden) and `drawn`."""

from __future__ import annotations

from datetime import date

import pytest
from channels.db import database_sync_to_async

from games import registry
from games.models import Table
from leagues.models import League, Match
from tests.clubs import shared_club

from .conftest import Client, connect, current, quiet

GAMES = [game.key for game in registry.live_games()]

# What makes a whole match short, so a bot-only match stays cheap: the table's settings
# (Mhing: the first win ends it), the league's (Mah-Jongg: three players, nine games, not
# sixteen). A game named in neither plays its defaults.
SHORT_TABLE = {"mhing": {"target": 1}}
SHORT_LEAGUE = {"mahjongg": {"mahjongg_profile": {"players": 3}}}


def test_the_registry_has_the_games_played_live():
    assert set(GAMES) >= {"mhing", "mahjongg"}


@pytest.fixture(params=GAMES)
def game(request) -> str:
    return request.param


@pytest.fixture
def dave(django_user_model):
    return django_user_model.objects.create_user("dave")


@pytest.fixture
def people(alice, bob, carol, dave):
    return [alice, bob, carol, dave]


def people_table(game: str, people) -> Table:
    """A started table of four people, each with a socket open (so no bot plays for them)."""
    table = Table.create(people[0], game=game)
    for user in people[1:]:
        table.take_seat(user)
    table.start(people[0])
    table.refresh_from_db()
    for position in range(table.players):
        connect(table, position)
    return table


def on_turn(table: Table) -> int:
    return table.live.on_turn(table.round())


def own_position(view: dict) -> int | None:
    """The viewer's table position: Mah-Jongg's views say it as `player` (their `seat` is a
    wind), Mhing's as `seat`."""
    return view.get("player", view["seat"])


# -- the deal ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_it_deals_a_round_in_which_only_the_player_on_turn_may_act(game, people):
    table = people_table(game, people)
    assert table.is_playing and table.version > 1
    assert table.live.phase(table.round()) == "discard"
    turn = on_turn(table)
    for position in range(table.players):
        view = table.snapshot(position)["view"]
        assert view["phase"] == "discard"
        assert view["seats"][0]["hand_count"] > 0
        assert bool(view["actions"]) == (position == turn), position
    assert table.match_state is not None and table.results == []


# -- an illegal move ----------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_a_move_out_of_turn_is_refused_with_a_sentence_and_nothing_changes(game, people):
    table = await database_sync_to_async(people_table)(game, people)
    turn = await database_sync_to_async(on_turn)(table)
    other = (turn + 1) % table.players
    move = (await database_sync_to_async(table.view)(turn))["actions"][0]
    client = await Client(table.slug, people[other]).connect()
    await quiet([client])
    before = await current(table.slug)
    frame = await client.act(move)
    assert (frame["type"], frame["code"], frame["reason"]) == ("error", "illegal", "not_your_turn")
    assert frame["message"] == "It is not your turn."
    after = await current(table.slug)
    assert (after.version, after.round_state) == (before.version, before.round_state)
    frame = await client.act({"type": "no_such_move"})
    assert (frame["code"], frame["reason"]) == ("malformed", "malformed_action")
    assert frame["message"].startswith("That is not an action the game knows")
    await client.disconnect()


# -- a claim -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_claim_on_a_discard_is_played_and_told_to_everyone(game, people):
    table = people_table(game, people)
    live = table.live
    for _ in range(5000):
        state = table.round()
        phase = live.phase(state)
        if phase == "over":
            table.run_due(table.deadline)  # the next round, after the pause
            continue
        waiting = list(live.awaiting(state))
        claimer = next((p for p in waiting if phase == "claims" and _claims(table.view(p))), None)
        if claimer is None:
            position = waiting[0]
            table.act(position, live.bot_action(state, position, table.pk))
            continue
        claim = _claims(table.view(claimer))[0]
        table.act(claimer, claim)
        for position in waiting:
            if position != claimer and live.phase(table.round()) == "claims":
                table.act(position, {"type": "pass"})
        if live.phase(table.round()) == "claims":
            table.run_due(table.deadline)
        told = [
            event["all"]
            for change in table.recent_events
            for event in change["events"]
            if event["all"]["type"] == "claimed"
        ]
        assert [own_position(e) for e in told] == [claimer], (claim, told)
        return
    raise AssertionError("nobody could claim a discard")


def _claims(view: dict) -> list[dict]:
    return [action for action in view["actions"] if action["type"] != "pass"]


# -- reconnecting -------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_a_player_who_reconnects_gets_the_snapshot_of_what_they_missed(game, people):
    table = await database_sync_to_async(people_table)(game, people)
    turn = await database_sync_to_async(on_turn)(table)
    client = await Client(table.slug, people[turn]).connect()
    await quiet([client])
    seen = client.version
    await client.disconnect()
    move = client.view["actions"][0]
    await database_sync_to_async(table.act)(turn, move)  # played while away (another tab)
    again = await Client(table.slug, people[turn]).connect()
    assert again.frames[0]["type"] == "snapshot"
    assert again.version == seen + 1
    assert own_position(again.view) == turn
    assert len([s for s in again.view["seats"] if s["hand"] is not None]) == 1  # their own
    await again.disconnect()


# -- a watcher ---------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_a_watcher_sees_no_concealed_card_and_has_no_move(game, people):
    table = await database_sync_to_async(people_table)(game, people)
    player = await Client(table.slug, people[0]).connect()
    watcher = await Client(table.slug).connect()
    await quiet([player, watcher])
    shown = [s for s in player.view["seats"] if s["hand"] is not None]
    assert len(shown) == 1  # the check can fail: the player's own hand is there
    view = watcher.view
    assert view["phase"] != "over" and view["actions"] == []
    assert all(s["hand"] is None and s["drawn"] is None for s in view["seats"])
    assert all(s["hand_count"] > 0 for s in view["seats"])
    for hand in (s["hand"] for s in shown):
        assert str(hand)[1:-1] not in str(watcher.snapshot)
    await player.disconnect()
    await watcher.disconnect()


# -- a bot-only match, recorded -----------------------------------------------------------------


@pytest.mark.django_db
def test_a_match_of_bots_alone_is_recorded_in_the_league(game, alice):
    league = League.objects.create(
        club=shared_club(),
        name=f"Live {game}",
        slug=f"live-{game}",
        season_start=date(2026, 9, 1),
        game=game,
        **SHORT_LEAGUE.get(game, {}),
    )
    league.organisers.add(alice)
    table = Table.create(alice, game=game, league=league, sit=False, **SHORT_TABLE.get(game, {}))
    table.fill_with_bots(alice)
    table.start(alice)
    for _ in range(20000):
        table.bot_turns()
        table.refresh_from_db()
        if table.is_finished:
            break
        if table.round_state["phase"] == "over":
            table.run_due(table.deadline)
    assert table.is_finished
    match = Match.objects.get(pk=table.recorded_match_id)
    assert match.league == league and match.game == game
    assert getattr(match, match.kind.played).count() == len(table.results) > 0
