"""The end of a game: every hand written in the notation of MAHJONGG.md §1.2 and scored,
settled and checked against one set by `scoring.mahjongg.match.play_game`, the same function
a league's game form goes through (so the table and the league can never disagree)."""

from __future__ import annotations

from scoring.mahjongg.hand import Meld as NotationMeld
from scoring.mahjongg.match import GameEntry, GameOutcome, play_game
from scoring.mahjongg.tiles import TILES, Wind
from scoring.mhing.notation import format_cards

from .state import GameState, Outcome, Phase, SeatState
from .tiles import Tile, tile_code


def hand_text(seat: SeatState, win: Tile | None = None, by: str | None = None) -> str:
    """`123b 55c [RdRdRd] {4444k} F1 win=5c by=wall`: the seat's tiles, no context keys."""
    parts = []
    if seat.concealed:
        parts.append(format_cards([TILES[t] for t in seat.concealed]))
    for meld in seat.melds:
        parts.append(NotationMeld(tuple(TILES[t] for t in meld.tiles), meld.concealed).text)
    parts.extend(tile_code(t) for t in seat.bonus)
    if win is not None:
        parts.append(f"win={tile_code(win)} by={by}")
    return " ".join(parts)


def context(state: GameState, seat: int) -> str:
    """The keys the table adds to a seat's hand: `seat=S round=E limit=3000 pairs=caller`."""
    profile = state.profile
    return (
        f"seat={'ESWN'[seat]} round={state.round_wind.code} "
        f"limit={profile.limit} pairs={profile.pairs.value}"
    )


def entry_for(state: GameState, hands: tuple[str, ...], winner: int | None) -> GameEntry:
    """The game as a league enters it: hands by player (the game's seating), the caller."""
    game = state.game
    caller = game.player_at(Wind(winner)) if winner is not None else None
    return GameEntry(caller, tuple(hands[int(game.seats[p])] for p in range(game.players)))


def settle_game(
    state: GameState, entry: GameEntry, number: int = 1, before: tuple[int, ...] | None = None
) -> GameOutcome:
    before = before if before is not None else (0,) * state.players
    return play_game(state.profile, state.game, entry, number, before)


def finish(
    state: GameState,
    seats: tuple[SeatState, ...],
    winner: int | None,
    discarder: int | None = None,
    win: Tile | None = None,
    by: str | None = None,
) -> GameState:
    """The game over: scored and settled."""
    hands = tuple(
        hand_text(seat, win, by) if index == winner else hand_text(seat)
        for index, seat in enumerate(seats)
    )
    entry = entry_for(state, hands, winner)
    result = settle_game(state.evolve(seats=seats), entry)
    game = state.game
    by_seat = {int(game.seats[p]): p for p in range(game.players)}
    scores = tuple(result.totals[by_seat[s]] for s in range(state.players))
    net = tuple(result.net[by_seat[s]] for s in range(state.players))
    payments = tuple(
        {
            "from": int(p.payer),
            "to": int(p.payee),
            "amount": p.amount,
            "keys": list(p.keys),
        }
        for p in result.payments
    )
    settled = winner is not None or state.profile.settled_draw
    outcome = Outcome(winner, discarder, win, by, hands, scores, net, settled, payments)
    return state.evolve(
        seats=seats,
        phase=Phase.OVER,
        drawn=None,
        drawn_by=None,
        last_discard=None,
        answers=(),
        outcome=outcome,
    )
