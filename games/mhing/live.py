"""Mhing at the live table (RULES.md): the shell's game interface (games.engine.LiveGame) on
the engine of games.play, registered by games.apps. Positions are the engine's seats."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import LiveGame, Table, ViewedEvent
from games.errors import TableError
from games.mhing import forms as mhing_forms
from games.mhing import page, summary
from games.mhing.messages import ILLEGAL
from games.mhing.recording import record_mhing
from games.mhing.rules import table_rules
from games.play import serialize
from games.play.actions import Action, CloseClaims, action_from_dict
from games.play.bots import choose_action
from games.play.claims import hand_text
from games.play.command import add_mhing_arguments, play_mhing
from games.play.errors import PlayError
from games.play.match import match_from_dict, match_to_dict, new_match, record_round, start_round
from games.play.round import apply, awaiting
from games.play.state import RoundState
from games.play.views import view_for
from leagues.kinds.base import Words
from scoring.mhing.match_scoring import Variant
from scoring.mhing.profile import Profile
from scoring.profile_error import ProfileError


def round_result(state: RoundState, number: int) -> dict[str, Any]:
    """A finished round as the league records it: the winning hand as text (RULES.md §1)."""
    outcome = state.outcome
    hand = ""
    if outcome.winner is not None:
        winner = state.seats[outcome.winner]
        hand = hand_text(winner.concealed, winner.exposed_tiles, winner.flowers)
    return {
        "number": number,
        "dealer": state.dealer,
        "winner": outcome.winner,
        "discarder": outcome.discarder,
        "hand": hand,
        "points": outcome.points,
        "credits": outcome.credits,
    }


class MhingLive(LiveGame):
    key = "mhing"
    words = Words("games/mhing/words.html")
    refusals = (PlayError,)
    still_playing = gettext_lazy("The round is still being played.")

    # -- the lobby --

    def form_fields(self) -> dict[str, forms.Field]:
        return mhing_forms.form_fields()

    def form_order(self) -> list[str]:
        return list(mhing_forms.FORM_ORDER)

    def clean_form(self, form: forms.Form, data: dict[str, Any]) -> None:
        mhing_forms.clean_form(form, data)

    def table_settings(self, data: dict[str, Any]) -> dict[str, Any]:
        return mhing_forms.mhing_settings(data)

    def configure(self, table: Table, league: Any, settings: dict[str, Any]) -> None:
        """Players, and the rules (Table.rules): target, variant and round limit; target and
        variant default to the league's. ValidationError names a setting out of range."""
        table.players = settings.get("players") or 4
        league_rules = league.rule_profile() if league else Profile()
        chosen = {
            "target": settings.get("target"),
            "variant": settings.get("variant"),
            "round_limit": settings.get("round_limit"),
        }
        rules = {**league_rules.to_dict(), **{k: v for k, v in chosen.items() if v is not None}}
        try:
            table.rules = Profile.from_dict(rules).to_dict()
        except ProfileError as error:
            raise ValidationError(
                {error.field: _("This setting cannot be %(value)s.") % {"value": error.value}},
                code="bad_settings",
            ) from error

    def check(self, table: Table) -> None:
        rules = table_rules(table)
        try:
            rules.match_rules(table.players)
        except ValueError as error:
            if rules.variant is Variant.CHIPS and table.players > 4:
                message = _("Chips are played by 2 to 4 players, not %(count)s.") % {
                    "count": table.players
                }
            else:
                message = str(error)
            raise TableError(message, code="bad_settings") from error

    # -- the state as JSON --

    state_from_dict = staticmethod(serialize.state_from_dict)
    state_to_dict = staticmethod(serialize.state_to_dict)

    # -- play --

    def start(self, table: Table, seed: int) -> tuple[dict[str, Any], RoundState, Iterable]:
        """Draw the first dealer, deal round 1."""
        rules = table_rules(table)
        match = new_match(
            table.players,
            seed,
            variant=rules.variant,
            target=rules.target,
            round_limit=rules.round_limit,
        )
        state, events = start_round(match)
        return match_to_dict(match), state, events

    def deal_next(self, match: dict[str, Any]) -> tuple[RoundState, Iterable]:
        return start_round(match_from_dict(match))

    def action(self, data: Any) -> Action:
        return data if isinstance(data, Action) else action_from_dict(data)

    apply = staticmethod(apply)  # the engine's seats are the table's positions

    def close_claims(self) -> Action:
        return CloseClaims()

    awaiting = staticmethod(awaiting)

    def on_turn(self, state: RoundState) -> int:
        return state.turn

    def bot_action(self, state: RoundState, position: int, table_key: Any) -> Action:
        # Seeded by the table and the move, so a replayed table makes the same choices.
        rng = random.Random(f"{table_key}:{state.seed}:{state.moves}:{position}")
        return choose_action(view_for(state, position), position, rng)

    def finish_round(
        self, match: dict[str, Any], state: RoundState
    ) -> tuple[dict[str, Any], dict[str, Any], bool]:
        played = record_round(match_from_dict(match), state.outcome)
        result = round_result(state, played.rounds[-1].number)
        return match_to_dict(played), result, played.finished

    def viewed_events(self, events: Iterable[Any], state: RoundState) -> list[ViewedEvent]:
        return list(events)  # each Mhing event words itself for a viewer (games.play.events)

    view = staticmethod(view_for)

    # -- bots alone, and what the shell shows and records: the game's own modules --

    add_bot_arguments = staticmethod(add_mhing_arguments)
    play_bots = staticmethod(play_mhing)
    match_summary = staticmethod(summary.match_summary)
    rules_summary = staticmethod(summary.rules_summary)
    page_context = staticmethod(page.page_context)
    record = staticmethod(record_mhing)

    def refusal_words(self) -> dict[str, Any]:
        return ILLEGAL


MHING = MhingLive()
