"""A live table: seats, the match over rounds and the current round, kept as the engine's JSON.

Every change goes through one method that locks the row (`select_for_update`), applies the
pure engine (games.play), saves the new state with `version` + 1 in the same transaction, and
returns. Callers (the websocket consumer, the lobby views) then tell the table's group
"version V" and each socket renders its own seat's view (docs/live_protocol.md).

The table is one model for every game: what differs is asked of its game, `table.live` (a
games.engine.LiveGame from games.registry), never tested here. Table methods used by the
lobby and the consumer (the lobby's in games.table_lobby, play's in games.table_play, mixed
in to keep each module readable):
    Table.create(by, ...)            a new table, the creator seated at position 0
    take_seat(user, position) / leave_seat(user) / fill_with_bots() / start(by)
    act(position, action)            -> (version, events); `position` None is the table
    run_due(now)                     the deadline passed: close claims, play an idle turn,
                                     deal the next round (close_claims_if_due: claims only)
    ready_for_next_round(position)   a player is done reading the round's result
    bot_step() / bot_turns()         one / all moves of bots and disconnected seats
    arrive(channel, user, server) / depart(channel) / sweep_presence(cutoff)
                                     a person's socket at the table (games.table_attendance)
    remove_player(position, by)      the creator frees a seat before the start
    close(by)                        the creator closes the table (games.table_expiry)
    seat_of(user) / snapshot(position) / view(position)
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import registry
from games.engine import LiveGame, State
from games.table_attendance import TableAttendance
from games.table_expiry import TableExpiry
from games.table_lobby import TableLobby
from games.table_play import TablePlay, table_summary
from leagues.kinds import DEFAULT as DEFAULT_GAME
from leagues.models import League
from leagues.models.league import GameChoice

SLUG_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: read aloud, typed by hand
DEFAULT_CLAIM_TIMEOUT = 8


def new_slug() -> str:
    return "".join(secrets.choice(SLUG_ALPHABET) for _ in range(8))


class Table(TableLobby, TablePlay, TableAttendance, TableExpiry, models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", gettext_lazy("Waiting for players")
        PLAYING = "playing", gettext_lazy("Playing")
        FINISHED = "finished", gettext_lazy("Finished")
        # Closed by its creator, or by the idle rule (games.table_expiry); never recorded.
        CLOSED = "closed", gettext_lazy("Closed")

    slug = models.CharField(max_length=12, unique=True, default=new_slug, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # Where the finished match is recorded; empty: a friendly game, recorded nowhere.
    league = models.ForeignKey(
        League,
        verbose_name=gettext_lazy("league"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tables",
    )
    players = models.PositiveSmallIntegerField(
        gettext_lazy("players"), default=4, validators=[MinValueValidator(2), MaxValueValidator(6)]
    )
    # Which game the table deals (its LiveGame in games.registry says how), and its rules as
    # that game reads them (Mhing: target, variant, number of rounds; Mah-Jongg: its
    # profile), its league's or picked.
    game = models.CharField(
        gettext_lazy("game"), max_length=10, choices=GameChoice, default=DEFAULT_GAME
    )
    rules = models.JSONField(gettext_lazy("rules"), null=True, blank=True, editable=False)
    claim_timeout = models.PositiveSmallIntegerField(
        gettext_lazy("seconds to claim a discard"),
        default=DEFAULT_CLAIM_TIMEOUT,
        validators=[MinValueValidator(1), MaxValueValidator(120)],
    )
    status = models.CharField(
        gettext_lazy("status"), max_length=10, choices=Status, default=Status.WAITING
    )
    # games.play.match.match_to_dict and games.play.serialize.state_to_dict: the whole truth,
    # stock order and every hand included. Never sent to a browser (see `view`).
    match_state = models.JSONField(null=True, blank=True, editable=False)
    round_state = models.JSONField(null=True, blank=True, editable=False)
    # Each finished round: winner, discarder and the winning hand in RULES.md notation,
    # what games.recording enters in the league (the round state keeps only the last round).
    results = models.JSONField(default=list, blank=True, editable=False)
    # Bumped by every change anyone could see, so a client knows whether it is up to date.
    version = models.PositiveIntegerField(default=1, editable=False)
    # When the table acts by itself: the claim window closes, an idle turn is played by the
    # bot, or the next round is dealt (which one follows from the round's phase).
    deadline = models.DateTimeField(null=True, blank=True, editable=False)
    # Seats whose players asked for the next round while the last one's result is shown.
    ready = models.JSONField(default=list, blank=True, editable=False)
    # The events of the latest changes, [{"version": V, "events": [...]}, ...], each event
    # stored per viewer (games.table_play), so a socket can send its own seat's events of
    # every version it missed without secrets crossing the channel layer.
    recent_events = models.JSONField(default=list, blank=True, editable=False)
    recorded_match = models.ForeignKey(
        "leagues.Match",
        verbose_name=gettext_lazy("recorded as"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = gettext_lazy("table")
        verbose_name_plural = gettext_lazy("tables")

    def __str__(self) -> str:
        return _("Table %(slug)s") % {"slug": self.slug}

    def get_absolute_url(self) -> str:
        return reverse("games:table", args=[self.slug])

    @property
    def live(self) -> LiveGame:
        """The table's game at the live table (games.registry): the shell asks it instead of
        testing which game it is."""
        return registry.live_game(self.game)

    # -- reading the stored state ------------------------------------------------------------

    def round(self) -> State | None:
        """The round as the engine's state. Read once per stored dict: a move reads it for
        the rules, the snapshot and the bot, and parsing it is most of a move's own work."""
        if not self.round_state:
            return None
        stored, state = getattr(self, "_round", (None, None))
        if stored is not self.round_state:
            state = self.live.state_from_dict(self.round_state)
            self._round = (self.round_state, state)
        return state

    def set_round(self, state: State) -> None:
        self.round_state = self.live.state_to_dict(state)
        self._round = (self.round_state, state)

    @property
    def is_waiting(self) -> bool:
        return self.status == self.Status.WAITING

    @property
    def is_playing(self) -> bool:
        return self.status == self.Status.PLAYING

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def is_closed(self) -> bool:
        return self.status == self.Status.CLOSED

    @property
    def is_open(self) -> bool:
        """Waiting or playing: listed in the lobby, may be closed."""
        return self.status in (self.Status.WAITING, self.Status.PLAYING)

    def seat_list(self) -> list[TableSeat]:
        """The seats in order, each knowing whether its player is connected."""
        present = TablePresence.objects.filter(table=OuterRef("table_id"), user=OuterRef("user_id"))
        return list(
            self.seats.select_related("user").annotate(present=Exists(present)).order_by("position")
        )

    def seat_of(self, user) -> TableSeat | None:
        """The user's seat at this table, or None (spectator, anonymous)."""
        if user is None or not user.is_authenticated:
            return None
        return self.seats.filter(user=user).first()

    def hides_league_from(self, user) -> bool:
        """A members-only league's table keeps the league's name and its players' names
        from people who may not read the league (guests at the table included)."""
        league = self.league if self.league_id else None
        if league is None or league.is_public:
            return False
        return user is None or not league.can_view(user)

    def can_start(self, user) -> bool:
        return user.is_authenticated and (user.is_superuser or user.pk == self.created_by_id)

    def snapshot(self, position: int | None) -> dict[str, Any]:
        """The `snapshot` frame for a seat (None: a spectator): public table facts and the
        round as that seat may see it."""
        state = self.round()
        return {
            "type": "snapshot",
            "version": self.version,
            "table": table_summary(self),
            "view": self.live.view(state, position) if state is not None else None,
        }

    def view(self, position: int | None) -> dict[str, Any] | None:
        """The game's view of the current round for the seat, or None before the first deal."""
        state = self.round()
        return self.live.view(state, position) if state is not None else None

    def deadline_epoch(self) -> float | None:
        return self.deadline.timestamp() if self.deadline else None


