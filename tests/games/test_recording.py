"""A finished live match is recorded in the table's league, as if entered by hand. The matches
are played by the engine (tests/games/conftest.py `play_out`); the one a game plays move by
move through the table, and its socket after the end: tests/games/test_every_live_game.py."""

from __future__ import annotations

import random

import pytest
from django.core.exceptions import ValidationError

from games.models import Table
from games.play.bots import choose_action
from games.recording import record_match
from leagues.models import League, Match, Player, Round
from scoring.mhing import score_hand
from tests.clubs import other_club, shared_club

from .conftest import connect, play_out, started_table

# PostgreSQL run: players found by name, case-insensitively.
pytestmark = pytest.mark.postgres


@pytest.fixture
def league(alice):
    league = League.objects.create(club=shared_club(), name="Tuesday Club", slug="tuesday")
    league.organisers.add(alice)
    return league


def finish(table: Table, people: tuple[int, ...] = (), seed: int = 0) -> Table:
    """Play the match to its end through the model, move by move: bots, and `people` as bots
    would. Kept for tests/leagues/test_bot_seats.py; this module's tests use `play_out`."""
    rng = random.Random(seed)
    for position in people:
        connect(table, position)
    for _ in range(5000):
        table.bot_turns()
        table.refresh_from_db()
        if table.is_finished:
            return table
        if table.round_state["phase"] == "over":
            table.run_due(table.deadline)
            continue
        for position in people:
            view = table.view(position)
            if view["actions"]:
                table.act(position, choose_action(view, position, rng))
                break
    raise AssertionError("the match did not end")


@pytest.mark.django_db
def test_a_finished_match_is_recorded_with_every_round(alice, bob, league):
    Player.objects.create(club=shared_club(), display_name="Alice A.", user=alice)
    table = started_table(alice, [bob], players=4, league=league, target=20)
    table = play_out(table)
    match = table.recorded_match
    assert match is not None
    assert match.league == league
    assert match.is_finished
    # bob has no player in the league's club: a guest of the seat, never his username.
    names = [p.display_name for p in match.seated_players()]
    assert names == ["Alice A.", "Guest 2", "Bot 3", "Bot 4"]
    assert not Player.objects.filter(user=bob).exists()
    assert not Player.objects.filter(display_name="bob").exists()
    assert match.first_dealer == table.match_state["first_dealer"]
    assert match.rule_profile == {"target": 20, "variant": "points"}
    rounds = list(match.rounds.select_related("winner", "discarder", "hand").order_by("number"))
    assert len(rounds) == len(table.results) == len(table.match_state["rounds"])
    players = match.seated_players()
    for round_, result in zip(rounds, table.results, strict=True):
        if result["winner"] is None:
            assert round_.is_draw
            continue
        assert round_.winner == players[result["winner"]]
        expected = None if result["discarder"] is None else players[result["discarder"]]
        assert round_.discarder == expected
        assert round_.hand.points == result["points"] == score_hand(result["hand"]).points
    totals = [seat.total for seat in match.seats.order_by("position")]
    assert totals == table.match_state["totals"]
    # The bots keep their seats on the sheet, but only the people join the roster.
    assert [s.is_bot for s in match.seats.order_by("position")] == [False, False, True, True]
    assert sorted(p.display_name for p in league.players.all()) == ["Alice A.", "Guest 2"]


@pytest.mark.django_db
def test_an_account_of_another_club_is_recorded_as_a_guest_never_its_username(alice, bob, league):
    """The wall: bob plays in another club as "Bob B."; at a table of this
    club's public league he is the seat's guest, not that club's player, and his username
    never becomes a player of this club."""
    Player.objects.create(club=shared_club(), display_name="Alice A.", user=alice)
    elsewhere = Player.objects.create(club=other_club(), display_name="Bob B.", user=bob)
    table = started_table(alice, [bob], players=4, league=league, target=20)
    match = play_out(table).recorded_match
    seated = match.seated_players()
    assert seated[1].display_name == "Guest 2" and seated[1].user is None
    assert elsewhere not in seated
    assert {p.club_id for p in seated} == {league.club_id}
    assert not league.club.players.filter(display_name__iexact="bob").exists()
    assert not league.players.filter(user=bob).exists()


@pytest.mark.django_db
def test_a_chips_match_settles_the_same_in_the_league(alice, league):
    table = Table.create(alice, players=3, league=league, variant="chips", round_limit=2)
    table.fill_with_bots(alice)
    table.leave_seat(alice)
    table.fill_with_bots(alice)
    table.start(alice)
    table = play_out(table)
    match = table.recorded_match
    assert match.rounds.count() == 2
    assert [s.total for s in match.seats.order_by("position")] == table.match_state["totals"]
    assert sum(table.match_state["totals"]) == 3 * 500


@pytest.mark.django_db
def test_a_match_is_recorded_once(alice, league):
    table = Table.create(alice, players=2, league=league, target=1, sit=False)
    table.fill_with_bots(alice)
    table.start(alice)
    table = play_out(table)
    assert record_match(table) is None
    assert Match.objects.count() == 1
    assert Round.objects.count() == len(table.results)


@pytest.mark.django_db
def test_a_table_without_a_league_records_nothing(alice):
    table = Table.create(alice, players=2, target=1, sit=False)
    table.fill_with_bots(alice)
    table.start(alice)
    table = play_out(table)
    assert table.recorded_match is None
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_a_match_the_league_refuses_stays_unrecorded_until_it_is_put_right(alice, league):
    table = play_out(started_table(alice, [], players=2, target=1))
    won = next(n for n, r in enumerate(table.results) if r["winner"] is not None)
    good = table.results[won]["hand"]
    damaged = [dict(r) for r in table.results]
    damaged[won]["hand"] = "1b 2b"
    Table.objects.filter(pk=table.pk).update(league=league, results=damaged)
    table.refresh_from_db()
    with pytest.raises(ValidationError):
        record_match(table)
    table.refresh_from_db()
    assert table.recorded_match is None
    assert not Match.objects.exists()
    damaged[won]["hand"] = good
    Table.objects.filter(pk=table.pk).update(results=damaged)
    assert record_match(table) is not None
    assert Match.objects.get().rounds.count() == len(table.results)
