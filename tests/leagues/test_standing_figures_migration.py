"""The standings' figures migrations (leagues 0028-0030): a row's best hand (Mhing), balance and
best game (Mah-Jongg) move from their columns into PlayerStanding.game_figures as values, as
each game's standings_figures hook writes them, and back into their columns when unapplied."""

from __future__ import annotations

from datetime import date

import pytest

from tests.migrating import historical_apps, migrate_forward, rolled_back_to

# PostgreSQL run: runs migrations.
pytestmark = pytest.mark.postgres

BEFORE = [("leagues", "0027_remove_match_target_variant_round_limit")]
AFTER = [("leagues", "0030_remove_playerstanding_balance_best_game_best_hand")]
HAND = "111b 222b 333b 444b 55b"


@pytest.fixture
def executor(transactional_db):
    yield from rolled_back_to(BEFORE)


def _standings(apps) -> None:
    """Two leagues, one of each game, with their kept rows as the columns held them: Pia won
    a round and a game, Quentin neither."""
    Club = apps.get_model("leagues", "Club")
    League = apps.get_model("leagues", "League")
    Player = apps.get_model("leagues", "Player")
    Season = apps.get_model("leagues", "Season")
    Match = apps.get_model("leagues", "Match")
    Round = apps.get_model("leagues", "Round")
    WinningHand = apps.get_model("leagues", "WinningHand")
    MahjonggGame = apps.get_model("leagues", "MahjonggGame")
    Standing = apps.get_model("leagues", "PlayerStanding")
    club = Club.objects.create(name="Riverside", slug="riverside")
    pia, quentin = (Player.objects.create(club=club, display_name=n) for n in ("Pia", "Quentin"))
    mhing = League.objects.create(club=club, name="Tuesday", slug="tuesday")
    jade = League.objects.create(club=club, name="Jade", slug="jade", game="mahjongg")
    tuesdays, jades = (
        Season.objects.create(league=league, number=1, starts_on=date(2026, 9, 1))
        for league in (mhing, jade)
    )
    match = Match.objects.create(league=mhing, season=tuesdays, played_on=date(2026, 9, 1))
    Round.objects.create(match=match, number=1, dealer=pia, outcome="draw")
    won = Round.objects.create(
        match=match, number=2, dealer=pia, outcome="won", winner=pia, win_type="self_draw"
    )
    hand = WinningHand.objects.create(round=won, hand=HAND, credits=12, points=256)
    Standing.objects.create(
        league=mhing, player=pia, played=1, rounds_won=1, points=256, best_hand=hand
    )
    Standing.objects.create(league=mhing, player=quentin, played=1)
    table = Match.objects.create(
        league=jade, season=jades, game="mahjongg", played_on=date(2026, 9, 2)
    )
    MahjonggGame.objects.create(match=table, number=1)
    game = MahjonggGame.objects.create(match=table, number=2, caller=0, best=96)
    Standing.objects.create(
        league=jade, player=pia, played=1, rounds_won=1, points=96, balance=540, best_game=game
    )
    Standing.objects.create(league=jade, player=quentin, played=1, balance=-540)


def _figures(apps) -> list:
    Standing = apps.get_model("leagues", "PlayerStanding")
    rows = Standing.objects.order_by("pk").values_list(
        "league__slug", "player__display_name", "game_figures"
    )
    return list(rows)


def test_each_rows_figures_move_into_its_games_own(executor):
    _standings(historical_apps(executor, BEFORE))

    apps = migrate_forward(executor, AFTER)

    Round = apps.get_model("leagues", "Round")
    Match = apps.get_model("leagues", "Match")
    hand_match = Round.objects.get(number=2).match_id
    table = Match.objects.get(game="mahjongg").pk
    best_hand = {"hand": HAND, "points": 256, "credits": 12, "match_id": hand_match}
    assert _figures(apps) == [
        ("tuesday", "Pia", {"best_hand": {**best_hand, "round_number": 2}}),
        ("tuesday", "Quentin", {}),
        (
            "jade",
            "Pia",
            {"balance": 540, "best_game": {"points": 96, "match_id": table, "number": 2}},
        ),
        ("jade", "Quentin", {"balance": -540}),
    ]
    Standing = apps.get_model("leagues", "PlayerStanding")
    columns = {f.name for f in Standing._meta.fields}
    assert not {"balance", "best_game", "best_hand"} & columns


def test_unapplied_the_columns_get_their_values_back(executor):
    _standings(historical_apps(executor, BEFORE))
    before = historical_apps(executor, BEFORE).get_model("leagues", "PlayerStanding")
    columns = ("balance", "best_hand_id", "best_game_id")
    kept = list(before.objects.order_by("pk").values_list(*columns))
    migrate_forward(executor, AFTER)

    Standing = migrate_forward(executor, BEFORE).get_model("leagues", "PlayerStanding")

    assert list(Standing.objects.order_by("pk").values_list(*columns)) == kept
    assert kept[0][1] is not None and kept[2][2] is not None  # Pia's best hand and game
