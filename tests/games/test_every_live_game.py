"""Every game in the live registry (games.registry) through the same cases, by the shared shell
alone: the deal and each player's snapshot of it, no frame of a whole round showing anyone a
card hidden from them, an illegal move refused with a clear error, a claim, the turn's and the
claim window's deadlines, a reconnect that gets the snapshot, a watcher who sees no concealed
card and may not move, and a whole match of a person and bots recorded in the league, after
which the table takes no move (the one whole match a game plays through the table in the
tests; other finished matches are played by the engine, conftest.play_out). A game added to
the registry is checked here without a line of this file changed.

What the cases read of a game's view is the part every view has (games.engine.LiveGame.view):
`phase`, `actions` (dicts with a `type`; a claim is any answer but "pass"), and `seats`,
each with its `hand` (None when hidden) and `drawn`."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from channels.db import database_sync_to_async

from games import registry
from games.models import Table
from leagues.models import League, Match
from tests.clubs import shared_club

from .conftest import Client, connect, current, quiet

GAMES = [game.key for game in registry.live_games()]

# What makes a whole match short, so the recorded match stays cheap: the table's settings
# (Mhing: the first win ends it), the league's (Mah-Jongg: three players, nine games, not
# sixteen). A game named in neither plays its defaults.
SHORT_TABLE = {"mhing": {"target": 1}}
SHORT_LEAGUE = {"mahjongg": {"rules": {"players": 3}}}


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


def position_of(seat_or_event: dict) -> int | None:
    """The table position a view's seat or an event names (Mah-Jongg's `player`, whose
    `seat` is a wind; Mhing's `seat`)."""
    return seat_or_event.get("player", seat_or_event.get("seat"))


# The keys of a game's stored round state that hold what nobody may be sent (its wall, its
# seed, concealed hands), as they would show in a frame's text.
STATE_SECRETS = {
    "mhing": ("'wall'", "'seed'", "'concealed'", "'just_drawn'"),
    "mahjongg": ("'seed'", "'concealed': [", "'front'", "'back'"),
}


def concealed_leaks(game: str, frame: dict, own: int | None) -> list[str]:
    """Everything in a frame that shows a card hidden from the player at position `own`
    (None: a watcher)."""
    leaks = []
    if frame["type"] == "snapshot" and frame["view"] is not None:
        view = frame["view"]
        for seat in view["seats"]:
            if position_of(seat) == own:
                continue
            if view["phase"] != "over" and seat["hand"] is not None:
                leaks.append(f"hand of {position_of(seat)}")
            if seat["drawn"] is not None:
                leaks.append(f"drawn card of {position_of(seat)}")
        claims = view.get("claims")
        if claims and own is None and claims["your_answer"] is not None:
            leaks.append("an answer shown to a watcher")
    if frame["type"] == "events":
        for event in frame["events"]:
            if own is not None and position_of(event) == own:
                continue
            if event["type"] == "drew" and ("card" in event or "tile" in event):
                leaks.append(f"card drawn by {position_of(event)}")
            if event["type"] == "answered" and "answer" in event:
                leaks.append(f"answer of {position_of(event)}")
    text = str(frame)
    leaks.extend(secret for secret in STATE_SECRETS.get(game, ("'seed'",)) if secret in text)
    return leaks


async def play_round(clients: list[Client]) -> None:
    """The people play the round to its end, each move the table's own bot's choice for
    their seat (bots play the empty seats)."""
    for _ in range(3000):
        await quiet(clients)
        if clients[0].view["phase"] == "over":
            return
        row = await current(clients[0].slug)
        state = row.round()
        client = next((c for c in clients if c.view["actions"]), None)
        if client is None:
            continue
        position = own_position(client.view)
        action = row.live.bot_action(state, position, row.pk).to_dict()
        frame = await client.act(action)
        assert frame["type"] == "snapshot", frame
    raise AssertionError("the round did not end")


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


