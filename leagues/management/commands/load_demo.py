"""`manage.py load_demo [--if-empty]`: the demo leagues of leagues/demo.py, for trying the app.

`make run` calls it with --if-empty, so a fresh database opens on something to look at and a
database with leagues of its own is left alone.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from leagues import demo
from leagues.models import League


class Command(BaseCommand):
    @property
    def help(self) -> str:  # a property: translated in the active language, when asked
        return _(
            "Load two demo leagues (a public club with finished and running matches, and a "
            "members-only table) with an organiser and a member account, for a local demo. "
            "Refuses, changing nothing, if a demo league exists already."
        )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help=_("Do nothing (and succeed) when the database holds any league."),
        )

    def handle(self, *args, if_empty: bool = False, **options) -> None:
        if if_empty and League.objects.exists():
            self.stdout.write(_("There are leagues already: no demo data loaded."))
            return
        try:
            loaded = demo.load()
        except demo.DemoExists as exists:
            message = ngettext(
                "The demo league %(slugs)s exists already: nothing was loaded. Delete it "
                "first to load the demo again.",
                "The demo leagues %(slugs)s exist already: nothing was loaded. Delete them "
                "first to load the demo again.",
                len(exists.slugs),
            )
            raise CommandError(message % {"slugs": ", ".join(exists.slugs)}) from None
        names = ", ".join(f"{league.name} ({league.slug})" for league in loaded.leagues)
        self.stdout.write(
            _("Loaded %(leagues)s: %(matches)s matches, %(rounds)s rounds.")
            % {"leagues": names, "matches": loaded.matches, "rounds": loaded.rounds}
        )
        roles = {
            demo.ORGANISER: _("organiser of every demo league"),
            demo.MEMBER: _("the player %(name)s") % {"name": demo.MEMBER_PLAYER},
        }
        for account in loaded.accounts:
            role = roles[account.username]
            if account.created:
                line = _("Sign in as %(user)s, password %(password)s (%(role)s).") % {
                    "user": account.username,
                    "password": demo.PASSWORD,
                    "role": role,
                }
            else:
                line = _("The account %(user)s existed already; its password is unchanged.") % {
                    "user": account.username
                }
            self.stdout.write(line)
        self.stdout.write(
            _("These accounts are for a local demo only: never load the demo on a public server.")
        )
