"""What one seat may see (`view_for(state, seat)`), JSON-ready; `seat=None` for a spectator.

A seat sees its own concealed tiles and the tile it just drew; of the others only how many
tiles they hold, what they laid out (sets, concealed kans, bonus tiles) and their discards.
At the game's end every hand is shown. Others' answers in a claim window stay secret.
"""

from __future__ import annotations

from typing import Any

from .engine import legal_actions
from .state import GameState, Meld, Phase
from .tiles import tile_code


def _codes(tiles) -> list[str]:
    return [tile_code(t) for t in tiles]


def _meld(meld: Meld) -> dict[str, Any]:
    return {
        "tiles": _codes(meld.tiles),
        "kind": meld.kind.value,
        "concealed": meld.concealed,
        "from": meld.claimed_from,
        "claimed": tile_code(meld.claimed) if meld.claimed is not None else None,
    }


def view_for(state: GameState, seat: int | None) -> dict[str, Any]:
    over = state.phase is Phase.OVER
    game = state.game
    seats = []
    for index, player in enumerate(state.seats):
        mine = index == seat
        seats.append(
            {
                "seat": index,
                "wind": "ESWN"[index],
                "player": game.player_at(type(game.round_wind)(index)),
                "hand": _codes(player.concealed) if mine or over else None,
                "hand_count": len(player.concealed),
                "drawn": (
                    tile_code(state.drawn)
                    if mine and state.turn == index and state.drawn is not None
                    else None
                ),
                "melds": [_meld(m) for m in player.melds],
                "bonus": _codes(player.bonus),
                "discards": _codes(player.discards),
            }
        )
    claims = None
    if state.phase is Phase.CLAIMS:
        discarder, tile = state.last_discard
        waiting = [s for s in range(state.players) if s != discarder and state.answers[s] is None]
        own = state.answers[seat] if seat is not None and seat != discarder else None
        claims = {
            "discarder": discarder,
            "tile": tile_code(tile),
            "waiting": waiting,
            "answered": [
                s for s in range(state.players) if s != discarder and state.answers[s] is not None
            ],
            "may_answer": seat in waiting,
            "has_answered": own is not None,
            "your_answer": own.to_dict() if own is not None else None,
            "mahjongg_only": state.final_discard,
        }
    last = None
    if state.last_discard is not None:
        discarder, tile = state.last_discard
        last = {"seat": discarder, "tile": tile_code(tile), "open": True}
    return {
        "seat": seat,
        "players": state.players,
        "dealer": state.dealer,
        "round_wind": state.round_wind.code,
        "game_number": game.number,
        "turn": state.turn,
        "phase": state.phase.value,
        "moves": state.moves,
        "wall": {
            "live": state.live_count,
            "dead": state.dead_count,
            "dice": [list(d) for d in state.dice],
        },
        "rules": state.profile.to_dict(),
        "seats": seats,
        "last_discard": last,
        "claims": claims,
        # A spectator acts on nothing (the table's close_claims is the server's, not a viewer's).
        "actions": [a.to_dict() for a in legal_actions(state, seat)] if seat is not None else [],
        "outcome": _outcome(state) if over else None,
    }


def _outcome(state: GameState) -> dict[str, Any]:
    outcome = state.outcome
    return {
        "result": "draw" if outcome.is_draw else "mahjongg",
        "winner": outcome.winner,
        "discarder": outcome.discarder,
        "win": tile_code(outcome.win) if outcome.win is not None else None,
        "by": outcome.by,
        "hands": list(outcome.hands),
        "scores": list(outcome.scores),
        "net": list(outcome.net),
        "settled": outcome.settled,
        "payments": [dict(p) for p in outcome.payments],
    }
