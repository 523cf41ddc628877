"""The clubs migration (leagues 0015-0017) on a database made before the wall: two
organisers' leagues sharing "Bruno Costa", with matches, rounds, standings, ratings and an
invitation. Forward, each organiser's leagues are one club, Bruno is two players (one a
club), and every league's results are what they were."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone

from tests.migrating import historical_apps, migrate_forward, rolled_back_to

# PostgreSQL run: runs migrations.
pytestmark = pytest.mark.postgres

BEFORE = [("leagues", "0015_league_owner")]
AFTER = [("leagues", "0018_club_constraints")]


@pytest.fixture
def executor(transactional_db):
    yield from rolled_back_to(BEFORE)


def _league(apps, name, slug, organisers):
    League = apps.get_model("leagues", "League")
    Season = apps.get_model("leagues", "Season")
    league = League.objects.create(name=name, slug=slug, season_start=date(2026, 9, 1))
    for organiser in organisers:
        league.organisers.add(organiser)
    season = Season.objects.create(
        league=league, number=1, name="Season 2026", starts_on=date(2026, 9, 1)
    )
    return league, season


def _match(apps, league, season, players, winner_index, points):
    Match = apps.get_model("leagues", "Match")
    Seat = apps.get_model("leagues", "Seat")
    Round = apps.get_model("leagues", "Round")
    Hand = apps.get_model("leagues", "WinningHand")
    match = Match.objects.create(league=league, season=season, played_on=date(2026, 9, 8))
    for position, player in enumerate(players):
        Seat.objects.create(match=match, player=player, position=position, total=points)
        league.players.add(player)
    round_ = Round.objects.create(
        match=match,
        number=1,
        dealer=players[0],
        outcome="won",
        winner=players[winner_index],
        win_type="discard",
        discarder=players[1 - winner_index],
    )
    Hand.objects.create(round=round_, hand="123c 456b 789k 234c 55k", credits=4, points=points)
    return match


def test_shared_players_are_split_per_club_and_nothing_moves(executor, django_user_model):
    old = historical_apps(executor, BEFORE)
    User = old.get_model("auth", "User")
    Player = old.get_model("leagues", "Player")
    Standing = old.get_model("leagues", "PlayerStanding")
    Rating = old.get_model("leagues", "PlayerRating")
    Invite = old.get_model("leagues", "Invite")
    olga = User.objects.create(username="olga")
    sam = User.objects.create(username="sam")
    account = User.objects.create(username="bruno")
    riverside, r_season = _league(old, "Riverside", "riverside", [olga])
    riverside_b, rb_season = _league(old, "Riverside B", "riverside-b", [olga, sam])
    thursday, t_season = _league(old, "Thursday", "thursday", [sam, olga])
    orphan, o_season = _league(old, "Nobody's", "nobodys", [])
    bruno = Player.objects.create(display_name="Bruno Costa", user=account)
    ada = Player.objects.create(display_name="Ada")
    cem = Player.objects.create(display_name="Cem")
    dora = Player.objects.create(display_name="Dora")
    _match(old, riverside, r_season, [bruno, ada], 0, 512)
    _match(old, riverside_b, rb_season, [ada, bruno], 1, 64)
    _match(old, thursday, t_season, [bruno, cem], 0, 128)
    _match(old, thursday, t_season, [cem, bruno], 0, 32)
    _match(old, orphan, o_season, [dora, bruno], 1, 16)
    riverside.retired_players.add(ada)
    for league, points in ((riverside, 512), (thursday, 128)):
        Standing.objects.create(league=league, player=bruno, played=1, points=points)
        Rating.objects.create(league=league, player=bruno, mu=27.0, sigma=7.0, ordinal=6.0)
    Invite.objects.create(league=thursday, role="member", player=bruno, expires_at=timezone.now())
    Round = old.get_model("leagues", "Round")
    before = {
        r.pk: (r.match.league.slug, r.winner.display_name, r.hand.points)
        for r in Round.objects.select_related("match__league", "winner", "hand")
    }

    new = migrate_forward(executor, AFTER)
    League = new.get_model("leagues", "League")
    Player = new.get_model("leagues", "Player")
    Club = new.get_model("leagues", "Club")
    Round = new.get_model("leagues", "Round")
    Seat = new.get_model("leagues", "Seat")
    Standing = new.get_model("leagues", "PlayerStanding")
    Rating = new.get_model("leagues", "PlayerRating")
    Invite = new.get_model("leagues", "Invite")

    # Olga's two leagues are one club, named after her first; Sam's and the orphan's theirs.
    clubs = {league.slug: league.club for league in League.objects.select_related("club")}
    assert clubs["riverside"] == clubs["riverside-b"]
    assert clubs["riverside"].name == "Riverside"
    assert len({clubs["riverside"].pk, clubs["thursday"].pk, clubs["nobodys"].pk}) == 3
    assert Club.objects.count() == 3
    # Bruno: one player per club, each linked to his one account.
    brunos = Player.objects.filter(display_name="Bruno Costa")
    assert {b.club_id for b in brunos} == {c.pk for c in clubs.values()}
    assert len(brunos) == 3
    assert {b.user.username for b in brunos} == {"bruno"}
    assert brunos.get(club=clubs["riverside"]).pk == bruno.pk  # kept by his earliest league
    # Every seat and round of a league is its own club's player's.
    for seat in Seat.objects.select_related("player", "match__league"):
        assert seat.player.club_id == seat.match.league.club_id
    for round_ in Round.objects.select_related("match__league", "winner", "dealer", "discarder"):
        club = round_.match.league.club_id
        assert round_.winner.club_id == round_.dealer.club_id == round_.discarder.club_id == club
    for league in League.objects.all():
        assert all(p.club_id == league.club_id for p in league.players.all())
        assert all(p.club_id == league.club_id for p in league.retired_players.all())
    # Nothing lost or moved between leagues: every round's league, winner and points.
    after = {
        r.pk: (r.match.league.slug, r.winner.display_name, r.hand.points)
        for r in Round.objects.select_related("match__league", "winner", "hand")
    }
    assert after == before
    thursday_bruno = brunos.get(club=clubs["thursday"])
    assert Standing.objects.get(league__slug="thursday").player_id == thursday_bruno.pk
    assert Standing.objects.get(league__slug="riverside").player_id == bruno.pk
    assert Rating.objects.get(league__slug="thursday").player_id == thursday_bruno.pk
    assert Invite.objects.get().player_id == thursday_bruno.pk
    # Ada (only in Olga's club) and Cem (only Sam's) are not copied.
    assert Player.objects.filter(display_name="Ada").count() == 1
    assert Player.objects.filter(display_name="Cem").get().club == clubs["thursday"]
