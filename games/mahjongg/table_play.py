"""A Mah-Jongg table in play: the same one-transaction-per-change rule, versions, deadlines
and events per viewer as the Mhing table (games.table_play, whose helpers it reuses), on the
engine of games.play.mahjongg and its match (MAHJONGG.md §6, §7).

`MahjonggPlay` is mixed into `games.models.Table` before the Mhing mixins: each method plays
Mah-Jongg when `table.game` is "mahjongg" and otherwise hands over to the Mhing table.
Positions are players; the engine's seats are winds (games.mahjongg.slot)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, TypeAlias

from django.db.models import Model
from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import TableError
from games.mahjongg.slot import player_of, wind_of
from games.play.errors import PlayError
from games.play.mahjongg.actions import Action, CloseClaims, action_from_dict
from games.play.mahjongg.bots import choose_action
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
from games.play.mahjongg.state import GameState, Phase
from games.play.mahjongg.views import view_for
from games.table_play import (
    ANSWER,
    TURN,
    bot_played,
    change,
    current_seats,
    due,
    locked,
    mark_ready,
    save_change,
)
from games.timing import next_round_pause, turn_timeout
from scoring.mahjongg.profile import Profile

# The model these are mixed into (games.models.Table) stands above this module and imports
# it, so it is named here by its mixin and its seats as rows (as games/table_play.py does).
Table: TypeAlias = "MahjonggPlay"
TableSeat: TypeAlias = Model

MAHJONGG = "mahjongg"


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


def profile_of(table: Table) -> Profile:
    return Profile.from_dict(table.rules)


def deadline_after(table: Table, state: GameState, now: datetime) -> datetime | None:
    """When the table acts by itself: closes the claim window, plays the idle player's
    turn, or deals the next game (the Mhing table's timings)."""
    if state.phase is Phase.CLAIMS:
        seconds = table.claim_timeout
    elif state.phase is Phase.DISCARD:
        seconds = turn_timeout()
    elif table.is_playing:
        seconds = next_round_pause()
    else:
        return None
    return now + timedelta(seconds=seconds)


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


class MahjonggPlay:
    """The Table methods a Mah-Jongg table plays differently; each hands a Mhing table on."""

    def start(self: Table, by=None) -> int:
        if self.game != MAHJONGG:
            return super().start(by)
        return self._mj_start(by)

    @change
    def _mj_start(self: Table, by=None) -> int:
        table = self._lobby_change(by)
        if any(s.is_empty for s in table.seat_list()):
            raise TableError(
                _("Every seat needs a player or a bot before the game starts."),
                code="seats_empty",
            )
        match = new_match(profile_of(table), secrets.randbits(63))
        state, events = start_game(match)
        table.match_state = match_to_dict(match)
        table.set_round(state)
        table.status = table.Status.PLAYING
        table.deadline = deadline_after(table, state, timezone.now())
        return save_change(table, [PlayerEvent(e, state) for e in events])

    def mj_match(self: Table) -> Match | None:
        return match_from_dict(self.match_state) if self.match_state else None

    def _mj_advance(
        self: Table, before: GameState, action: Action, position: int | None
    ) -> tuple[int, tuple]:
        """The action played on the locked table and saved; the engine raises before any
        change when it is refused."""
        after, events = apply(before, wind_of(before, position), action)
        now = timezone.now()
        if after.phase is Phase.OVER:
            match = record_game(self.mj_match(), after)
            self.match_state = match_to_dict(match)
            self.results = [*self.results, game_result(after, match)]
            self.ready = []
            if match.finished:
                self.status = self.Status.FINISHED
        return self._save_round(before, after, events, now), events

    def _save_round(
        self: Table,
        before: GameState,
        after: GameState,
        events: tuple,
        now: datetime,
        kept_since: datetime | None = None,
    ) -> int:
        if self.game != MAHJONGG:
            return super()._save_round(before, after, events, now, kept_since)
        if not (after.phase is Phase.CLAIMS and before.phase is Phase.CLAIMS):
            self.deadline = deadline_after(self, after, now)  # answers keep the window's
        self.set_round(after)
        stored = [PlayerEvent(e, before) for e in events]
        return save_change(self, stored, seats_kept=True, kept_since=kept_since)

    def _within_round(self: Table, before: GameState, position: int | None, action: Action):
        """As the Mhing table's (games.table_play): a move within the game, played on the
        row this process keeps, without the lock and its transaction."""
        if self.game != MAHJONGG:
            return super()._within_round(before, position, action)
        try:
            after, events = apply(before, wind_of(before, position), action)
        except PlayError:
            return None
        return None if after.phase is Phase.OVER else (after, events)

    def act(
        self: Table,
        position: int | None,
        action: Any,
        holds: Callable[[Table], bool] | None = None,
    ):
        if self.game != MAHJONGG:
            return super().act(position, action, holds)
        if not isinstance(action, Action):
            action = action_from_dict(action)
        # Played on the row this process keeps when it can, as a Mhing move is: the locked
        # read and its transaction were most of a move's database work (docs/benchmarks.md).
        done = self._act_on_kept(position, action, holds)
        if done is not None:
            return done
        return self._mj_act(position, action, holds)

    @change
    def _mj_act(self: Table, position, action, holds):
        table = locked(self)
        table._require_playing()
        table._require_seat(holds)
        return table._mj_advance(table.round(), action, position)

    def run_due(self: Table, now: datetime | None = None, only_claims: bool = False):
        if self.game != MAHJONGG:
            return super().run_due(now, only_claims)
        return self._mj_run_due(now, only_claims)

    @change
    def _mj_run_due(self: Table, now: datetime | None, only_claims: bool) -> int | None:
        if (found := due(self, now)) is None:
            return None
        table, now = found
        state = table.round()
        if state.phase is Phase.CLAIMS:
            return table._mj_advance(state, CloseClaims(), None)[0]
        if only_claims:
            return None
        if state.phase is Phase.DISCARD:
            position = player_of(state, state.turn)
            return table._mj_advance(state, table._mj_bot_choice(state, position), position)[0]
        return table._mj_deal_next(now)

    def ready_for_next_round(
        self: Table, position: int, holds: Callable[[Table], bool] | None = None
    ) -> int:
        if self.game != MAHJONGG:
            return super().ready_for_next_round(position, holds)
        return self._mj_ready(position, holds)

    @change
    def _mj_ready(self: Table, position: int, holds) -> int:
        return mark_ready(
            self,
            position,
            holds,
            _("The game is still being played."),
            lambda table, now: table._mj_deal_next(now),
        )

    def _mj_deal_next(self: Table, now: datetime) -> int:
        state, events = start_game(self.mj_match())
        self.set_round(state)
        self.ready = []
        self.deadline = deadline_after(self, state, now)
        return save_change(self, [PlayerEvent(e, state) for e in events], seats_kept=True)

    def _mj_bot_choice(self: Table, state: GameState, position: int) -> Action:
        """The bot's move for the player, from that player's own view only; seeded by the
        table and the move, so a replayed table makes the same choices."""
        wind = wind_of(state, position)
        rng = random.Random(f"{self.pk}:{state.seed}:{state.moves}:{wind}")
        return choose_action(view_for(state, wind), wind, rng)

    def _mj_bot_seat(
        self: Table, state: GameState | None, seats: list[TableSeat] | None = None
    ) -> tuple[int, str] | None:
        if not self.is_playing or state is None or state.phase is Phase.OVER:
            return None
        automatic = bot_played(seats if seats is not None else current_seats(self))
        for wind in awaiting(state):
            position = player_of(state, wind)
            if position in automatic:
                return position, TURN if state.phase is Phase.DISCARD else ANSWER
        return None

    def pending_bot(self: Table, seats: list[TableSeat] | None = None) -> str | None:
        if self.game != MAHJONGG:
            return super().pending_bot(seats)
        found = self._mj_bot_seat(self.round(), seats)
        return found[1] if found else None

    def bot_step(self: Table) -> tuple[int | None, str | None]:
        if self.game != MAHJONGG:
            return super().bot_step()
        return self._mj_bot_step()

    @change
    def _mj_bot_step(self: Table) -> tuple[int | None, str | None]:
        table = locked(self)
        state = table.round()
        seats = current_seats(table)  # once: a move leaves the seats as they were
        found = table._mj_bot_seat(state, seats)
        if found is None:
            return None, None
        position, _kind = found
        version, _events = table._mj_advance(state, table._mj_bot_choice(state, position), position)
        after = table._mj_bot_seat(table.round(), seats)
        return version, after[1] if after else None


class MahjonggLobby:
    """Opening a Mah-Jongg table: its rules are its league's profile, or the profile picked
    when a table without a league is opened; its players the profile's 3 or 4."""

    @classmethod
    def create(cls, by, *, game: str = "mhing", rules: Profile | None = None, **settings: Any):
        if game != MAHJONGG:
            return super().create(by, **settings)
        from leagues.models import League

        league = settings.pop("league", None)
        if league is not None:
            recordable = League.objects.recordable_by(by, game=MAHJONGG)
            if not recordable.filter(pk=league.pk).exists():
                raise TableError(
                    _("Only the league's organisers may record a live match in %(league)s.")
                    % {"league": league},
                    code="not_allowed",
                )
            rules = league.rule_profile()
        profile = rules or Profile()
        settings.pop("players", None)
        table = super().create(by, players=profile.players, **settings)
        table.game, table.rules, table.league = MAHJONGG, profile.to_dict(), league
        table.save(update_fields=["game", "rules", "league"])
        return table
