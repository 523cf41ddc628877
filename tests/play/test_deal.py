"""RULES.md §5, the deal: 150 cards shuffled from a seed, 13 each, flowers laid out and
replaced in turn order from the dealer, the dealer draws first."""

from __future__ import annotations

import pytest

from games.play.events import Drew, FlowersLaidOut, RoundStarted
from games.play.round import new_round, shuffled_wall
from games.play.state import Phase
from games.play.tiles import DECK_COUNTS, FLOWER, parse_tile

from .conftest import rigged, tiles


def test_rule_5_deal_shuffles_all_150_cards_from_the_seed() -> None:
    wall = shuffled_wall(42)

    assert len(wall) == 150
    assert [wall.count(t) for t in range(len(DECK_COUNTS))] == list(DECK_COUNTS)
    assert shuffled_wall(42) == wall
    assert shuffled_wall(43) != wall


def test_rule_5_deal_the_same_seed_deals_the_same_round() -> None:
    first, _ = new_round(4, 1, seed="table-9")
    again, _ = new_round(4, 1, seed="table-9")

    assert first == again


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rule_5_deal_gives_13_cards_each_and_the_dealer_draws_first(players: int) -> None:
    dealer = players - 1
    state, events = new_round(players, dealer, seed=7)

    for seat, player in enumerate(state.seats):
        assert FLOWER not in player.concealed
        assert len(player.concealed) == (14 if seat == dealer else 13)
    assert state.turn == dealer and state.phase is Phase.DISCARD
    assert state.just_drawn is not None
    assert events[0] == RoundStarted(players, dealer)
    assert events[-1] == Drew(dealer, state.just_drawn)


def test_rule_5_deal_flowers_are_replaced_in_turn_order_starting_with_the_dealer() -> None:
    hands = [
        "F F 123b 456b 789b 11c",
        "F 234c 567c 89c 22k 34k",
        "F 11k 55k 66k 77k 88k EwEw",  # the dealer
        "SwSwSw WwWwWw NwNwNw RdRd Gd Wd",
    ]
    # Replacements in order: the dealer (seat 2), seat 3 (none), seat 0 (a flower again),
    # seat 1; then the dealer's first draw.
    state = rigged(hands, draws="9k 1k F 2k 3c 4c", dealer=2)
    _, events = new_round(4, 2, wall=state.wall)

    assert events == (
        RoundStarted(4, 2),
        FlowersLaidOut(2, 1),
        FlowersLaidOut(0, 3),
        FlowersLaidOut(1, 1),
        Drew(2, parse_tile("4c")),
    )
    assert [s.flowers for s in state.seats] == [3, 1, 1, 0]
    assert sorted(state.seats[2].concealed) == sorted(tiles("9k 4c 11k 55k 66k 77k 88k EwEw"))
    assert sorted(state.seats[0].concealed) == sorted(tiles("1k 2k 123b 456b 789b 11c"))
    assert parse_tile("3c") in state.seats[1].concealed
    assert state.taken == 4 * 13 + 6


def test_rule_5_turn_a_flower_drawn_is_laid_out_and_the_player_draws_again() -> None:
    hands = ["123b 456b 789b 11c 23c", "111k 222k 333k 444k Ew"]
    state = rigged(hands, draws="F 5b")

    assert state.seats[0].flowers == 1
    assert state.just_drawn == parse_tile("5b")
    assert len(state.seats[0].concealed) == 14


@pytest.mark.parametrize("players", [1, 7])
def test_a_round_has_2_to_6_players(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        new_round(players, 0, seed=1)


def test_a_wall_must_hold_the_whole_deck() -> None:
    with pytest.raises(ValueError, match="150"):
        new_round(2, 0, wall=[0] * 150)
