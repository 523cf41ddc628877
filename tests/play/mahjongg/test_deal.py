"""§6 The wall, the dead wall from the dice, the deal (East's 14) and bonus tiles laid out
and replaced; one set of tiles (§1.1), 136 or 144."""

from __future__ import annotations

from collections import Counter

import pytest

from games.play.mahjongg.actions import Discard, Pass
from games.play.mahjongg.engine import apply, new_game
from games.play.mahjongg.state import Phase
from games.play.mahjongg.tiles import build_wall, full_set, parse_tile, tile_code
from scoring.mahjongg.profile import Profile
from scoring.mahjongg.rotation import Game, Rotation
from scoring.mahjongg.tiles import Wind

from .conftest import PLAIN, rigged, tile_count, tiles


@pytest.mark.parametrize(("bonus", "total"), [(True, 144), (False, 136)])
def test_s1_1_the_wall_is_one_set_of_136_or_144_tiles(bonus: bool, total: int) -> None:
    wall, _dice, _dead = build_wall(7, bonus)

    assert len(wall) == total
    assert Counter(wall) == Counter(full_set(bonus))


def test_s6_the_dead_wall_is_as_many_stacks_as_both_throws_together() -> None:
    for seed in range(40):
        wall, (first, second), dead = build_wall(seed, True)
        assert all(1 <= die <= 6 for die in (*first, *second))
        assert dead == 2 * (sum(first) + sum(second))
        state, _ = new_game(Profile(), seed=seed)
        assert state.dead == dead and state.dice == (first, second)


def test_s6_the_same_seed_deals_the_same_game() -> None:
    one, _ = new_game(Profile(players=3), seed="club night")
    two, _ = new_game(Profile(players=3), seed="club night")
    other, _ = new_game(Profile(players=3), seed="another night")

    assert one == two
    assert one.wall != other.wall


@pytest.mark.parametrize("players", [3, 4])
def test_s6_east_holds_14_tiles_and_the_others_13_and_east_is_on_turn(players: int) -> None:
    state, _ = new_game(Profile(players=players, bonus_tiles=False), seed=3)

    assert [len(s.concealed) for s in state.seats] == [14] + [13] * (players - 1)
    assert state.turn == 0 and state.phase is Phase.DISCARD
    # East skips his first draw, but may still declare a kan or Mah-Jongg.
    assert state.drawn is not None and state.drawn_by == "wall"
    assert state.live_count == len(state.wall) - state.dead - (13 * players + 1)


def test_s6_the_deal_goes_from_east_two_pairs_at_a_time_then_east_2_and_the_others_1() -> None:
    hands = [
        "123b 456b 789b 123c 45c",  # East: 14
        "111c 222k 333k 444k 5k",
        "666k 777k 888k 999k Ew",
        "SwSwSw WwWwWw NwNwNw RdRd Wd Gd",
    ]
    state = rigged(hands)

    for seat, hand in enumerate(hands):
        assert sorted(state.seats[seat].concealed) == sorted(tiles(hand))


def test_s6_a_dealt_bonus_tile_is_laid_out_and_replaced_from_the_dead_wall() -> None:
    profile = Profile()
    hands = [
        "123b 456b 789b 123c 4c F1",  # East holds 14 with the flower
        "111c 222k 333k 444k S2",
        "666k 777k 888k 999k Ew",
        "SwSwSw WwWwWw NwNwNw RdRd WdWd",
    ]
    # The replacements, in order from the dead wall: for East's F1, S2's season.
    state = rigged(hands, replacements="Gd Rd", profile=profile)

    assert state.seats[0].bonus == tuple(tiles("F1"))
    assert tiles("Gd")[0] in state.seats[0].concealed
    assert state.seats[1].bonus == tuple(tiles("S2"))
    assert tiles("Rd")[0] in state.seats[1].concealed
    assert state.back == len(state.wall) - 2
    assert tile_count(state) == Counter(full_set(True))


def test_s6_a_replacement_that_is_a_bonus_tile_is_laid_out_and_replaced_again() -> None:
    profile = Profile()
    hands = [
        "123b 456b 789b 123c 4c F1",
        "111c 222k 333k 444k 5k",
        "666k 777k 888k 999k Ew",
        "SwSwSw WwWwWw NwNwNw RdRd WdWd",
    ]
    state = rigged(hands, replacements="F2 Gd", profile=profile)

    assert [tile_code(t) for t in state.seats[0].bonus] == ["F1", "F2"]
    assert parse_tile("Gd") in state.seats[0].concealed
    assert len(state.seats[0].concealed) == 14


def test_a_wall_that_is_not_one_set_is_refused() -> None:
    wall = list(build_wall(1, False)[0])
    wall[0] = wall[1]

    with pytest.raises(ValueError, match="one set"):
        new_game(PLAIN, wall=wall)


def test_s6_with_3_players_the_north_seat_stays_empty_and_east_follows_west() -> None:
    state, _ = new_game(Profile(players=3, bonus_tiles=False), seed=9)
    assert len(state.seats) == 3
    for seat in (0, 1, 2):
        assert state.turn == seat
        state, _ = apply(state, seat, Discard(state.drawn))
        for other in [s for s in range(3) if s != seat]:
            state, _ = apply(state, other, Pass())
    assert state.turn == 0 and len(state.seats[0].concealed) == 14


def test_s7_with_the_rotating_dealer_the_seat_of_the_round_wind_deals_and_starts() -> None:
    profile = Profile(rotation=Rotation.ROTATING_DEALER, bonus_tiles=False)
    south_round = Game(Rotation.ROTATING_DEALER, Wind.SOUTH, 1, tuple(Wind))

    state, _ = new_game(profile, south_round, seed=4)

    assert state.dealer == 1 and state.turn == 1
    assert [len(s.concealed) for s in state.seats] == [13, 14, 13, 13]
