"""The seasons migration (leagues 0007) on data shaped like the demo leagues: back to before
it, leagues and matches made with the historical models, forward again."""

from __future__ import annotations

from datetime import date

import pytest

from tests.migrating import historical_apps, migrate_forward, rolled_back_to

# PostgreSQL run: runs migrations.
pytestmark = pytest.mark.postgres

BEFORE = [("leagues", "0010_bot_seats")]
AFTER = [("leagues", "0011_seasons")]


@pytest.fixture
def executor(transactional_db):
    yield from rolled_back_to(BEFORE)


def test_each_league_gets_a_first_season_holding_its_matches(executor):
    old = historical_apps(executor, BEFORE)
    League = old.get_model("leagues", "League")
    Match = old.get_model("leagues", "Match")
    Player = old.get_model("leagues", "Player")
    Standing = old.get_model("leagues", "PlayerStanding")
    Rating = old.get_model("leagues", "PlayerRating")
    # As the demo: one league with season dates, one without (dated by its first match).
    riverside = League.objects.create(
        name="Riverside",
        slug="riverside",
        season_start=date(2026, 9, 1),
        season_end=date(2026, 12, 15),
    )
    tuesday = League.objects.create(name="Tuesday", slug="tuesday")
    ada = Player.objects.create(display_name="Ada")
    for league, day in ((riverside, date(2026, 9, 8)), (tuesday, date(2025, 11, 4))):
        Match.objects.create(league=league, played_on=day)
        Match.objects.create(league=league, played_on=day.replace(day=20))
    Standing.objects.create(league=riverside, player=ada, played=2, points=512)
    Rating.objects.create(league=riverside, player=ada, mu=27.0, sigma=7.0, ordinal=6.0)

    new = migrate_forward(executor, AFTER)
    Season = new.get_model("leagues", "Season")
    Match = new.get_model("leagues", "Match")
    Standing = new.get_model("leagues", "PlayerStanding")
    Rating = new.get_model("leagues", "PlayerRating")
    League = new.get_model("leagues", "League")

    first = Season.objects.get(league__slug="riverside")
    assert (first.number, first.name, first.starts_on, first.ends_on) == (
        1,
        "Season 2026",
        date(2026, 9, 1),
        date(2026, 12, 15),
    )
    assert first.archived_at is None
    other = Season.objects.get(league__slug="tuesday")
    assert (other.name, other.starts_on) == ("Season 2025", date(2025, 11, 4))
    assert League.objects.get(slug="tuesday").season_start == date(2025, 11, 4)
    assert set(Match.objects.values_list("league__slug", "season__league__slug")) == {
        ("riverside", "riverside"),
        ("tuesday", "tuesday"),
    }
    # One season is all time: its rows are the all-time ones.
    assert Standing.objects.get(season=first).points == 512
    assert Standing.objects.get(season=None).points == 512
    assert Rating.objects.get(season=first).ordinal == 6.0
