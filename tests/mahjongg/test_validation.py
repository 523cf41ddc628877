"""MAHJONGG.md §1.2: what a line may hold. Each error is its own type, carries its facts and
says exactly what is wrong; nothing half-read is scored."""

from __future__ import annotations

import pytest

from scoring.mahjongg import (
    BadContextValue,
    BadSet,
    Bonus,
    BracketError,
    ByWithoutWin,
    InvalidLine,
    KanReplacementWithoutKan,
    MisplacedKey,
    MissingKey,
    RepeatedBonusTile,
    RepeatedKey,
    Tile,
    TooManyCopies,
    UnknownToken,
    WinNotConcealed,
    WinWithoutBy,
    WrongTileCount,
    score_hand,
)

CALLER = "123b 456b 789b 234c 55k seat=E round=E win=5k by=discard"


def test_a_sound_caller_line_scores() -> None:
    assert score_hand(CALLER).total == 44


@pytest.mark.parametrize("token", ["5x", "10b", "J", "F", "F5", "S0", "Xw", "5b5", "b"])
def test_it_rejects_an_unknown_token(token: str) -> None:
    with pytest.raises(UnknownToken) as error:
        score_hand(f"{token} {CALLER}")
    assert error.value.token == token
    assert str(error.value) == f"unknown token '{token}'"


def test_it_rejects_an_unknown_key() -> None:
    with pytest.raises(UnknownToken, match="unknown token 'colour=red'"):
        score_hand(f"{CALLER} colour=red")


@pytest.mark.parametrize(
    ("line", "count", "needed", "kans", "caller"),
    [
        ("123b 456b 789b 234c 5k seat=E round=E win=5k by=wall", 13, 14, 0, True),
        ("123b 456b 789b 234c 55k 5c seat=E round=E win=5k by=wall", 15, 14, 0, True),
        ("[5555b] 123c 456c 789c 2k seat=W round=S win=2k by=kan", 14, 14 + 1, 1, True),
        ("[5555b] {RdRdRdRd} 123c 456c 2k seat=W round=S win=2k by=kan", 15, 14 + 2, 2, True),
        ("123b 456b 789c 345k 55c seat=E round=E", 14, 13, 0, False),
        ("[5555b] 123c 456c 2k 3k seat=W round=S", 12, 13 + 1, 1, False),
    ],
)
def test_it_wants_14_tiles_for_the_caller_13_for_others_plus_one_per_kan(
    line: str, count: int, needed: int, kans: int, caller: bool
) -> None:
    with pytest.raises(WrongTileCount) as error:
        score_hand(line)
    facts = (error.value.count, error.value.needed, error.value.kans, error.value.caller)
    assert facts == (count, needed, kans, caller)


def test_the_count_message_names_the_kans() -> None:
    with pytest.raises(WrongTileCount) as error:
        score_hand("[5555b] {RdRdRdRd} 123c 456c 2k seat=W round=S win=2k by=kan")
    assert str(error.value) == "15 tiles, need 16 with 2 kans: the caller (win=)"


def test_it_rejects_a_fifth_copy_across_hand_and_sets() -> None:
    with pytest.raises(TooManyCopies) as error:
        score_hand("[RdRdRd] RdRd 123c 456c 789c seat=E round=E win=Rd by=wall")
    assert (error.value.tile, error.value.count) == (Tile.RED, 5)
    assert str(error.value) == "5 red dragons: there are 4 of each tile"


def test_it_rejects_a_repeated_bonus_tile() -> None:
    with pytest.raises(RepeatedBonusTile) as error:
        score_hand(f"{CALLER} F2 s3 F2")
    assert error.value.bonus is Bonus.F2
    assert str(error.value) == "F2 twice: there is one of each bonus tile"


@pytest.mark.parametrize(
    ("line", "text", "size"),
    [
        ("[1b 2b] 3b 456b 789b 123c 55c", "12b", 2),
        ("[124b] 456b 789b 123c 55c", "124b", 3),
        ("[89b 1c] 456b 789b 123c 55c", "89b 1c", 3),
        ("[EwSwWw] 456b 789b 123c 55c", "Ew Sw Ww", 3),
        ("[5555b5b] 123c 456c 789c 22k", "55555b", 5),
        ("[] 123b 456b 789b 123c 55c", "", 0),
    ],
)
def test_it_rejects_an_exposed_bracket_that_is_no_set(line: str, text: str, size: int) -> None:
    with pytest.raises(BadSet) as error:
        score_hand(f"{line} seat=E round=E win=5c by=wall")
    assert (error.value.text, error.value.size, error.value.concealed_kan) == (text, size, False)


