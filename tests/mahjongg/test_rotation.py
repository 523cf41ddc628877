"""MAHJONGG.md §7 over whole matches: fixed East, the rotating dealer and the classical
rotation, with 4 and 3 players."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from scoring.mahjongg import Game, Rotation, Wind, first_game, next_game

E, S, W, N = Wind
Outcome = Callable[[Game], tuple[Wind | None, bool]]  # the game → (winner, settled draw)


def play(rotation: Rotation, outcome: Outcome, players: int = 4, limit: int = 500) -> list[Game]:
    """Every game of a match whose games end as `outcome` says."""
    games = [first_game(rotation, players)]
    while True:
        winner, settled = outcome(games[-1])
        following = next_game(games[-1], winner, settled)
        if following is None:
            return games
        games.append(following)
        assert len(games) < limit, "the match never ends"


def south_always_wins(game: Game) -> tuple[Wind | None, bool]:
    return S, False


def dealer_always_wins(game: Game) -> tuple[Wind | None, bool]:
    return game.dealer, False


def dealer_never_wins(game: Game) -> tuple[Wind | None, bool]:
    return Wind((game.dealer + 1) % game.players), False


# Fixed East (002, the default)


def test_fixed_east_a_round_has_four_games_and_the_winds_pass_after_it() -> None:
    games = play(Rotation.FIXED_EAST, south_always_wins)
    assert len(games) == 16
    assert [g.round_wind for g in games[::4]] == [E, S, W, N]
    assert [g.number for g in games[:4]] == [1, 2, 3, 4]
    # South becomes East, East North, North West, West South
    assert games[3].seats == (E, S, W, N)
    assert games[4].seats == (N, E, S, W)
    # each player is East for one round, and East deals every game of it
    assert Counter(g.dealer_player for g in games) == {0: 4, 1: 4, 2: 4, 3: 4}
    assert all(g.dealer is E for g in games)


def test_ruling_east_winning_the_fourth_game_extends_the_round_until_east_does_not_win() -> None:
    def east_wins_games_4_to_6(game: Game) -> tuple[Wind | None, bool]:
        if game.round_wind is E and 4 <= game.number <= 6:
            return E, False
        return S, False

    games = play(Rotation.FIXED_EAST, east_wins_games_4_to_6)
    east_round = [g for g in games if g.round_wind is E]
    assert [g.number for g in east_round] == [1, 2, 3, 4, 5, 6, 7]
    assert len(games) == 7 + 12


def test_ruling_an_east_win_before_the_fourth_game_does_not_end_or_extend_the_round() -> None:
    def east_wins_early(game: Game) -> tuple[Wind | None, bool]:
        return (E, False) if game.number <= 2 else (S, False)

    assert len(play(Rotation.FIXED_EAST, east_wins_early)) == 16


def test_ruling_a_draw_counts_as_not_won_by_east() -> None:
    def draws(game: Game) -> tuple[Wind | None, bool]:
        return None, False

    assert len(play(Rotation.FIXED_EAST, draws)) == 16


# Rotating dealer (002's variant)


def test_rotating_dealer_seats_hold_and_the_round_winds_seat_deals() -> None:
    games = play(Rotation.ROTATING_DEALER, dealer_never_wins)
    assert len(games) == 16
    assert {g.seats for g in games} == {(E, S, W, N)}
    assert [g.dealer for g in games[::4]] == [E, S, W, N]
    assert [g.dealer_player for g in games[::4]] == [0, 1, 2, 3]


def test_rotating_dealer_extends_the_round_while_the_dealer_wins_from_game_four() -> None:
    def south_wins(game: Game) -> tuple[Wind | None, bool]:
        if game.round_wind is S and game.number in (4, 5):
            return S, False  # the South round's dealer
        return dealer_never_wins(game)

    games = play(Rotation.ROTATING_DEALER, south_wins)
    assert [g.number for g in games if g.round_wind is S] == [1, 2, 3, 4, 5, 6]


# Classical rotation (004)


def test_classical_east_passes_after_any_game_he_does_not_win() -> None:
    games = play(Rotation.CLASSICAL, south_always_wins)
    assert len(games) == 16
    assert games[1].seats == (N, E, S, W)
    assert [g.round_wind for g in games[::4]] == [E, S, W, N]


def test_classical_after_an_east_win_or_a_draw_nobody_moves() -> None:
    game = first_game(Rotation.CLASSICAL)
    assert next_game(game, E).seats == game.seats
    assert next_game(game, None).seats == game.seats
    assert next_game(game, E).number == 2


def test_ruling_classical_a_settled_draw_passes_east_on() -> None:
    game = first_game(Rotation.CLASSICAL)
    assert next_game(game, None, settled_draw=True).seats == (N, E, S, W)


def test_ruling_classical_the_round_wind_advances_after_four_passes() -> None:
    def east_wins_every_other(game: Game) -> tuple[Wind | None, bool]:
        return (E, False) if game.number % 2 else (W, False)

    games = play(Rotation.CLASSICAL, east_wins_every_other)
    east_round = [g for g in games if g.round_wind is E]
    assert len(east_round) == 8  # four East wins kept East, four other wins passed it
    assert games[len(east_round)].round_wind is S
    assert len(games) == 32


def test_a_match_where_east_always_wins_never_ends_in_the_classical_rotation() -> None:
    with pytest.raises(AssertionError, match="never ends"):
        play(Rotation.CLASSICAL, dealer_always_wins, limit=50)


# Three players


@pytest.mark.parametrize("rotation", list(Rotation))
def test_three_players_play_three_rounds_each_dealing_one(rotation: Rotation) -> None:
    games = play(rotation, dealer_never_wins, players=3)
    assert [g.round_wind for g in games[:: len(games) // 3]] == [E, S, W]
    assert all(N not in g.seats for g in games)
    assert set(Counter(g.dealer_player for g in games).values()) == {len(games) // 3}


def test_three_players_pass_south_to_east_east_to_west() -> None:
    games = play(Rotation.FIXED_EAST, south_always_wins, players=3)
    assert games[4].seats == (W, E, S)


def test_a_winner_must_sit_at_the_table() -> None:
    with pytest.raises(ValueError):
        next_game(first_game(players=3), N)
    with pytest.raises(ValueError):
        first_game(players=5)
