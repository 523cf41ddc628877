"""A tournament (docs/tournaments.md): a day or weekend of sessions for one game. The event
owns a league of its own, made with it, in which each session's tables are ordinary matches,
so every round is entered, confirmed and corrected as in any league; the event adds who is
registered, each session's seating (planned in advance or swiss), its clock, and the ranking
by the event's tiebreak list. The club is the league's (the wall: one key to the club).

The seating, ranking and quality figures are pure (leagues/tournaments/); these models only
store what was decided and begin the matches."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leagues.tournaments.ranking import DEFAULT_TIEBREAKS, TIEBREAKS, RankingError
from leagues.tournaments.ranking import check_tiebreaks as _check

from .league import League
from .match import Match
from .people import Player


def tiebreak_labels() -> dict[str, str]:
    return {
        "points": _("points"),
        "placings": _("table placings (most 1st, then 2nd, …)"),
        "head_to_head": _("head to head"),
        "best_table": _("best single table"),
    }


def validate_tiebreaks(value) -> None:
    try:
        _check(list(value))
    except (RankingError, TypeError) as error:
        raise ValidationError(
            _("The tiebreaks are some of: %(keys)s, each once.") % {"keys": ", ".join(TIEBREAKS)},
            code="tiebreaks",
        ) from error


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_TIEBREAKS)


class Event(models.Model):
    class Seating(models.TextChoices):
        PLANNED = "planned", gettext_lazy("Planned in advance")
        SWISS = "swiss", gettext_lazy("Swiss: by standing after each session")

    class State(models.TextChoices):
        REGISTRATION = "registration", gettext_lazy("Registration")
        RUNNING = "running", gettext_lazy("Running")
        FINISHED = "finished", gettext_lazy("Finished")

    league = models.OneToOneField(
        League, verbose_name=gettext_lazy("league"), on_delete=models.CASCADE, related_name="event"
    )
    session_count = models.PositiveSmallIntegerField(
        gettext_lazy("sessions"),
        default=4,
        validators=[MinValueValidator(1), MaxValueValidator(20)],
    )
    table_size = models.PositiveSmallIntegerField(
        gettext_lazy("players at a table"),
        default=4,
        choices=[(4, "4"), (3, "3")],
    )
    session_minutes = models.PositiveSmallIntegerField(
        gettext_lazy("minutes per session"),
        default=90,
        validators=[MinValueValidator(1), MaxValueValidator(600)],
    )
    tiebreaks = models.JSONField(
        gettext_lazy("tiebreaks"), default=default_tiebreaks, validators=[validate_tiebreaks]
    )
    seating = models.CharField(
        gettext_lazy("seating"), max_length=10, choices=Seating, default=Seating.PLANNED
    )
    seed = models.PositiveIntegerField(gettext_lazy("seed"), default=0)
    # The seating planned in advance when registration closed: {"rounds": [...]} as
    # `manage.py plan_seating --json` prints it, players being the entrants' numbers.
    plan = models.JSONField(default=dict, blank=True)
    state = models.CharField(
        gettext_lazy("state"), max_length=12, choices=State, default=State.REGISTRATION
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = gettext_lazy("tournament")
        verbose_name_plural = gettext_lazy("tournaments")

    def __str__(self) -> str:
        return self.league.name

    def get_absolute_url(self) -> str:
        return reverse("leagues:event", args=[self.league.slug])

    @property
    def club(self):
        return self.league.club

    def tiebreak_names(self) -> list[str]:
        labels = tiebreak_labels()
        return [labels[key] for key in self.tiebreaks]


class Entrant(models.Model):
    """A player registered for the event: one of the club's, or a guest (who becomes a
    player of the club too, as a match seats the club's players only, marked a guest here)."""

    class Status(models.TextChoices):
        ACTIVE = "active", gettext_lazy("Playing")
        LATE = "late", gettext_lazy("Late: not seated yet")
        DROPPED = "dropped", gettext_lazy("Dropped out")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    # The player's number in the seating (1..N in the order registered).
    number = models.PositiveSmallIntegerField(gettext_lazy("number"))
    player = models.ForeignKey(
        Player, verbose_name=gettext_lazy("player"), on_delete=models.PROTECT, related_name="+"
    )
    ema_number = models.CharField(gettext_lazy("EMA number"), max_length=12, blank=True)
    guest = models.BooleanField(gettext_lazy("guest"), default=False)
    status = models.CharField(
        gettext_lazy("status"), max_length=10, choices=Status, default=Status.ACTIVE
    )
    # A substitute takes the seats of a player who dropped out, planned seating included.
    substitute_for = models.OneToOneField(
        "self",
        verbose_name=gettext_lazy("substitute for"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="substitute",
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_entrant_per_number"),
            models.UniqueConstraint(fields=["event", "player"], name="one_entry_per_player"),
        ]
        verbose_name = gettext_lazy("registered player")
        verbose_name_plural = gettext_lazy("registered players")

    def __str__(self) -> str:
        return f"{self.number}. {self.player}"

    @property
    def name(self) -> str:
        return self.player.display_name


class EventSession(models.Model):
    class State(models.TextChoices):
        SEATED = "seated", gettext_lazy("Seated")
        RUNNING = "running", gettext_lazy("Running")
        ENDED = "ended", gettext_lazy("Ended")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sessions")
    number = models.PositiveSmallIntegerField(gettext_lazy("session"))
    # The tables: lists of entrant numbers in seat order East, South, West(, North).
    seating = models.JSONField(default=list)
    how = models.CharField(max_length=10, choices=Event.Seating, default=Event.Seating.PLANNED)
    # The quality figures of the seating so far (leagues.tournaments.quality.Quality).
    quality = models.JSONField(default=dict, blank=True)
    state = models.CharField(
        gettext_lazy("state"), max_length=10, choices=State, default=State.SEATED
    )
    starts_at = models.DateTimeField(gettext_lazy("started"), null=True, blank=True)
    ends_at = models.DateTimeField(gettext_lazy("ends"), null=True, blank=True)
    # One match per table, in table order (pk order).
    matches = models.ManyToManyField(Match, blank=True, related_name="event_sessions")

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_session_per_number"),
        ]
        verbose_name = gettext_lazy("session")
        verbose_name_plural = gettext_lazy("sessions")

    def __str__(self) -> str:
        return _("Session %(n)d") % {"n": self.number}

    def seconds_left(self, now=None) -> int | None:
        if self.state != self.State.RUNNING or self.ends_at is None:
            return None
        return max(0, int((self.ends_at - (now or timezone.now())).total_seconds()))

    def clock(self, now=None) -> str:
        """The time left as a clock shows it: 1:05:09, 42:07, 0:00."""
        left = self.seconds_left(now) or 0
        hours, rest = divmod(left, 3600)
        minutes, seconds = divmod(rest, 60)
        if hours:
            return f"{hours}:{minutes:02}:{seconds:02}"
        return f"{minutes}:{seconds:02}"

    def start_clock(self, minutes: int) -> None:
        self.starts_at = timezone.now()
        self.ends_at = self.starts_at + timedelta(minutes=minutes)