def test_a_concealed_kan_bracket_holds_four_identical_tiles() -> None:
    with pytest.raises(BadSet) as error:
        score_hand("{555b} 123c 456c 789c 22k seat=W round=S win=2k by=wall")
    assert error.value.concealed_kan
    assert str(error.value) == "{555b} is no concealed kan: '{ }' holds 4 identical tiles"


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("[[123b]] 456b", "nested"),
        ("123b] 456b", "unopened"),
        ("[123b 456b", "unclosed"),
        ("[123b} 456b", "mismatched"),
        ("{5555b] 456b", "mismatched"),
        ("[123b F1] 456b", "bonus"),
        ("[123b seat=E] 456b", "context"),
    ],
)
def test_brackets_pair_up_and_hold_only_tiles(line: str, kind: str) -> None:
    with pytest.raises(BracketError) as error:
        score_hand(line)
    assert error.value.kind == kind


@pytest.mark.parametrize("key", ["seat", "round"])
def test_seat_and_round_are_required(key: str) -> None:
    line = CALLER.replace(f"{key}=E ", "")
    with pytest.raises(MissingKey) as error:
        score_hand(line)
    assert error.value.key == key
    assert str(error.value) == f"{key}= is missing"


def test_win_needs_by() -> None:
    with pytest.raises(WinWithoutBy):
        score_hand(CALLER.replace(" by=discard", ""))


def test_by_needs_win() -> None:
    with pytest.raises(ByWithoutWin):
        score_hand("123b 456b 789b 234c 5k seat=E round=E by=discard")


def test_the_winning_tile_must_be_among_the_concealed_tiles() -> None:
    with pytest.raises(WinNotConcealed) as error:
        score_hand("[123b] 456b 789b 234c 55k seat=E round=E win=1b by=discard")
    assert error.value.tile is Tile.B1
    assert str(error.value) == "win=1b is not among the concealed tiles"


def test_by_kan_needs_a_kan() -> None:
    with pytest.raises(KanReplacementWithoutKan):
        score_hand(CALLER.replace("by=discard", "by=kan"))


@pytest.mark.parametrize(
    ("token", "key"),
    [
        ("seat=X", "seat"),
        ("round=East", "round"),
        ("win=F1", "win"),
        ("win=55c", "win"),
        ("by=claim", "by"),
        ("limit=0", "limit"),
        ("limit=-5", "limit"),
        ("limit=1e3", "limit"),
        ("limit=1000000000", "limit"),
    ],
)
def test_it_rejects_a_value_it_cannot_read(token: str, key: str) -> None:
    line = " ".join(t for t in CALLER.split() if not t.startswith(f"{key}="))
    with pytest.raises(BadContextValue) as error:
        score_hand(f"{line} {token}")
    assert error.value.key == key


def test_it_rejects_a_key_given_twice() -> None:
    with pytest.raises(RepeatedKey) as error:
        score_hand(f"{CALLER} seat=S")
    assert error.value.key == "seat"
    assert str(error.value) == "seat= given twice"


@pytest.mark.parametrize("token", ["settle=diff", "winner=E", "E=38", "dealer=S"])
def test_a_settlement_key_does_not_belong_in_a_hand_line(token: str) -> None:
    with pytest.raises(MisplacedKey) as error:
        score_hand(f"{CALLER} {token}")
    assert isinstance(error.value, InvalidLine)


def test_a_settlement_key_in_a_hand_line_is_named() -> None:
    with pytest.raises(MisplacedKey) as error:
        score_hand(f"{CALLER} winner=E")
    assert str(error.value) == "'winner=E' does not belong in a hand line"


def test_a_long_hostile_limit_is_refused_without_reading_it() -> None:
    with pytest.raises(BadContextValue):
        score_hand(f"{CALLER} limit={'9' * 100_000}")


def test_a_long_unknown_token_is_named_shortly() -> None:
    with pytest.raises(UnknownToken) as error:
        score_hand("x" * 100_000)
    assert len(error.value.token) == 100_000
    assert str(error.value) == f"unknown token '{'x' * 30}…'"


def test_a_hostile_run_of_tiles_is_a_fifth_copy_not_a_hang() -> None:
    with pytest.raises(TooManyCopies) as error:
        score_hand(f"{'1' * 100_000}b seat=E round=E")
    assert error.value.count == 100_000
