"""The league's own history: what organisers did to the league itself, beside each match's
round history (RoundChange). One line per event: who, when, what, and the details needed to
say it again later (names as they were then, since a player may be renamed or merged).

`action` is a plain string, not a database choice, so a new kind of event needs no
migration: add it to `LeagueEvent.Action` and, where it needs more than its label, to the
template that lists the history. Readers see the label translated for them; the details are
stored as they were (names, dates), not translated.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class LeagueEvent(models.Model):
    class Action(models.TextChoices):
        LEAGUE_CREATED = "league_created", _("league created")
        SETTINGS_CHANGED = "settings_changed", _("settings changed")
        ORGANISER_ADDED = "organiser_added", _("organiser added")
        ORGANISER_REMOVED = "organiser_removed", _("organiser removed")
        OWNER_CHANGED = "owner_changed", _("ownership handed over")
        PLAYER_ADDED = "player_added", _("player added")
        PLAYER_RENAMED = "player_renamed", _("player renamed")
        PLAYERS_MERGED = "players_merged", _("players merged")
        PLAYER_RETIRED = "player_retired", _("player retired")
        PLAYER_RETURNED = "player_returned", _("player back from retirement")
        PLAYER_LINKED = "player_linked", _("player linked to an account")
        PLAYER_UNLINKED = "player_unlinked", _("player's account unlinked")
        INVITE_CREATED = "invite_created", _("invitation created")
        INVITE_REVOKED = "invite_revoked", _("invitation revoked")
        INVITE_ACCEPTED = "invite_accepted", _("invitation accepted")
        SEASON_STARTED = "season_started", _("season started")
        MATCH_ENDED = "match_ended", _("match ended here")
        MATCH_ABANDONED = "match_abandoned", _("match abandoned")
        MATCH_DELETED = "match_deleted", _("match deleted")
        CLUB_NIGHT_SEATED = "club_night_seated", _("club night seated")
        CLUB_RENAMED = "club_renamed", _("club renamed")

    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="events")
    # No choices in the database (see the module docstring); `Action` gives the labels.
    action = models.CharField(_("change"), max_length=40)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    at = models.DateTimeField(_("when"), auto_now_add=True)
    # What the line needs to be read later: names and numbers as they were, e.g.
    # {"player": "Anna", "into": "Anna B."} for a merge, {"match": 12, "date": "2026-11-24"}.
    details = models.JSONField(_("details"), default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["league", "-at"], name="league_event_recent")]
        verbose_name = _("league event")
        verbose_name_plural = _("league events")

    def __str__(self) -> str:
        return f"{self.league_id}: {self.action_label}"

    @property
    def action_label(self) -> str:
        try:
            return str(self.Action(self.action).label)
        except ValueError:
            return self.action


def log_event(league, action: LeagueEvent.Action, by=None, **details) -> LeagueEvent:
    """Add a line to the league's history; call it inside the transaction that made the
    change, so the line exists exactly when the change does."""
    user = by if by is not None and by.is_authenticated else None
    return LeagueEvent.objects.create(league=league, action=action, by=user, details=details)
