"""A club night: the matches an organiser seated together from the players present
(leagues/nights/seating.py chooses the tables; leagues/views/nights.py shows and creates them)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leagues.errors import StaleEdit

from .league import League, lock_league
from .league_log import LeagueEvent, log_event
from .match import Match, Seat
from .people import Player


class ClubNightQuerySet(models.QuerySet):
    def on(self, league: League, day: date) -> ClubNightQuerySet:
        return self.filter(league=league, played_on=day).order_by("-id")


class ClubNight(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="club_nights")
    played_on = models.DateField(gettext_lazy("date"), default=date.today)
    matches = models.ManyToManyField(
        Match, verbose_name=gettext_lazy("matches"), related_name="club_nights"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ClubNightQuerySet.as_manager()

    class Meta:
        ordering = ["-played_on", "-id"]
        verbose_name = gettext_lazy("club night")
        verbose_name_plural = gettext_lazy("club nights")

    def __str__(self) -> str:
        return _("%(league)s, club night of %(date)s") % {
            "league": self.league,
            "date": self.played_on,
        }

    def get_absolute_url(self) -> str:
        return reverse("leagues:night", args=[self.league.slug, self.pk])

    def tables(self) -> list[Match]:
        """The night's matches in table order, with their seats and players."""
        return list(
            self.matches.order_by("pk").prefetch_related(
                models.Prefetch(
                    "seats", queryset=Seat.objects.select_related("player").order_by("position")
                )
            )
        )

    @classmethod
    @transaction.atomic
    def seat(
        cls,
        league: League,
        tables: Sequence[Sequence[Player]],
        *,
        played_on: date,
        rules: dict[str, Any] | None = None,
        since_match: int,
        by=None,
    ) -> ClubNight:
        """Begin one match per table, seats in the given order, all or none. `since_match`
        is the league's newest match id when the proposal was shown: a player seated in a
        match begun after it (another organiser seating the same night) refuses the lot,
        rather than seating anyone twice. `rules`: the matches' own choices (Match.begin); a
        Mah-Jongg league passes none: `Match.begin` copies its rule profile onto each match
        and seats the first at East, as for a match started on its own."""
        lock_league(league.pk)
        ids = [p.pk for table in tables for p in table]
        if len(set(ids)) != len(ids):
            raise ValidationError(_("A player can only sit at one table."), code="duplicate")
        busy = (
            Player.objects.filter(
                pk__in=ids, seats__match__league=league, seats__match__pk__gt=since_match
            )
            .order_by("display_name")
            .distinct()
        )
        if busy:
            raise StaleEdit(
                _(
                    "Meanwhile a match was started with %(names)s: nothing was created. "
                    "Look at the proposal again."
                )
                % {"names": ", ".join(p.display_name for p in busy)},
                code="stale",
            )
        night = cls.objects.create(league=league, played_on=played_on, created_by=by)
        matches = [
            Match.begin(
                league,
                list(table),
                rules=rules,
                played_on=played_on,
                by=by,
            )
            for table in tables
        ]
        night.matches.add(*matches)
        log_event(
            league,
            LeagueEvent.Action.CLUB_NIGHT_SEATED,
            by=by,
            night=night.pk,
            date=played_on.isoformat(),
            tables=[
                {"match": m.pk, "players": [p.display_name for p in table]}
                for m, table in zip(matches, tables, strict=True)
            ],
        )
        return night
