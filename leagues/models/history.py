from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class RoundChange(models.Model):
    """One line of a match's history: who added, corrected or deleted which round, when, and
    the round before and after (as `Round.snapshot()` gives it)."""

    class Action(models.TextChoices):
        ADDED = "added", _("added")
        EDITED = "edited", _("corrected")
        DELETED = "deleted", _("deleted")
        # The last round taken back with "Undo" (a deletion too, said as the organiser did it).
        UNDONE = "undone", _("undone")
        # An opponent's word on a player's entry (leagues.models.confirmation).
        CONFIRMED = "confirmed", _("confirmed")
        REJECTED = "rejected", _("rejected")

    match = models.ForeignKey("leagues.Match", on_delete=models.CASCADE, related_name="changes")
    round = models.ForeignKey(
        "leagues.Round", null=True, blank=True, on_delete=models.SET_NULL, related_name="changes"
    )
    number = models.PositiveIntegerField(_("round"))
    action = models.CharField(_("change"), max_length=10, choices=Action)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    at = models.DateTimeField(_("when"), auto_now_add=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    # Why an organiser corrected after the table's correction window had closed.
    reason = models.CharField(_("reason"), max_length=200, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("round change")
        verbose_name_plural = _("round changes")

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.number}"
