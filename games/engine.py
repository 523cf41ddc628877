"""What the live table's shell (games/*.py) asks of a game: one `LiveGame` per game,
registered once (games.registry, filled by games.apps.GamesConfig.ready) and found by the
table's `game`.

In the spirit of OpenSpiel's `Game`/`State` and boardgame.io's game object: the game deals
(`start`, `deal_next`), says who is awaited and what a seat may do (`awaiting`, `view`),
applies an action (`apply`), ends a round into its match (`finish_round`), chooses a bot's
move (`bot_action`), and reads and writes its state as JSON. A state is the engine's own
object: the shell never looks inside it, except for its `phase` (PHASES), which sets the
table's deadlines. Positions are the table's seats 0..players-1; a game whose engine seats
are something else (Mah-Jongg's winds) maps them itself. `None` is the table itself (closing
a claim window) or a watcher (a view holds no concealed card).

Besides play, a game gives the shell what it cannot know: the lobby form's fields and
`Table.create`'s settings, the snapshot's match and rules, the table page's additions and
words, the words of its engine's refusals, and how a finished match is recorded in a league.

A third game implements this class in its own package (games/<game>/live.py) and adds one
line to GamesConfig.ready; nothing under games/*.py changes (docs/architecture.md).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from argparse import ArgumentParser
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any, Protocol, TypeAlias

from django import forms
from django.db.models import Model
from django.utils.functional import Promise

from games.timing import next_round_pause, turn_timeout
from leagues.kinds.base import Words

# games.models.Table and its seats, which stand above this module.
Table: TypeAlias = Model
State: TypeAlias = Any  # the engine's state of the current round (or game), frozen
Action: TypeAlias = Any  # the engine's action
Event: TypeAlias = Any  # the engine's event

# The phases every engine's state names (`phase`): what the table's deadline is for.
DISCARD = "discard"  # the player on turn acts; idle too long, the bot plays for them
CLAIMS = "claims"  # the others answer a discard; the window closes on its deadline
OVER = "over"  # the round is over; the next is dealt after a pause, or when all are ready
PHASES = (DISCARD, CLAIMS, OVER)


class ViewedEvent(Protocol):
    """An engine event as a table stores it: worded for one viewer (a position, or None for
    everyone), so a socket can send its own seat's events without the engine."""

    def to_dict(self, viewer: int | None) -> dict[str, Any]: ...