@pytest.mark.django_db(transaction=True)
async def test_a_players_socket_is_sent_a_snapshot_of_their_seat_on_connect(game, people):
    table = await database_sync_to_async(people_table)(game, people)
    client = await Client(table.slug, people[1]).connect()
    assert client.frames[0]["type"] == "snapshot"
    assert await quiet([client]) == (await current(table.slug)).version
    sent = client.snapshot["table"]
    assert (sent["slug"], sent["status"], sent["game"]) == (table.slug, "playing", game)
    assert [s["name"] for s in sent["seats"]] == ["alice", "bob", "carol", "dave"]
    view = client.view
    assert own_position(view) == 1
    for seat in view["seats"]:
        if position_of(seat) == 1:
            assert len(seat["hand"]) >= 13
        else:
            assert seat["hand"] is None and seat["hand_count"] >= 13
    await client.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_no_frame_of_a_whole_round_shows_anyone_a_card_hidden_from_them(game, alice, bob):
    @database_sync_to_async
    def two_people_and_bots() -> Table:
        table = Table.create(alice, game=game)
        table.take_seat(bob)
        table.fill_with_bots(alice)
        table.start(alice)
        return table

    table = await two_people_and_bots()
    players = [await Client(table.slug, alice).connect(), await Client(table.slug, bob).connect()]
    watcher = await Client(table.slug).connect()
    await play_round([*players, watcher])
    for own, client in [(0, players[0]), (1, players[1]), (None, watcher)]:
        # The check read the round while it was under way, not only its end (how many frames
        # depends on the deal: a quick Mhing makes a short round).
        in_play = [
            f for f in client.frames if f["type"] == "snapshot" and f["view"]["phase"] != "over"
        ]
        assert len(in_play) >= 2
        for frame in in_play:
            hands = [s["hand"] for s in frame["view"]["seats"] if position_of(s) == own]
            assert own is None or hands[0], "its own hand shown"
        for frame in client.frames:
            assert concealed_leaks(game, frame, own) == [], frame
    # The round's end shows every hand to everyone.
    assert watcher.view["phase"] == "over"
    assert all(s["hand"] is not None for s in watcher.view["seats"])
    for client in [*players, watcher]:
        await client.disconnect()


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


# -- deadlines -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_an_idle_players_turn_is_played_for_them_when_their_time_runs_out(game, people):
    table = people_table(game, people)
    turn = on_turn(table)
    assert table.snapshot(turn)["table"]["turn_deadline"] == table.deadline.timestamp()
    assert table.run_due(table.deadline - timedelta(seconds=1)) is None
    before = table.version
    version = table.run_due(table.deadline)
    assert version == table.version == before + 1
    (change,) = [c for c in table.recent_events if c["version"] == version]
    assert position_of(change["events"][0]["all"]) == turn, change


@pytest.mark.django_db(transaction=True)
async def test_the_claim_window_closes_itself_when_its_countdown_runs_out(game, alice, bob):
    @database_sync_to_async
    def two_people_and_bots() -> Table:
        table = Table.create(alice, game=game, claim_timeout=1)
        table.take_seat(bob)
        table.fill_with_bots(alice)
        table.start(alice)
        return table

    table = await two_people_and_bots()
    clients = [await Client(table.slug, alice).connect(), await Client(table.slug, bob).connect()]
    # The people play (the bot's choice for their seat) until a discard waits for one of
    # them to answer it.
    waiting = None
    for _ in range(400):
        await quiet(clients)
        waiting = next((c for c in clients if (c.view["claims"] or {}).get("may_answer")), None)
        if waiting is not None:
            break
        if clients[0].view["phase"] == "over":  # won before a window waited: the next round
            for client in clients:
                await client.ask({"type": "next_round"})
            continue
        acting = next(c for c in clients if c.view["actions"])
        row = await current(table.slug)
        position = own_position(acting.view)
        await acting.act(row.live.bot_action(row.round(), position, row.pk).to_dict())
    assert waiting is not None, "a discard waits for a person's answer"
    assert waiting.snapshot["table"]["claim_deadline"] is not None
    opened = waiting.version
    # Nobody answers: a second later the table closes the window; the person passed.
    for _ in range(50):
        frame = await waiting.receive(timeout=3)
        if frame["type"] == "snapshot" and frame["view"]["phase"] != "claims":
            break
    assert frame["version"] > opened
    closed = [
        e
        for f in waiting.frames
        if f["type"] == "events"
        for e in f["events"]
        if e["type"] == "claims_closed"
    ]
    assert closed and waiting.view["seat"] in closed[-1]["timed_out"]
    for client in clients:
        await client.disconnect()


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
    # The new socket sent its snapshot on connect: an older version is answered up to date.
    answer = await again.ask({"type": "sync", "version": seen})
    assert answer == {"type": "up_to_date", "version": again.version, "reply_to": again.asked}
    await again.disconnect()


