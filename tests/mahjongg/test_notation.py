"""MAHJONGG.md §1.2: reading hand and settlement lines, and writing hands back."""

from __future__ import annotations

import pytest

from scoring.mahjongg import (
    BadContextValue,
    BadSettlement,
    Bonus,
    Hand,
    Meld,
    Method,
    MisplacedKey,
    MissingKey,
    Pairs,
    RepeatedKey,
    Tile,
    UnknownToken,
    WinBy,
    Wind,
    format_hand,
    is_settlement_line,
    parse_hand,
    parse_line,
    parse_settlement,
    score_hand,
)


def test_it_reads_tiles_sets_bonus_tiles_and_context() -> None:
    hand = parse_hand("[NwNwNw] 777k {1111c} 29b Rd F4 S1 seat=N round=S limit=1000")
    assert hand.concealed == (Tile.B2, Tile.B9, Tile.K7, Tile.K7, Tile.K7, Tile.RED)
    assert hand.melds == (
        Meld((Tile.NORTH,) * 3),
        Meld((Tile.C1,) * 4, concealed=True),
    )
    assert hand.bonus == (Bonus.F4, Bonus.S1)
    assert (hand.seat_wind, hand.round_wind, hand.limit) == (Wind.NORTH, Wind.SOUTH, 1000)
    assert (hand.win, hand.by) == (None, None)


def test_the_caller_line_has_win_and_by() -> None:
    hand = parse_hand("123b 456b 789b [RdRdRd] 55c seat=S round=E win=5c by=wall")
    assert (hand.win, hand.by, hand.is_caller) == (Tile.C5, WinBy.WALL, True)


def test_tokens_are_case_insensitive() -> None:
    lower = parse_hand("123B [rdRDrd] 55C f1 s2 SEAT=s Round=ew WIN=5c BY=Wall")
    assert lower == parse_hand("123b [RdRdRd] 55c F1 S2 seat=S round=E win=5c by=wall")


def test_one_token_may_chain_units_and_a_bracket_may_hold_spaces() -> None:
    assert parse_hand("[5b5b5b5b] 123bRd") == parse_hand("[5555b] 1b 2b 3b Rd")
    assert parse_hand("[Rd Rd Rd]") == parse_hand("[RdRdRd]")


def test_how_concealed_tiles_are_grouped_into_tokens_means_nothing() -> None:
    assert parse_hand("111222333b") == parse_hand("123b 123b 123b")


@pytest.mark.parametrize("text", ["Sw", "S1", "Ww", "Wd", "s1sw", "F1Ew"])
def test_seasons_winds_and_white_dragons_are_told_apart(text: str) -> None:
    tiles, bonus = parse_hand(text).concealed, parse_hand(text).bonus
    codes = [t.code for t in tiles] + [b.code for b in bonus]
    expected = {
        "Sw": ["Sw"],
        "S1": ["S1"],
        "Ww": ["Ww"],
        "Wd": ["Wd"],
        "s1sw": ["Sw", "S1"],
        "F1Ew": ["Ew", "F1"],
    }[text]
    assert codes == expected


def test_seat_and_round_accept_the_wind_tiles_codes_too() -> None:
    hand = parse_hand("seat=Ww round=nw")
    assert (hand.seat_wind, hand.round_wind) == (Wind.WEST, Wind.NORTH)


def test_format_writes_the_canonical_line() -> None:
    hand = parse_hand("Rd 29b F4 777k [NwNwNw] S1 {1c1c1c1c} round=s seat=n")
    assert format_hand(hand) == "29b 777k Rd [NwNwNw] {1111c} F4 S1 seat=N round=S"
    assert parse_hand(format_hand(hand)) == hand


def test_format_writes_every_key() -> None:
    line = "123456789b 55c [RdRdRd] seat=S round=E win=5c by=last limit=500"
    assert format_hand(parse_hand(line)) == line


def test_the_book_examples_read_back_the_same() -> None:
    for line in (
        "123b 456b 789b [RdRdRd] 55c seat=S round=E win=5c by=wall",
        "[NwNwNw] 777k 1111c 29b Rd F4 S1 seat=N round=S",
    ):
        hand = parse_hand(line)
        assert parse_hand(format_hand(hand)) == hand


def test_a_meld_may_be_typed_in_any_order() -> None:
    assert parse_hand("[5b 3b 4b]") == parse_hand("[345b]")
    assert parse_hand("[5b 3b 4b]").melds[0].text == "[345b]"


def test_a_limit_on_the_line_overrides_the_agreed_one() -> None:
    line = "{EwEwEwEw} [RdRdRd] 999b 111k SwSw seat=E round=E win=1k by=wall"
    assert score_hand(line).total == 3000
    assert score_hand(line, limit=5000).total == 5000
    assert score_hand(f"{line} limit=1000", limit=5000).total == 1000