class LiveGame(ABC):
    """One game at the live table. Stateless: one instance serves every table."""

    key: str  # the table's `game`: a value of leagues.models.league.GameChoice
    # Its words on the lobby and the table page: a template of partials "lobby" (the open
    # tables list), "settings" (the table's rules in a line), "head" (its own styles and
    # scripts) and "parts" (its own page parts), included by name.
    words: Words
    # The exceptions its engine raises for a refused action (nothing changed); each has a
    # `code` (the reason), `fields` and `message`; the code "malformed_action" is a frame
    # the game cannot read.
    refusals: tuple[type[Exception], ...]
    # The refusal of "next round" while the round is still played (words of its own).
    still_playing: Promise

    # -- the lobby ---------------------------------------------------------------------------

    @abstractmethod
    def form_fields(self) -> dict[str, forms.Field]:
        """The lobby form's fields of this game's own (games.forms.TableForm adds the
        shared ones: the game, the claim window, the league)."""

    @abstractmethod
    def form_order(self) -> list[str]:
        """Every field of the lobby form in the order shown, shared ones included."""

    def clean_form(self, form: forms.Form, data: dict[str, Any]) -> None:
        """Further checks of the lobby form (`form.add_error`)."""
        return None

    @abstractmethod
    def table_settings(self, data: dict[str, Any]) -> dict[str, Any]:
        """The lobby form's cleaned data as `Table.create`'s keyword arguments."""

    @abstractmethod
    def configure(self, table: Table, league: Any, settings: dict[str, Any]) -> None:
        """Fill in a new, unsaved table's rules from `Table.create`'s keyword arguments and
        its league (None: a friendly game). Checked by the model's fields, then `check`."""

    def check(self, table: Table) -> None:
        """Refuse rules the game cannot play together (games.errors.TableError)."""
        return None

    # -- the state as JSON -------------------------------------------------------------------

    @abstractmethod
    def state_from_dict(self, data: dict[str, Any]) -> State: ...

    @abstractmethod
    def state_to_dict(self, state: State) -> dict[str, Any]: ...

    def phase(self, state: State) -> str:
        """One of PHASES: by default the state's `phase`, a StrEnum of them (both engines')."""
        return str(state.phase)

    # -- play --------------------------------------------------------------------------------

    @abstractmethod
    def start(self, table: Table, seed: int) -> tuple[dict[str, Any], State, Iterable[Event]]:
        """A new match for the table's rules: the match as JSON, its first round, the
        events that dealt it."""

    @abstractmethod
    def deal_next(self, match: dict[str, Any]) -> tuple[State, Iterable[Event]]:
        """The next round of the match (as JSON)."""

    @abstractmethod
    def action(self, data: Any) -> Action:
        """An action from its dict (a frame's), or the action itself; raises a refusal."""

    @abstractmethod
    def apply(self, state: State, position: int | None, action: Action) -> tuple[State, tuple]:
        """The new state and what happened; raises one of `refusals`, changing nothing."""

    @abstractmethod
    def close_claims(self) -> Action:
        """The table's action that closes the claim window (who has not answered passes)."""

    @abstractmethod
    def awaiting(self, state: State) -> Iterable[int]:
        """The positions the round waits for."""

    @abstractmethod
    def on_turn(self, state: State) -> int:
        """The position whose turn it is (in the DISCARD phase)."""

    @abstractmethod
    def bot_action(self, state: State, position: int, table_key: Any) -> Action:
        """A bot's move for the position, from that position's own view only; seeded by
        `table_key` (the table's id) and the move, so a replayed table plays the same."""

    @abstractmethod
    def finish_round(
        self, match: dict[str, Any], state: State
    ) -> tuple[dict[str, Any], dict[str, Any], bool]:
        """A round that is OVER entered into its match: the match as JSON, the round's
        result as the table keeps it (`Table.results`, what the league records), and
        whether the match is finished."""

    @abstractmethod
    def viewed_events(self, events: Iterable[Event], state: State) -> list[ViewedEvent]:
        """The events of a change, as each viewer sees them; `state`: the state before."""

    @abstractmethod
    def view(self, state: State, position: int | None) -> dict[str, Any]:
        """What the position may see of the round, JSON-ready; None: a watcher, who sees no
        concealed card. Every game's view has at least `phase` (one of PHASES), `actions`
        (the position's legal actions as dicts with a `type`; a claim is any answer but
        "pass"; none for a watcher) and `seats`, each with `hand` (None where hidden),
        `hand_count` and `drawn`: what tests/games/test_every_live_game.py reads of it."""

    # -- bots alone (manage.py play_bots) ----------------------------------------------------

    @abstractmethod
    def add_bot_arguments(self, parser: ArgumentParser) -> None:
        """play_bots' options of this game's own (an argument group)."""

    @abstractmethod
    def play_bots(self, out: Callable[[str], None], options: dict[str, Any]) -> None:
        """Bot-only matches played on the pure engine and reported line by line; a
        ValueError names options that cannot be."""

    # -- what the shell shows and records ----------------------------------------------------

    @abstractmethod
    def match_summary(self, table: Table) -> dict[str, Any]:
        """`table.match` of the snapshot (docs/live_protocol.md)."""

    @abstractmethod
    def rules_summary(self, table: Table) -> dict[str, Any]:
        """The snapshot's keys for the table's own rules."""

    @abstractmethod
    def page_context(self, table_text: Mapping[str, Promise]) -> dict[str, Any]:
        """What the table page adds; "table_config": its additions to the script's config."""

    @abstractmethod
    def refusal_words(self) -> dict[str, Promise]:
        """Its engine's refusals worded for players, by reason (the error's `code`)."""

    @abstractmethod
    def record(self, table: Table, players: list[Any]) -> Any:
        """The finished match entered in the table's league (a leagues.models.Match), the
        league's players by position; called under the table's lock (games.recording)."""

    def deadline_after(self, table: Table, state: State, now: datetime) -> datetime | None:
        """When the table acts by itself in this state (None: it does not); the shell's
        timings unless a game has its own."""
        phase = self.phase(state)
        if phase == CLAIMS:
            seconds = table.claim_timeout
        elif phase == DISCARD:
            seconds = turn_timeout()
        elif table.is_playing:
            seconds = next_round_pause()
        else:
            return None
        return now + timedelta(seconds=seconds)
