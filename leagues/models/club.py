"""The club: the wall between the groups that share this site (docs/architecture.md,
"Decisions"). A club owns its leagues and its roster of players; a player's name is unique
inside its club only, and nothing is ever matched by name across clubs. Who runs a club is
derived, not stored: the organisers of its leagues; who may add a league to it, the owners
of its leagues (docs/organisers.md, "Inside a club")."""

from __future__ import annotations

from django.db import models
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _


class ClubQuerySet(models.QuerySet):
    def organised_by(self, user) -> ClubQuerySet:
        """The clubs in which `user` organises at least one league."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(leagues__organisers=user).distinct()

    def owned_by(self, user) -> ClubQuerySet:
        """The clubs to which `user` may add a league: those where they own a league (or
        organise one that has no owner, as before owners existed). A co-organiser was asked
        to help with one league, not to open new ones in the club: a new league's organisers
        could put any of the club's players on its roster."""
        if not user.is_authenticated:
            return self.none()
        owns = models.Q(leagues__owner=user)
        ownerless = models.Q(leagues__owner__isnull=True, leagues__organisers=user)
        return self.filter(owns | ownerless).distinct()


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    @classmethod
    def create_named(cls, name: str) -> Club:
        """A new club of that name, with a free short name made from it."""
        base = slugify(name)[:50] or "club"
        slug, n = base, 1
        while cls.objects.filter(slug=slug).exists():
            n += 1
            slug = f"{base}-{n}"
        return cls.objects.create(name=name.strip()[:120] or base, slug=slug)

    def is_run_by(self, user) -> bool:
        """Whether `user` organises one of the club's leagues (or is the site's staff)."""
        if not user.is_authenticated:
            return False
        return user.is_superuser or self.leagues.filter(organisers=user).exists()
