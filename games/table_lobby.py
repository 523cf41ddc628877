"""The table before play: creating it, taking and leaving seats, bots, starting the match.

Mixed into `games.models.Table`; each change locks the row and bumps `version` like a move in
play, so sockets already watching the table (the lobby's players) see seats fill up.
"""

from __future__ import annotations

import secrets
from typing import Any, TypeAlias

from django.db import transaction
from django.db.models import Model
from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import TableError
from games.table_play import change, locked, save_change
from leagues.kinds import DEFAULT as DEFAULT_GAME
from leagues.models import League
from leagues.names import is_refused_character, shows_as_nothing

# The model this is mixed into (games.models.Table) stands above this module and imports it:
# a table is named here by this mixin, a seat (games.models.TableSeat) as a row.
Table: TypeAlias = "TableLobby"
TableSeat: TypeAlias = Model


def seat_name(user, league=None) -> str:
    """The name people know: the account's player in the table's club (never another
    club's: the wall), else the account's full name, else the username."""
    if league is not None:
        player = user.players.filter(club=league.club_id).first()
        if player is not None:
            return player.display_name
    # A full name is typed by staff in the admin, which checks no characters: one holding
    # invisible controls (leagues.names) is passed over for the username, which cannot.
    full_name = user.get_full_name()
    if any(is_refused_character(c) for c in full_name) or shows_as_nothing(full_name):
        full_name = ""
    return full_name or user.get_username()


class TableLobby:
    @classmethod
    def create(
        cls,
        by,
        *,
        game: str = DEFAULT_GAME,
        claim_timeout: int | None = None,
        league=None,
        sit: bool = True,
        **settings: Any,
    ) -> Table:
        """A new table of `game` waiting for players; the creator sits at position 0 unless
        `sit` is False. The game's own settings (Mhing: players, target, variant, round
        limit; Mah-Jongg: rules) default to the league's (games.engine.LiveGame.configure).
        Raises ValidationError (bad settings) or TableError (`not_allowed`: may not record
        in that league; `bad_settings`)."""
        # The same rule as the form's choice of leagues (LeagueQuerySet.recordable_by).
        recordable = League.objects.recordable_by(by, game=game)
        if league is not None and not recordable.filter(pk=league.pk).exists():
            raise TableError(
                _("Only the league's organisers may record a live match in %(league)s.")
                % {"league": league},
                code="not_allowed",
            )
        table = cls(created_by=by, league=league, game=game)
        live = table.live
        live.configure(table, league, settings)
        if claim_timeout is not None:
            table.claim_timeout = claim_timeout
        table.full_clean(exclude=["created_by", "league", "recorded_match", "slug"])
        live.check(table)
        with transaction.atomic():
            table.save()
            table.seats.model.objects.bulk_create(
                table.seats.model(table=table, position=p) for p in range(table.players)
            )
            if sit:
                table.take_seat(by, 0)
        table.refresh_from_db()
        return table

    def _lobby_change(self, by=None) -> Table:
        table = locked(self)
        if table.is_closed:
            raise TableError(_("This table has been closed."), code="closed")
        if not table.is_waiting:
            raise TableError(
                _("The game has started: seats can no longer change."), code="not_waiting"
            )
        if by is not None and not table.can_start(by):
            raise TableError(
                _("Only the player who opened the table may do that."), code="not_allowed"
            )
        return table

    @change
    def take_seat(self, user, position: int | None = None) -> TableSeat:
        """Seat the user at `position`, or at the first empty seat."""
        if user is None or not user.is_authenticated:
            raise TableError(_("Sign in to take a seat."), code="not_signed_in")
        table = self._lobby_change()
        seats = table.seat_list()
        if any(s.user_id == user.pk for s in seats):
            raise TableError(_("You already have a seat at this table."), code="already_seated")
        league = table.league if table.league_id else None
        if league is not None and not league.can_view(user) and not league.live_guests:
            raise TableError(
                _(
                    "This table is recorded in a members-only league: only its members may "
                    "sit here. Ask the league's organiser to add you."
                ),
                code="members_only",
            )
        if position is None:
            free = [s for s in seats if s.is_empty]
            if not free:
                raise TableError(_("Every seat is taken."), code="seat_taken")
            seat = free[0]
        else:
            if not isinstance(position, int) or not 0 <= position < table.players:
                raise TableError(
                    _("This table has no seat %(position)s.") % {"position": position},
                    code="no_such_seat",
                )
            seat = seats[position]
            if not seat.is_empty:
                raise TableError(_("That seat is taken."), code="seat_taken")
        seat.user, seat.is_bot, seat.name = user, False, seat_name(user, table.league)
        seat.save(update_fields=["user", "is_bot", "name"])
        save_change(table)
        return seat

    @change
    def leave_seat(self, user) -> None:
        table = self._lobby_change()
        seat = table.seat_of(user)
        if seat is None:
            raise TableError(_("You have no seat at this table."), code="not_seated")
        seat.user, seat.name = None, ""
        seat.save(update_fields=["user", "name"])
        save_change(table)

    @change
    def remove_player(self, position: int, by=None) -> None:
        """The table's creator frees a person's seat before the start (someone who should
        not be there, or who went home); their open page goes on as a watcher's."""
        table = self._lobby_change(by)
        seat = table.seats.filter(position=position, user__isnull=False).first()
        if seat is None:
            raise TableError(_("Nobody sits in that seat."), code="no_such_seat")
        if by is not None and seat.user_id == by.pk:
            raise TableError(_("To leave your own seat, use “Leave this seat”."), code="own_seat")
        seat.user, seat.name = None, ""
        seat.save(update_fields=["user", "name"])
        save_change(table)

    @change
    def fill_with_bots(self, by=None) -> int:
        """Put a bot in every empty seat; how many were added."""
        table = self._lobby_change(by)
        empty = [s for s in table.seat_list() if s.is_empty]
        for seat in empty:
            seat.is_bot, seat.name = True, _bot_name(seat.position)
            seat.save(update_fields=["is_bot", "name"])
        if empty:
            save_change(table)
        return len(empty)

    @change
    def remove_bot(self, position: int, by=None) -> None:
        table = self._lobby_change(by)
        seat = table.seats.filter(position=position, is_bot=True).first()
        if seat is None:
            raise TableError(_("There is no bot in that seat."), code="no_such_seat")
        seat.is_bot, seat.name = False, ""
        seat.save(update_fields=["is_bot", "name"])
        save_change(table)

    @change
    def start(self, by=None) -> int:
        """Deal the match's first round (Mhing draws the first dealer); the new version."""
        table = self._lobby_change(by)
        if any(s.is_empty for s in table.seat_list()):
            raise TableError(
                _("Every seat needs a player or a bot before the game starts."),
                code="seats_empty",
            )
        live = table.live
        table.match_state, state, events = live.start(table, secrets.randbits(63))
        table.set_round(state)
        table.status = table.Status.PLAYING
        table.deadline = live.deadline_after(table, state, timezone.now())
        return save_change(table, live.viewed_events(events, state))


def _bot_name(position: int) -> str:
    # Stored, not translated per reader: it becomes a league player's name when recorded.
    return f"Bot {position + 1}"
