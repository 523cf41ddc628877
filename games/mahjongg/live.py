"""Classical Mah-Jongg at the live table (MAHJONGG.md §6, §7): the shell's game interface
(games.engine.LiveGame) on the engine of games.play.mahjongg and its match, registered by
games.apps.

Positions are players; the engine's seats are winds (player p sits at `state.game.seats[p]`),
so a seat's view is the engine's view for that player's wind, with `"game": "mahjongg"` and
`"player"` added, and each event is worded for a player's wind with the acting player added."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from games.engine import LiveGame, Table, ViewedEvent
from games.mahjongg import forms as mj_forms
from games.mahjongg import page, summary
from games.mahjongg.messages import ILLEGAL
from games.mahjongg.recording import record_mahjongg
from games.play.errors import PlayError
from games.play.mahjongg import serialize
from games.play.mahjongg import views as mj_views
from games.play.mahjongg.actions import Action, CloseClaims, action_from_dict
from games.play.mahjongg.bots import choose_action
from games.play.mahjongg.command import add_mahjongg_arguments, play_mahjongg
from games.play.mahjongg.engine import apply, awaiting
from games.play.mahjongg.events import event_to_dict
from games.play.mahjongg.match import (
    Match,
    match_from_dict,
    match_to_dict,
    new_match,
    record_game,
    start_game,
)
from games.play.mahjongg.state import GameState
from leagues.kinds.base import Words
from scoring.mahjongg.profile import Profile


def wind_of(state: GameState, position: int | None) -> int | None:
    """The engine's seat (a wind) of the table's player `position`; None: a spectator."""
    if position is None or not 0 <= position < len(state.game.seats):
        return None
    return int(state.game.seats[position])


def player_of(state: GameState, wind: int | None) -> int | None:
    if wind is None:
        return None
    return state.game.player_at(type(state.game.round_wind)(wind))


class PlayerEvent:
    """An engine event as the table stores it per viewer: `viewer` is a table position,
    shown the event as its wind sees it, with the acting seat's player added. A new game's
    `game_started` says who sits at which wind (as `table.match.seats`): its events come
    before the snapshot that shows the new winds (docs/live_protocol.md)."""

    def __init__(self, event: Any, state: GameState) -> None:
        self.event, self.state = event, state

    def to_dict(self, viewer: int | None) -> dict[str, Any]:
        out = event_to_dict(self.event, wind_of(self.state, viewer))
        if self.event.seat is not None:
            out["player"] = player_of(self.state, self.event.seat)
        if self.event.type == "game_started":
            game = self.state.game
            out["seats"] = {game.seats[p].code: p for p in range(self.state.players)}
        return out


def game_result(state: GameState, match: Match) -> dict[str, Any]:
    """A finished game as the table shows and the league records it, every list by player."""
    played = match.games[-1]
    game, outcome = state.game, state.outcome
    by_player = [int(game.seats[p]) for p in range(state.players)]
    return {
        "number": played.number,
        "round_wind": game.round_wind.code,
        "game_in_round": game.number,
        "seats": {game.seats[p].code: p for p in range(state.players)},
        "dealer": game.dealer_player,
        "winner": player_of(state, outcome.winner),
        "by": outcome.by,
        "hands": list(played.entry.hands),
        "scores": [outcome.scores[w] for w in by_player],
        "payments": [
            {
                "payer": game.player_at(p.payer),
                "payee": game.player_at(p.payee),
                "amount": p.amount,
                "doubled": p.doubled,
            }
            for p in played.payments
        ],
        "net": list(played.net),
        "balance": list(played.balance),
    }


class MahjonggLive(LiveGame):
    key = "mahjongg"
    words = Words("games/mahjongg/words.html")
    refusals = (PlayError,)
    still_playing = gettext_lazy(
        "The game is still being played."
    )  # its errors are the Mhing engine's kinds (games.play.errors)

    # -- the lobby --

    def form_fields(self) -> dict[str, forms.Field]:
        return mj_forms.form_fields()

    def form_order(self) -> list[str]:
        return list(mj_forms.FORM_ORDER)

    def table_settings(self, data: dict[str, Any]) -> dict[str, Any]:
        return mj_forms.mahjongg_settings(data)

    def configure(self, table: Table, league: Any, settings: dict[str, Any]) -> None:
        """Its rules are its league's profile, or the profile picked when a table without
        a league is opened; its players the profile's 3 or 4."""
        rules = league.rule_profile() if league is not None else settings.get("rules")
        profile = rules or Profile()
        table.players, table.rules = profile.players, profile.to_dict()

    # -- the state as JSON --

    state_from_dict = staticmethod(serialize.state_from_dict)
    state_to_dict = staticmethod(serialize.state_to_dict)

    # -- play --

    def start(self, table: Table, seed: int) -> tuple[dict[str, Any], GameState, Iterable]:
        match = new_match(Profile.from_dict(table.rules), seed)
        state, events = start_game(match)
        return match_to_dict(match), state, events

    def deal_next(self, match: dict[str, Any]) -> tuple[GameState, Iterable]:
        return start_game(match_from_dict(match))

    def action(self, data: Any) -> Action:
        return data if isinstance(data, Action) else action_from_dict(data)

    def apply(self, state: GameState, position: int | None, action: Action) -> tuple:
        return apply(state, wind_of(state, position), action)

    def close_claims(self) -> Action:
        return CloseClaims()

    def awaiting(self, state: GameState) -> Iterable[int]:
        return [player_of(state, wind) for wind in awaiting(state)]

    def on_turn(self, state: GameState) -> int:
        return player_of(state, state.turn)

    def bot_action(self, state: GameState, position: int, table_key: Any) -> Action:
        # Seeded by the table and the move, so a replayed table makes the same choices.
        wind = wind_of(state, position)
        rng = random.Random(f"{table_key}:{state.seed}:{state.moves}:{wind}")
        return choose_action(mj_views.view_for(state, wind), wind, rng)

    def finish_round(
        self, match: dict[str, Any], state: GameState
    ) -> tuple[dict[str, Any], dict[str, Any], bool]:
        played = record_game(match_from_dict(match), state)
        return match_to_dict(played), game_result(state, played), played.finished

    def viewed_events(self, events: Iterable[Any], state: GameState) -> list[ViewedEvent]:
        return [PlayerEvent(event, state) for event in events]

    def view(self, state: GameState, position: int | None) -> dict[str, Any]:
        view = mj_views.view_for(state, wind_of(state, position))
        return {**view, "game": "mahjongg", "player": position}

    # -- bots alone, and what the shell shows and records: the game's own modules --

    add_bot_arguments = staticmethod(add_mahjongg_arguments)
    play_bots = staticmethod(play_mahjongg)
    match_summary = staticmethod(summary.match_summary)
    rules_summary = staticmethod(summary.rules_summary)
    page_context = staticmethod(page.page_context)
    record = staticmethod(record_mahjongg)

    def refusal_words(self) -> dict[str, Any]:
        return ILLEGAL


MAHJONGG = MahjonggLive()
