from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from leagues.names import refuse_control_characters


class Player(models.Model):
    """Someone who plays: a name on the score sheet, optionally linked to a sign-in account
    (which lets them see members-only leagues and enter their own matches' rounds)."""

    display_name = models.CharField(
        _("display name"), max_length=80, unique=True, validators=[refuse_control_characters]
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    # A bot from live play (games.recording): it keeps its seat and its rounds on the score
    # sheet, so the match adds up, but it is no club member: never on a roster, in standings
    # or ratings, and it has no player page (docs/printing_and_bots.md).
    is_bot = models.BooleanField(_("bot"), default=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["display_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.display_name

    def get_absolute_url(self) -> str:
        return reverse("leagues:player", args=[self.pk])