# Settlement lines


def test_it_reads_a_settlement_line() -> None:
    line = parse_settlement("settle=full winner=W dealer=S E=38 S=280 W=130 N=12")
    assert line.method is Method.FULL
    assert (line.winner, line.dealer) == (Wind.WEST, Wind.SOUTH)
    assert line.scores == ((Wind.EAST, 38), (Wind.SOUTH, 280), (Wind.WEST, 130), (Wind.NORTH, 12))


def test_dealer_defaults_to_east_and_winner_may_be_none() -> None:
    line = parse_settlement("settle=diff winner=none E=0 S=1 W=2 N=3")
    assert (line.winner, line.dealer) == (None, Wind.EAST)


def test_three_players_have_no_north() -> None:
    line = parse_settlement("settle=diff winner=S E=10 S=50 W=0")
    assert [seat for seat, _score in line.scores] == [Wind.EAST, Wind.SOUTH, Wind.WEST]


def test_a_settle_token_makes_a_settlement_line() -> None:
    assert is_settlement_line("E=1 S=2 W=3 settle=diff winner=E")
    assert not is_settlement_line("123b seat=E round=E")
    assert parse_line("123b 55c seat=E round=E") == Hand(
        (Tile.B1, Tile.B2, Tile.B3, Tile.C5, Tile.C5), seat_wind=Wind.EAST, round_wind=Wind.EAST
    )


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("settle=diff winner=W E=38 S=280 W=130 N=12 123b", MisplacedKey),
        ("settle=diff winner=W E=38 S=280 W=130 N=12 seat=E", MisplacedKey),
        ("settle=diff winner=W E=38 S=280 W=130 N=12 [", MisplacedKey),
        ("settle=diff winner=W E=38 S=280 W=130 N=12 bonus=3", UnknownToken),
        ("settle=diff winner=W E=38 S=280 W=130 W=12", RepeatedKey),
        ("settle=diff E=38 S=280 W=130 N=12", MissingKey),
        ("winner=W E=38 S=280 W=130 N=12 settle=half", BadContextValue),
        ("settle=diff winner=X E=38 S=280 W=130 N=12", BadContextValue),
        ("settle=diff winner=W E=-38 S=280 W=130 N=12", BadContextValue),
        ("settle=diff winner=W E=3.5 S=280 W=130 N=12", BadContextValue),
        ("settle=diff winner=W E=38 S=280 N=12", MissingKey),
        ("settle=diff winner=N E=38 S=280 W=130", BadSettlement),
        ("settle=diff winner=E dealer=N E=38 S=280 W=130", BadSettlement),
    ],
)
def test_a_settlement_line_holds_its_keys_and_nothing_else(line: str, error: type) -> None:
    with pytest.raises(error):
        parse_settlement(line)


def test_a_missing_seat_score_is_named_by_its_seat() -> None:
    with pytest.raises(MissingKey) as error:
        parse_settlement("settle=diff winner=E E=38 S=280 N=12")
    assert str(error.value) == "W= is missing"


def test_it_reads_and_writes_back_pairs_all_and_pairs_caller() -> None:
    # §1.2 (2026-11-28): 004's variant on the line; absent means the agreed one.
    line = "[RdRdRd] 2b 3b 4b 6c 7c 9c 9c SwSw Nw seat=E round=E"
    assert parse_hand(line).pairs is None
    for value, pairs in (("all", Pairs.ALL), ("CALLER", Pairs.CALLER)):
        hand = parse_hand(f"{line} pairs={value}")
        assert hand.pairs is pairs
        assert format_hand(hand).endswith(f"pairs={pairs.value}")
        assert parse_hand(format_hand(hand)) == hand


def test_a_bad_or_repeated_pairs_value_is_an_error() -> None:
    line = "2b 5b 8b 1c 4c 7c 3k 6k 9k Ew Sw Ww Rd seat=S round=E"
    with pytest.raises(BadContextValue) as error:
        parse_hand(f"{line} pairs=some")
    assert (error.value.key, error.value.expected) == ("pairs", "caller or all")
    with pytest.raises(RepeatedKey):
        parse_hand(f"{line} pairs=all pairs=caller")
    with pytest.raises(MisplacedKey):
        parse_settlement("settle=diff winner=E E=1 S=0 W=0 N=0 pairs=all")


def test_pairs_on_the_line_overrides_the_agreed_variant() -> None:
    line = "[RdRdRd] 2b 3b 4b 6c 7c 9c 9c SwSw Nw seat=E round=E"
    assert score_hand(line, pairs=Pairs.ALL).total == 12
    assert score_hand(f"{line} pairs=caller", pairs=Pairs.ALL).total == 8
    assert score_hand(f"{line} pairs=all").total == 12