# -- a watcher ---------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_a_watcher_sees_no_concealed_card_and_has_no_move(game, people, django_user_model):
    table = await database_sync_to_async(people_table)(game, people)
    erin = await django_user_model.objects.acreate_user("erin")  # signed in, not seated
    player = await Client(table.slug, people[0]).connect()
    watchers = [await Client(table.slug).connect(), await Client(table.slug, erin).connect()]
    await quiet([player, *watchers])
    shown = [s for s in player.view["seats"] if s["hand"] is not None]
    assert len(shown) == 1  # the check can fail: the player's own hand is there
    before = await current(table.slug)
    for watcher in watchers:
        view = watcher.view
        assert own_position(view) is None
        assert view["phase"] != "over" and view["actions"] == []
        assert all(s["hand"] is None and s["drawn"] is None for s in view["seats"])
        assert all(s["hand_count"] > 0 for s in view["seats"])
        for hand in (s["hand"] for s in shown):
            assert str(hand)[1:-1] not in str(watcher.snapshot)
        # A move tried anyway, even the player's own: refused, as watching.
        for action in (player.view["actions"] or [{"type": "pass"}])[:1] + [{"type": "pass"}]:
            frame = await watcher.act(action)
            assert (frame["type"], frame["code"]) == ("error", "not_seated"), frame
            assert frame["message"] == "You are watching: only the players at the table may play."
            assert frame["version"] == watcher.version
        frame = await watcher.ask({"type": "next_round"})
        assert (frame["type"], frame["code"]) == ("error", "not_seated"), frame
    assert (await current(table.slug)).version == before.version
    for client in (player, *watchers):
        await client.disconnect()


# -- a whole match, recorded ---------------------------------------------------------------------
# The one whole match a game plays through the table (and its database) in the tests; the
# rules of whole matches are the pure engines' tests' (tests/play/).


def finish(table: Table, person: int) -> Table:
    """Bots play the match to its end; the person at `person`, connected, plays as a bot
    would (the table's own bot for that seat, from the seat's view)."""
    live = table.live
    connect(table, person)
    for _ in range(20000):
        table.bot_turns()
        table.refresh_from_db()
        if table.is_finished:
            return table
        state = table.round()
        if live.phase(state) == "over":
            table.run_due(table.deadline)
        elif person in live.awaiting(state):
            table.act(person, live.bot_action(state, person, table.pk))
    raise AssertionError("the match did not end")


@pytest.mark.django_db(transaction=True)
async def test_a_match_of_a_person_and_bots_is_recorded_and_then_takes_no_move(game, alice):
    @database_sync_to_async
    def played() -> tuple[Table, League, Match]:
        league = League.objects.create(
            club=shared_club(),
            name=f"Live {game}",
            slug=f"live-{game}",
            season_start=date(2026, 9, 1),
            game=game,
            **SHORT_LEAGUE.get(game, {}),
        )
        league.organisers.add(alice)
        table = Table.create(alice, game=game, league=league, **SHORT_TABLE.get(game, {}))
        table.fill_with_bots(alice)
        table.start(alice)
        table = finish(table, person=0)
        match = Match.objects.get(pk=table.recorded_match_id)
        assert getattr(match, match.kind.played).count() == len(table.results) > 0
        return table, league, match

    table, league, match = await played()
    assert match.league_id == league.pk and match.game == game
    # The socket of a finished table: its recorded match named, no move taken.
    client = await Client(table.slug, alice).connect()
    assert client.snapshot["table"]["status"] == "finished"
    assert client.snapshot["table"]["recorded_match"] == match.pk
    frame = await client.act({"type": "pass"})
    assert (frame["code"], frame["reason"]) == ("finished", "finished")
    await client.disconnect()
