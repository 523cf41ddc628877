from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from leagues.names import refuse_control_characters


class PlayerQuerySet(models.QuerySet):
    def in_club(self, club) -> PlayerQuerySet:
        """The club's own players: every lookup by name or account starts here."""
        return self.filter(club=club)

    def named(self, club, name: str) -> PlayerQuerySet:
        """The club's player of that name, in any capitalisation (never another club's)."""
        return self.in_club(club).filter(display_name__iexact=name)


class Player(models.Model):
    """Someone who plays in one club: a name on its score sheets, optionally linked to a
    sign-in account (which lets them see the club's members-only leagues they are in and
    enter their own matches' rounds). One account may be linked to one player in each club."""

    club = models.ForeignKey(
        "leagues.Club", verbose_name=_("club"), on_delete=models.CASCADE, related_name="players"
    )
    display_name = models.CharField(
        _("display name"), max_length=80, validators=[refuse_control_characters]
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
    )
    # A bot from live play (games.recording): it keeps its seat and its rounds on the score
    # sheet, so the match adds up, but it is no club member: never on a roster, in standings
    # or ratings, and it has no player page (docs/printing_and_bots.md).
    is_bot = models.BooleanField(_("bot"), default=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["display_name"]
        constraints = [
            # The database refuses a second "Dev Patel" (or "dev patel") in one club, also
            # when two organisers add the name at the same moment (leagues.models.roster).
            models.UniqueConstraint(
                Lower("display_name"), "club", name="player_name_unique_in_club"
            ),
            models.UniqueConstraint(fields=["club", "user"], name="one_player_per_club_account"),
        ]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.display_name

    def get_absolute_url(self) -> str:
        return reverse("leagues:player", args=[self.pk])
