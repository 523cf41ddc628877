"""A league's seasons (docs/seasons.md). Every match belongs to one; a league always has
exactly one current season, and the others are archived: read-only, their matches closed to
every change (Match._lock checks it under the match's lock).

The league's own `season_start` and `season_end` stay: they are the current season's dates,
kept in step both ways (League.save writes them into the current season, starting a new
season writes the new one's start into them), so every page and file that reads them keeps
working and the league index still sorts leagues by the start of their current season.
"""

from __future__ import annotations

import re
from datetime import date

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leagues.errors import SeasonArchived
from leagues.names import refuse_control_characters


class Season(models.Model):
    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="seasons")
    # 1, 2, 3 … within the league: the `?season=` of its pages and downloads.
    number = models.PositiveIntegerField(gettext_lazy("number"))
    name = models.CharField(
        gettext_lazy("name"), max_length=80, validators=[refuse_control_characters]
    )
    starts_on = models.DateField(gettext_lazy("starts"))
    # The current season: its planned end, if any (the league's season_end). An archived
    # season: the day before the next one started.
    ends_on = models.DateField(gettext_lazy("ends"), null=True, blank=True)
    # Null while the season is current or yet to begin; set when the next season is started:
    # the moment the next one begins (its start date's midnight, or at once for a start
    # today or earlier), so a season dated tomorrow leaves tonight's matches in this one.
    archived_at = models.DateTimeField(gettext_lazy("archived"), null=True, blank=True)
    archived_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["league", "number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="season_number_in_league"),
            models.UniqueConstraint(
                fields=["league"],
                condition=models.Q(archived_at__isnull=True),
                name="one_current_season",
            ),
        ]
        verbose_name = gettext_lazy("season")
        verbose_name_plural = gettext_lazy("seasons")

    def __str__(self) -> str:
        return self.name

    @property
    def label(self) -> str:
        """The name to show: a default name ("Season 2026") in the reader's language, any
        other name as its organiser wrote it."""
        match = DEFAULT_NAME.fullmatch(self.name)
        if match:
            return _("Season %(year)s") % {"year": match[1]}
        return self.name

    @property
    def is_archived(self) -> bool:
        return self.archived_at is not None and self.archived_at <= timezone.now()

    @property
    def is_upcoming(self) -> bool:
        """Started by an organiser for a later day: current from its start date."""
        return self.archived_at is None and self.starts_on > timezone.localdate()

    def refuse_changes(self, match=None) -> None:
        """SeasonArchived if no match of this season may change any more; with `match`, if
        that match may not: one still running when the season was archived plays on to its
        end (docs/seasons.md, "A match running at midnight")."""
        if self.is_archived and (match is None or match.status != match.Status.RUNNING):
            raise SeasonArchived(archived_message(self), code="season_archived")


def archived_message(season: Season) -> str:
    return _(
        "“%(season)s” is archived: its matches can no longer be changed. Matches and rounds "
        "go into the current season; an organiser can start a new match there."
    ) % {"season": season.label}


# Stored in English whoever creates the league, and translated when shown (Season.label):
# a German organiser's league must not read "Saison 2026" to its French players.
DEFAULT_NAME = re.compile(r"Season (\d{4}(?:/\d{2})?)")


def first_season_name(starts_on: date) -> str:
    """The name a league's first season gets when nobody chose one: its year, or, from July
    on, the club year it mostly runs in ("Season 2026/27"), as a first season begun on
    6 December is mostly a year of play in the next year."""
    if starts_on.month >= 7:
        return f"Season {starts_on.year}/{(starts_on.year + 1) % 100:02d}"
    return f"Season {starts_on.year}"


def current_season(league) -> Season:
    """The league's current season. A league made without League.save (bulk_create, raw
    SQL) gets its first one here."""
    # The oldest season not archived yet: a season started for a later day waits behind the
    # one it follows until its start date (archived_at in the future).
    season = (
        league.seasons.filter(
            models.Q(archived_at__isnull=True) | models.Q(archived_at__gt=timezone.now())
        )
        .order_by("number")
        .first()
    )
    if season is None:
        season = create_first_season(league)
    return season


def create_first_season(league) -> Season:
    starts_on = league.season_start or timezone.localdate()
    return Season.objects.create(
        league=league,
        number=1,
        name=first_season_name(starts_on),
        starts_on=starts_on,
        ends_on=league.season_end,
    )
