"""Bots from live play are no club members: a bot's seat is recorded under
a bot player that keeps its rounds on the sheet but never joins the roster, the standings or
the ratings; a league may also choose not to record live matches with bots at all. And the
bots recorded before this are turned into bot players by migration 0010_bot_seats."""

from __future__ import annotations

import importlib
import json

import pytest
from django.apps import apps
from django.db.models import Value
from django.db.models.functions import Concat
from django.urls import reverse

from games.models import Table
from leagues import demo
from leagues.exchange.export import league_document
from leagues.exchange.importer import import_league
from leagues.models import League, Match, Player, PlayerRating, PlayerStanding
from leagues.models.league import BotMatches
from leagues.models.rating import rerate
from leagues.models.standing import compute_standings, rebuild_standings
from tests.clubs import shared_club
from tests.games.conftest import _fast_tables, _stop_live_tasks, started_table  # noqa: F401
from tests.games.test_recording import finish

# PostgreSQL run: runs a migration.
pytestmark = pytest.mark.postgres

BOTS = ["Bot 3", "Bot 4"]


def live_match(league: League, people: list, seed: int = 3) -> Table:
    """A finished live table of the league: `people` in the first seats, bots in the rest."""
    table = started_table(people[0], people[1:], players=4, league=league, target=20)
    return finish(table, people=tuple(range(len(people))), seed=seed)


def plays_as(user, name: str) -> Player:
    """The account's own player in the club: live play records a person only as that (an
    account without one is recorded as the seat's guest: games.recording)."""
    return Player.objects.create(club=shared_club(), display_name=name, user=user)


def names(queryset) -> list[str]:
    return sorted(queryset.values_list("player__display_name", flat=True))


@pytest.mark.django_db
def test_the_peoples_results_are_recorded_and_the_bots_stay_off_the_league(
    client, league, organiser, member
):
    Player.objects.create(club=shared_club(), display_name="Pia", user=member)
    plays_as(organiser, "olga")
    table = live_match(league, [organiser, member])
    match = table.recorded_match
    assert match is not None and match.is_finished
    seats = list(match.seats.select_related("player").order_by("position"))
    assert [(s.player.display_name, s.is_bot) for s in seats] == [
        ("olga", False),
        ("Pia", False),
        ("Bot 3", True),
        ("Bot 4", True),
    ]
    # The sheet still adds up: the bots' totals are kept, as played.
    assert [s.total for s in seats] == table.match_state["totals"]
    assert sorted(p.display_name for p in league.players.all()) == ["Pia", "olga"]
    assert names(PlayerStanding.objects.filter(league=league, season=None)) == ["Pia", "olga"]
    assert names(PlayerRating.objects.filter(league=league, season=None)) == ["Pia", "olga"]
    # Ranked between themselves by their places at the table.
    ratings = {
        r.player.display_name: r.ordinal
        for r in PlayerRating.objects.filter(league=league, season=None)
    }
    first, second = sorted(seats[:2], key=lambda seat: seat.place)
    if first.place < second.place:
        assert ratings[first.player.display_name] > ratings[second.player.display_name]

    page = client.get(reverse("leagues:league", args=[league.slug])).content.decode()
    assert "Pia" in page
    assert "Bot 3" in page  # in the recent match's seats, marked as a bot
    standings = page.split('id="standings"')[1].split("</table>")[0]
    assert "Bot" not in standings
    bot = Player.objects.get(display_name="Bot 3")
    assert client.get(reverse("leagues:player", args=[bot.pk])).status_code == 404
    sheet = client.get(match.get_absolute_url()).content.decode()
    assert "Bot 3" in sheet
    pia = Player.objects.get(display_name="Pia")
    own = client.get(reverse("leagues:player", args=[pia.pk])).content.decode()
    head_to_head = own.split("Same place")[1].split("</table>")[0]
    assert "olga" in head_to_head and "Bot" not in head_to_head
    assert reverse("leagues:player", args=[bot.pk]) not in sheet + page + own


@pytest.mark.django_db
def test_a_league_may_keep_no_match_with_bots(client, league, organiser, member):
    league.bot_matches = BotMatches.SKIP
    league.save()
    table = live_match(league, [organiser, member])
    client.force_login(member)
    page = client.get(reverse("games:table", args=[table.slug])).content.decode()
    assert "not recorded if a bot plays" in page
    assert table.is_finished
    assert table.recorded_match is None
    assert not Match.objects.exists()
    assert not league.players.exists()
    assert not Player.objects.filter(is_bot=True).exists()


@pytest.mark.django_db
def test_the_same_league_still_records_a_match_of_people_only(league, organiser, member):
    league.bot_matches = BotMatches.SKIP
    league.save()
    table = Table.create(organiser, players=2, league=league, target=20)
    table.take_seat(member)
    table.start(organiser)
    table = finish(table, people=(0, 1), seed=1)
    assert table.recorded_match is not None
    assert league.players.count() == 2