class TableSeat(models.Model):
    """A place at a table: a person (user), a bot, or empty (neither) while waiting."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(gettext_lazy("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("player"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="table_seats",
    )
    is_bot = models.BooleanField(gettext_lazy("bot"), default=False)
    name = models.CharField(gettext_lazy("name"), max_length=80, blank=True)

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_table_seat_each"),
            models.UniqueConstraint(
                fields=["table", "user"],
                condition=models.Q(user__isnull=False),
                name="one_seat_per_user_at_a_table",
            ),
        ]
        verbose_name = gettext_lazy("seat")
        verbose_name_plural = gettext_lazy("seats")

    def __str__(self) -> str:
        return f"{self.table.slug}:{self.position} {self.name or '-'}"

    @property
    def is_empty(self) -> bool:
        return self.user_id is None and not self.is_bot

    @property
    def connected(self) -> bool:
        """The seat's player has a live socket at the table (games.presence): read with the
        seats by `Table.seat_list`, else looked up."""
        present = getattr(self, "present", None)
        if present is None:
            if self.user_id is None:
                return False
            present = TablePresence.objects.filter(
                table_id=self.table_id, user_id=self.user_id
            ).exists()
        return bool(present)

    @property
    def played_by_bot(self) -> bool:
        """The bot moves for this seat: a bot's, or a person's who is not connected."""
        return self.is_bot or not self.connected


class TablePresence(models.Model):
    """One open websocket of a signed-in person at a table, in one server process.

    A seat is connected while its player has a row here. Rows are never counted up and down:
    each socket adds its own and removes it when it closes, and its server process renews
    `seen_at` on a heartbeat. A process that dies (kill -9, a crash, a lost host) leaves rows
    that stop being renewed; any live process deletes them once they are older than
    MHING_PRESENCE_TTL and tells the table (games.presence). So presence is right again
    within that time after any crash, and a restarted server starts from the truth.
    """

    channel_name = models.CharField(max_length=200, unique=True)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="presences")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_presences"
    )
    # The server process that holds the socket (games.presence.SERVER).
    server = models.CharField(max_length=40)
    seen_at = models.DateTimeField(db_index=True)

    class Meta:
        indexes = [models.Index(fields=["table", "user"], name="presence_by_seat")]
        verbose_name = gettext_lazy("connection")
        verbose_name_plural = gettext_lazy("connections")

    def __str__(self) -> str:
        return f"{self.table_id}:{self.user_id} via {self.server}"
