"""Rounds, winds and who deals (MAHJONGG.md §7), as a pure function a match record and a live
table can both use: `next_game(game, winner)` is the game after `game` ended with `winner`
calling Mah-Jongg (None: a draw), or None when the match is over.

Players are numbered 0..n-1 and keep their numbers; their seat winds change. The first game
seats player i at wind i (player 0 is East).

Three players ([ruling] §6: the North seat stays empty): seats pass among East, South and
West, and a match has three rounds (East, South, West), so that, as with four, each player is
East (or the rotating dealer) for one round; the book does not say, and with the rotating
dealer a North round would have nobody to deal. The classical rotation likewise advances the
round wind after three passes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from .tiles import Wind

GAMES_PER_ROUND = 4  # at least: a round goes on while its dealer wins from the fourth game


class Rotation(Enum):
    FIXED_EAST = "fixed"  # 002, the default: East deals a whole round, then the winds pass
    ROTATING_DEALER = "rotating"  # 002's variant: seats hold, the round wind's seat deals
    CLASSICAL = "classical"  # 004: East passes on after any game he does not win


@dataclass(frozen=True)
class Game:
    """Who sits where in one game of a match, and who deals."""

    rotation: Rotation
    round_wind: Wind
    number: int  # the game's number within its round, from 1
    seats: tuple[Wind, ...]  # seats[p]: player p's seat wind
    passes: int = 0  # classical rotation: how often East has passed on in this round

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def dealer(self) -> Wind:
        """The seat that deals and pays and receives double (§5): East, or with the
        rotating dealer the seat of the round wind."""
        if self.rotation is Rotation.ROTATING_DEALER:
            return self.round_wind
        return Wind.EAST

    def player_at(self, seat: Wind) -> int:
        return self.seats.index(seat)

    @property
    def dealer_player(self) -> int:
        return self.player_at(self.dealer)


def first_game(rotation: Rotation = Rotation.FIXED_EAST, players: int = 4) -> Game:
    if players not in (3, 4):
        raise ValueError("a match has 3 or 4 players")
    return Game(rotation, Wind.EAST, 1, tuple(Wind(p) for p in range(players)))


def next_game(game: Game, winner: Wind | None, settled_draw: bool = False) -> Game | None:
    """The next game of the match after `game` ended: `winner` is the caller's seat, None a
    draw (`settled_draw`: 004's settled draw, which moves East on in the classical rotation).
    None when the match is over."""
    if winner is not None and winner not in game.seats:
        raise ValueError(f"nobody sits at {winner.code}")
    dealer_won = winner == game.dealer
    if game.rotation is Rotation.CLASSICAL:
        # After an East win or a draw nobody moves; after any other game East passes on.
        if dealer_won or (winner is None and not settled_draw):
            return replace(game, number=game.number + 1)
        passed = replace(game, seats=_passed(game.seats), passes=game.passes + 1)
        # [ruling] the round wind advances after four passes (three with three players).
        if passed.passes < game.players:
            return replace(passed, number=game.number + 1)
        return _next_round(replace(passed, passes=0))

    # [ruling] a round has four games, and goes on while its dealer wins the fourth or a
    # later one; a draw counts as not won.
    if game.number < GAMES_PER_ROUND or dealer_won:
        return replace(game, number=game.number + 1)
    if game.rotation is Rotation.FIXED_EAST:
        game = replace(game, seats=_passed(game.seats))  # the rotating dealer's seats hold
    return _next_round(game)


def _passed(seats: tuple[Wind, ...]) -> tuple[Wind, ...]:
    """South becomes East, East North, North West, West South (with three: East West)."""
    return tuple(Wind((seat - 1) % len(seats)) for seat in seats)


def _next_round(game: Game) -> Game | None:
    if game.round_wind + 1 >= game.players:
        return None
    return replace(game, round_wind=Wind(game.round_wind + 1), number=1)
