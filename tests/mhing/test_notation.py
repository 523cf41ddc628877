"""RULES.md §1, notation: parsing hands and formatting them back."""

from __future__ import annotations

import pytest

from scoring.mhing import (
    JOKER,
    BracketError,
    Card,
    ExposedSet,
    Hand,
    UnknownToken,
    format_hand,
    parse_hand,
)


def test_it_reads_suit_runs_as_single_cards() -> None:
    hand = parse_hand("567b 99c 5k")
    assert hand.concealed == (Card.B5, Card.B6, Card.B7, Card.C9, Card.C9, Card.K5)


def test_it_reads_any_digits_of_one_suit_not_only_runs() -> None:
    assert parse_hand("147b").concealed == (Card.B1, Card.B4, Card.B7)


def test_it_reads_honours_jokers_and_flowers_written_together() -> None:
    hand = parse_hand("RdRdRd EwSw JJ FF")
    assert hand.concealed == (Card.EAST, Card.SOUTH, Card.RED, Card.RED, Card.RED)
    assert hand.jokers == 2
    assert hand.flowers == 2


def test_it_ignores_case() -> None:
    assert parse_hand("5B RDrd ew j f") == parse_hand("5b Rd Rd Ew J F")


def test_it_tells_white_dragon_from_west_wind() -> None:
    assert parse_hand("Wd Ww").concealed == (Card.WEST, Card.WHITE)


def test_it_reads_exposed_sets_with_or_without_spaces_inside_the_brackets() -> None:
    hand = parse_hand("[5b J 7b] [RdRdRd]")
    assert hand.exposed == (
        ExposedSet((Card.B5, JOKER, Card.B7)),
        ExposedSet((Card.RED, Card.RED, Card.RED)),
    )
    assert parse_hand("[ 5b J 7b ]") == parse_hand("[5b J 7b]")


def test_the_example_of_the_rule_book_has_fourteen_playing_cards_and_two_flowers() -> None:
    hand = parse_hand("123c 123c 99b [5b J 7b] [RdRdRd] F F")
    assert hand.playing_cards == 14
    assert hand.flowers == 2
    assert len(hand.exposed) == 2


@pytest.mark.parametrize("token", ["xb", "0b", "10b", "5x", "Rw", "Ed", "JQ", "5", "b"])
def test_it_names_the_unknown_token(token: str) -> None:
    with pytest.raises(UnknownToken) as error:
        parse_hand(f"123b {token} 456c")
    assert error.value.token == token
    assert str(error.value) == f"unknown card '{token}'"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1b 2b 3b", "'[' is never closed with ']'"),
        ("1b 2b 3b]", "']' without a matching '['"),
        ("[1b [2b 3b]]", "'[' inside an exposed set"),
        ("[F 1b 2b]", "a flower cannot be part of an exposed set"),
    ],
)
def test_it_refuses_brackets_that_do_not_pair_up(text: str, message: str) -> None:
    with pytest.raises(BracketError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_hand(text)


@pytest.mark.parametrize(
    "text",
    [
        "123c 123c 99b [5b J 7b] [RdRdRd] F F",
        "345b 345b 345b 345b J J FFFFFFFF",
        "J 5b 8b 1c 4c 7c 3k 6k 9k Ew Sw Ww Nw Gd",
        "[J J J] 111k EwEw",
    ],
)
def test_formatting_then_parsing_gives_the_same_hand(text: str) -> None:
    hand = parse_hand(text)
    assert parse_hand(format_hand(hand)) == hand


def test_it_formats_compactly_in_deck_order() -> None:
    hand = Hand((Card.RED, Card.C1, Card.B9, Card.B1, Card.RED), jokers=1, flowers=2)
    assert format_hand(hand) == "19b 1c RdRd J FF"
