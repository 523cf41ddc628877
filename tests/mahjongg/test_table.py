"""One set of tiles at one table (MAHJONGG.md §1.1, 2026-11-28): the hands of one game
together hold at most four of any tile and one of each bonus tile
(scoring.mahjongg.table.check_one_set, and match.play_game, which every path settles a game
through)."""

from __future__ import annotations

import pytest

from scoring.mahjongg import Bonus, OneSetExceeded, Tile, check_one_set, parse_hand
from scoring.mahjongg.match import EntryError, GameEntry, replay
from scoring.mahjongg.profile import Profile

CALLER = "123b 456b 789b 234c 55k win=5k by=wall"
DRAGONS = "[RdRdRd] 2b 3b 4b 6c 7c 9c 9c Ew Sw Nw"  # sound alone, 8 points
PLAIN = "2b 5b 8b 1c 4c 8c 3k 6k 9k Ew Sw Ww Gd"


def hands(*lines: str):
    return [parse_hand(f"{line} seat=E round=E") if line else None for line in lines]


def test_a_game_whose_hands_fit_one_set_passes() -> None:
    check_one_set(hands(CALLER, DRAGONS, PLAIN, "[777c] 999b 23b 1k 4k 6k Rd Wd"))


def test_a_red_dragon_pon_in_every_hand_is_refused_naming_the_tile_and_the_hands() -> None:
    # The game: every line alone is valid (52/8/8/8 was recorded before).
    with pytest.raises(OneSetExceeded) as raised:
        check_one_set(
            hands(
                "[RdRdRd] 123b 456b 789b 55k win=5k by=wall",
                "[RdRdRd] 2c 3c 4c 6c 7c 9c 9c Ew Sw Nw",
                "[RdRdRd] 1k 2k 3k 7k 8k 9k Gd Ew Sw Ww",
                "[RdRdRd] 1c 5c 8c 4k 6k 1b 9b Wd Wd Nw",
            )
        )
    assert (raised.value.tile, raised.value.count) == (Tile.RED, 12)
    assert raised.value.hands == (0, 1, 2, 3)
    assert "12 red dragons in hands 1, 2, 3, 4" in str(raised.value)


def test_a_fifth_copy_across_two_hands_is_refused() -> None:
    caller = "555b 123c 456c 789k 11k win=1k by=wall"
    other = "55b 1c 2c 3c 6k 7k 8k Ew Sw Ww Nw Gd"
    with pytest.raises(OneSetExceeded) as raised:
        check_one_set(hands(caller, other))
    assert (raised.value.tile, raised.value.count, raised.value.hands) == (Tile.B5, 5, (0, 1))


def test_one_flower_in_two_hands_is_refused() -> None:
    with pytest.raises(OneSetExceeded) as raised:
        check_one_set(hands(f"{DRAGONS} F1", f"{PLAIN} F1 S2", "", ""))
    assert (raised.value.tile, raised.value.count, raised.value.hands) == (Bonus.F1, 2, (0, 1))
    assert "F1 2 times in hands 1, 2" in str(raised.value)


def test_four_of_a_tile_across_the_hands_is_one_set() -> None:
    check_one_set(hands("[RdRdRd] 2b 3b 4b 6c 7c 9c 9c Ew Sw Nw", PLAIN.replace("Gd", "Rd")))


def test_a_hand_not_given_holds_nothing() -> None:
    check_one_set([None, *hands(DRAGONS), None])


def test_play_game_refuses_the_game_whole_naming_the_players() -> None:
    entry = GameEntry(0, ("[RdRdRd] 123b 456b 789b 55k win=5k by=wall", DRAGONS, DRAGONS, PLAIN))
    with pytest.raises(EntryError) as raised:
        replay(Profile(), [entry])
    error = raised.value
    assert (error.kind, error.number, error.player, error.players) == (
        "one_set",
        1,
        None,
        (0, 1, 2),
    )
    assert isinstance(error.cause, OneSetExceeded) and error.cause.tile == Tile.RED


def test_a_bonus_tile_twice_in_a_game_is_refused_on_replay() -> None:
    other = "[777c] 999b 23b 1k 4k 6k Rd Wd"
    entry = GameEntry(0, (f"{CALLER} F2", f"{DRAGONS} F2", PLAIN, other))
    with pytest.raises(EntryError) as raised:
        replay(Profile(), [entry])
    assert (raised.value.kind, raised.value.players) == ("one_set", (0, 1))
    assert raised.value.cause.tile is Bonus.F2
    # Without the second F2 the same game is played.
    assert replay(Profile(), [GameEntry(0, (f"{CALLER} F2", DRAGONS, PLAIN, other))]).outcomes


def test_a_draw_with_hands_given_is_checked_too() -> None:
    entry = GameEntry(None, (DRAGONS, DRAGONS, "", ""))
    with pytest.raises(EntryError) as raised:
        replay(Profile(), [entry])
    assert (raised.value.kind, raised.value.players) == ("one_set", (0, 1))


def test_every_tile_held_too_often_is_named_not_only_the_first() -> None:
    # Stored before 2026-11-28: one correction must mend them all, so all are told.
    with pytest.raises(OneSetExceeded) as raised:
        check_one_set(
            hands(
                "[RdRdRd] 1k 2k 4k 9c 9c Ew Sw Ww Nw Wd F1",
                "[GdGdGd] 567c 789k 123k 99c win=9c by=wall",
                f"{DRAGONS} F1",
                "[RdRdRd] 11b 45b 2k 3k 7k 8k Nw Wd",
            )
        )
    every = [(each.tile, each.count, each.hands) for each in raised.value.every]
    assert every == [
        (Tile.C9, 6, (0, 1, 2)),
        (Tile.RED, 9, (0, 2, 3)),
        (Bonus.F1, 2, (0, 2)),
    ]
    assert raised.value.holders == (0, 1, 2, 3)
    assert str(raised.value) == (
        "6 9s of circles in hands 1, 2, 3: one set at a table has 4 of each tile; "
        "9 red dragons in hands 1, 3, 4: one set at a table has 4 of each tile; "
        "F1 2 times in hands 1, 3: there is one of each bonus tile"
    )
