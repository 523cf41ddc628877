"""What one seat may see of a round: `view_for(state, seat)`, a JSON-ready dict.

The seat's own concealed cards, other hands as counts only, everything that lies open on
the table, and the actions the seat may take now. A spectator (seat None) sees no concealed
cards at all. Once the round is over every hand is revealed, with the winner's score. Bots
decide from this dict alone, so they can never use a card the seat could not see.
"""

from __future__ import annotations

from typing import Any

from .events import outcome_to_dict
from .round import awaiting, legal_actions
from .state import Meld, Phase, RoundState
from .tiles import codes, tile_code


def meld_to_dict(meld: Meld) -> dict[str, Any]:
    return {
        "cards": codes(meld.tiles),
        "kind": meld.kind.value,
        "claimed": tile_code(meld.tiles[0]),
        "from": meld.claimed_from,
        "named": None if meld.named is None else tile_code(meld.named),
    }


def view_for(state: RoundState, seat: int | None) -> dict[str, Any]:
    """The round as `seat` sees it (None: a spectator). Schema in docs/play_engine.md."""
    over = state.phase is Phase.OVER
    seats = []
    for i, player in enumerate(state.seats):
        shown = over or i == seat
        seats.append(
            {
                "seat": i,
                "hand": codes(player.concealed) if shown else None,
                "hand_count": len(player.concealed),
                # The card just drawn, so a client can set it apart; the drawer's secret.
                "drawn": (
                    tile_code(state.just_drawn)
                    if i == seat and i == state.turn and state.just_drawn is not None
                    else None
                ),
                "exposed": [meld_to_dict(m) for m in player.exposed],
                "flowers": player.flowers,
                "discards": codes(player.discards),
            }
        )
    last = None
    if state.last_discard is not None:
        by, card = state.last_discard
        last = {
            "seat": by,
            "card": tile_code(card),
            "index": len(state.seats[by].discards) - 1,
            "open": state.phase is Phase.CLAIMS,
        }
    claims = None
    if state.phase is Phase.CLAIMS:
        waiting = awaiting(state)
        own = state.answers[seat] if seat is not None else None
        claims = {
            "discarder": state.turn,
            "card": tile_code(state.last_discard[1]),
            "waiting": list(waiting),
            "answered": [
                s for s, a in enumerate(state.answers) if a is not None and s != state.turn
            ],
            "may_answer": seat in waiting,
            "has_answered": own is not None,
            # Only the seat's own answer: others' stay secret until the window closes.
            "your_answer": own.to_dict() if own is not None else None,
        }
    return {
        "seat": seat,
        "players": state.players,
        "dealer": state.dealer,
        "turn": state.turn,
        "phase": state.phase.value,
        "moves": state.moves,
        "stock": state.stock_count,
        "seats": seats,
        "last_discard": last,
        "claims": claims,
        # A spectator acts on nothing: legal_actions(state, None) is what the table itself
        # may do (close the claim window on its timeout), never a viewer's move.
        "actions": [a.to_dict() for a in legal_actions(state, seat)] if seat is not None else [],
        "outcome": outcome_to_dict(state.outcome) if over else None,
    }