@pytest.mark.django_db
def test_one_person_among_bots_is_recorded_but_not_rated(league, organiser):
    plays_as(organiser, "olga")
    table = live_match(league, [organiser], seed=2)
    match = table.recorded_match
    assert match is not None and match.is_finished
    assert [p.display_name for p in league.players.all()] == ["olga"]
    row = PlayerStanding.objects.get(league=league, season=None)
    assert row.player.display_name == "olga" and row.played == 1
    # No one to be ranked against: no rating rather than a rating against bots.
    assert not PlayerRating.objects.filter(league=league).exists()


@pytest.mark.django_db
def test_a_bot_winning_the_match_is_no_win_for_anyone(league, organiser, member):
    plays_as(organiser, "olga")
    plays_as(member, "pia")
    for seed in range(3, 30):
        table = live_match(league, [organiser, member], seed=seed)
        winners = table.recorded_match.seats.filter(place=1)
        if all(seat.player.is_bot for seat in winners):
            break
    else:
        pytest.skip("no seed gave a bot the match")
    standings = {row.player.display_name: row for row in PlayerStanding.objects.filter(season=None)}
    won = sum(
        1
        for match in Match.objects.all()
        for seat in match.seats.filter(place=1, player__is_bot=False)
    )
    assert sum(row.wins for row in standings.values()) == won
    assert set(standings) == {"olga", "pia"}


# -- the migration ----------------------------------------------------------------------------

migration = importlib.import_module("leagues.migrations.0010_bot_seats")


def as_before(league: League) -> None:
    """The league as recording left it before bot players: bots as ordinary players on the
    roster, in the standings and the ratings."""
    bots = Player.objects.filter(is_bot=True)
    league.players.add(*bots)
    bots.update(is_bot=False)
    rebuild_standings(league)
    rerate(league)


@pytest.mark.django_db
def test_the_migration_turns_recorded_bots_into_bot_players(django_user_model):
    riverside = demo.load().leagues[0]
    organiser = django_user_model.objects.get(username=demo.ORGANISER)
    member = django_user_model.objects.get(username=demo.MEMBER)
    people_before = {
        row.player_id: row.figures()
        for row in PlayerStanding.objects.filter(league=riverside, season=None)
    }
    anna = Player.objects.get(display_name=demo.MEMBER_PLAYER)
    assert anna.user == member
    live_match(riverside, [organiser, member])
    as_before(riverside)
    assert set(BOTS) <= set(riverside.players.values_list("display_name", flat=True))
    assert PlayerRating.objects.filter(league=riverside, player__display_name="Bot 3").exists()

    migration.mark_bots(apps, None)

    assert sorted(Player.objects.filter(is_bot=True).values_list("display_name", flat=True)) == (
        BOTS
    )
    assert not riverside.players.filter(display_name__in=BOTS).exists()
    assert not PlayerStanding.objects.filter(player__is_bot=True).exists()
    assert not PlayerRating.objects.filter(player__is_bot=True).exists()
    # The people's standings are what a rebuild gives; the demo's players' did not change.
    stored = {
        row.player_id: row.figures()
        for row in PlayerStanding.objects.filter(league=riverside, season=None)
    }
    assert stored == {row.player_id: row.figures() for row in compute_standings(riverside.pk)}
    for player_id, figures in people_before.items():
        if player_id != anna.pk:
            assert stored[player_id] == figures
    # The ratings are the league's own rating without the bots.
    migrated = {
        r.player_id: round(r.ordinal, 9)
        for r in PlayerRating.objects.filter(league=riverside, season=None)
    }
    rerate(riverside)
    assert migrated == {
        r.player_id: round(r.ordinal, 9)
        for r in PlayerRating.objects.filter(league=riverside, season=None)
    }
    # Nothing else is taken for a bot: a person never is, nor a name alone.
    assert Player.objects.get(user=member).is_bot is False

    migration.mark_bots(apps, None)  # twice: the same
    assert Player.objects.filter(is_bot=True).count() == 2


# -- the league file ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_league_file_keeps_its_bots_bots(league, organiser, member):
    plays_as(organiser, "olga")
    plays_as(member, "pia")
    live_match(league, [organiser, member])
    document = json.loads(json.dumps(league_document(league)))
    assert document["bots"] == BOTS
    assert "Bot 3" not in document["players"]
    # On another site, where no bot has played yet.
    Player.objects.filter(is_bot=True).update(display_name=Concat("display_name", Value(" here")))

    copy = import_league(document, slug="copy", by=organiser).league

    assert sorted(Player.objects.filter(is_bot=True).values_list("display_name", flat=True)) == [
        "Bot 3",
        "Bot 3 here",
        "Bot 4",
        "Bot 4 here",
    ]
    assert sorted(copy.players.values_list("display_name", flat=True)) == ["olga", "pia"]
    assert names(PlayerStanding.objects.filter(league=copy, season=None)) == ["olga", "pia"]
    assert names(PlayerRating.objects.filter(league=copy, season=None)) == ["olga", "pia"]


@pytest.mark.django_db
def test_a_league_without_bots_writes_no_bots_key(match):
    assert "bots" not in league_document(match.league)
