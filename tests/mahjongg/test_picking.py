"""Building a hand tile by tile (scoring/mahjongg/picking.py), as the calculator's picker does."""

from __future__ import annotations

import pytest

from scoring.mahjongg import Hand, Tile, WinBy, Wind, format_hand, parse_hand
from scoring.mahjongg.picking import (
    AddAs,
    Refused,
    add_bonus,
    add_tile,
    remove_meld,
    remove_tile,
    with_by,
    with_win,
    with_winds,
)
from scoring.mahjongg.tiles import CODE_TO_CARD, Bonus


def line(hand: Hand) -> str:
    return format_hand(hand)


@pytest.mark.parametrize(
    ("add_as", "code", "expected"),
    [
        (AddAs.TILE, "5b", "5b"),
        (AddAs.CHI, "7c", "[789c]"),
        (AddAs.PON, "Gd", "[GdGdGd]"),
        (AddAs.KAN, "1k", "[1111k]"),
        (AddAs.CONCEALED_KAN, "Nw", "{NwNwNwNw}"),
    ],
)
def test_a_tile_is_added_alone_or_as_a_whole_set(add_as, code, expected) -> None:
    assert line(add_tile(Hand(), CODE_TO_CARD[code.lower()], add_as)) == expected


@pytest.mark.parametrize("code", ["8b", "9c", "Ew", "Rd"])
def test_a_chi_cannot_start_at_an_8_a_9_or_an_honour(code) -> None:
    with pytest.raises(Refused) as refused:
        add_tile(Hand(), CODE_TO_CARD[code.lower()], AddAs.CHI)
    assert refused.value.reason == "chi"


def test_it_refuses_a_fifth_copy_also_across_sets() -> None:
    hand = parse_hand("[555b] 5b")
    with pytest.raises(Refused) as refused:
        add_tile(hand, Tile.B5)
    assert (refused.value.reason, refused.value.tile) == ("copies", Tile.B5)
    with pytest.raises(Refused) as refused:
        add_tile(parse_hand("4444b"), Tile.B3, AddAs.CHI)  # the chi's 4b would be the fifth
    assert refused.value.tile == Tile.B4


def test_a_kan_makes_room_for_one_more_tile() -> None:
    full = parse_hand("123456789b 123c 55k")
    with pytest.raises(Refused) as refused:
        add_tile(full, Tile.K9)
    assert refused.value.reason == "full"
    # 11 tiles and a kan of 4 are 15: the caller's 14 and one for the kan.
    with_kan = add_tile(parse_hand("123456789b 55k"), Tile.C1, AddAs.KAN)
    assert line(with_kan) == "123456789b 55k [1111c]"
    with pytest.raises(Refused):
        add_tile(with_kan, Tile.C5)
    with pytest.raises(Refused):  # 12 tiles and a pon are one too many
        add_tile(parse_hand("123456789b 55k 9k"), Tile.C1, AddAs.PON)


def test_a_bonus_tile_is_added_once() -> None:
    hand = add_bonus(Hand(), Bonus.F3)
    assert line(hand) == "F3"
    with pytest.raises(Refused) as refused:
        add_bonus(hand, Bonus.F3)
    assert refused.value.reason == "bonus"


def test_taking_out_the_last_winning_tile_ends_the_callers_hand() -> None:
    hand = parse_hand("234b 55k seat=E round=E win=5k by=wall")
    once = remove_tile(hand, Tile.K5)
    assert (once.win, once.by) == (Tile.K5, WinBy.WALL)
    twice = remove_tile(once, Tile.K5)
    assert (twice.win, twice.by) == (None, None)


def test_without_its_kan_a_kan_replacement_is_self_drawn_from_the_wall() -> None:
    hand = parse_hand("[5555b] 22k seat=E round=E win=2k by=kan")
    assert remove_meld(hand, 0).by is WinBy.WALL


def test_the_winds_default_to_east_and_keep_east_when_chosen() -> None:
    hand = with_winds(Hand())
    assert (hand.seat_wind, hand.round_wind) == (Wind.EAST, Wind.EAST)
    hand = with_winds(with_winds(hand, seat=Wind.NORTH), round_wind=Wind.SOUTH)
    assert (hand.seat_wind, hand.round_wind) == (Wind.NORTH, Wind.SOUTH)
    assert with_winds(hand).seat_wind is Wind.NORTH


def test_the_winning_tile_is_one_of_the_concealed_tiles() -> None:
    hand = parse_hand("234b [RdRdRd] seat=E round=E")
    assert with_win(hand, Tile.RED).win is None  # laid out, not concealed
    won = with_win(hand, Tile.B3)
    assert (won.win, won.by) == (Tile.B3, WinBy.DISCARD)
    assert with_by(won, WinBy.LAST).by is WinBy.LAST
    assert with_by(hand, WinBy.LAST).by is None  # no caller, no way the tile came
    assert with_win(won, None).win is None
