"""The table's round state of either game: read, written and shown per seat.

A Mah-Jongg table stores `games.play.mahjongg.serialize.state_to_dict` in `round_state`; its
engine's seats are winds and the table's positions are players (player p sits at
`state.game.seats[p]`), so a seat's view is the engine's view for that player's wind, with
`"game": "mahjongg"` and `"player"` added."""

from __future__ import annotations

from typing import Any

from games.play import serialize as mhing_serialize
from games.play import views as mhing_views
from games.play.mahjongg import serialize as mj_serialize
from games.play.mahjongg import views as mj_views
from games.play.mahjongg.state import GameState


def is_mahjongg_dict(data: Any) -> bool:
    return isinstance(data, dict) and "profile" in data and "game" in data


def state_from_dict(data: Any):
    if is_mahjongg_dict(data):
        return mj_serialize.state_from_dict(data)
    return mhing_serialize.state_from_dict(data)


def state_to_dict(state) -> dict[str, Any]:
    if isinstance(state, GameState):
        return mj_serialize.state_to_dict(state)
    return mhing_serialize.state_to_dict(state)


def wind_of(state: GameState, position: int | None) -> int | None:
    """The engine's seat (a wind) of the table's player `position`; None: a spectator."""
    if position is None or not 0 <= position < len(state.game.seats):
        return None
    return int(state.game.seats[position])


def player_of(state: GameState, wind: int | None) -> int | None:
    if wind is None:
        return None
    return state.game.player_at(type(state.game.round_wind)(wind))


def view_for(state, position: int | None) -> dict[str, Any]:
    if isinstance(state, GameState):
        view = mj_views.view_for(state, wind_of(state, position))
        return {**view, "game": "mahjongg", "player": position}
    return mhing_views.view_for(state, position)
