"""`manage.py import_league <file> [--slug NEW | --into SLUG] [--organiser USERNAME]`: read a
league file (docs/league_json.md) and replay it through the models, all or nothing.

Exit status: 0 imported; 1 refused (the problems are printed, nothing was saved), also a
file that is too large, not UTF-8, not JSON or beyond the limits of docs/league_json.md; 2 bad
arguments, an unknown --into league or --organiser account, or the file cannot be read.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from leagues.exchange.importer import (
    MAX_FILE_SIZE,
    ImportRefused,
    import_league,
    parse_json,
    too_large,
)
from leagues.models import League

READ_STDIN = "-"
REFUSED = 1
USAGE = 2


class Command(BaseCommand):
    @property
    def help(self) -> str:  # a property: translated in the active language, when asked
        return _(
            "Import a league file (JSON, docs/league_json.md): a new league, or with --into "
            "the file's matches added to an existing league. Every round is scored and "
            "checked again; nothing is saved unless the whole file is right. Exit status: "
            "0 imported, 1 refused (problems listed, also a file too large, not UTF-8 or "
            "not JSON), 2 bad arguments or unreadable file."
        )

    # Tests pass their own stream through call_command(..., stdin=...).
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help=_("The league file; - reads standard input."))
        target = parser.add_mutually_exclusive_group()
        target.add_argument(
            "--slug",
            help=_("Create the league under this short name instead of the file's."),
        )
        target.add_argument(
            "--into",
            metavar="SLUG",
            help=_("Add the file's matches to this existing league; its 'league' is ignored."),
        )
        parser.add_argument(
            "--organiser",
            metavar="USERNAME",
            help=_(
                "This account organises the new league and is recorded as having entered "
                "the rounds."
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        into = self._league(options["into"]) if options["into"] else None
        by = self._user(options["organiser"]) if options["organiser"] else None
        try:
            document = parse_json(self._read(options["file"], options.get("stdin")))
            imported = import_league(document, by=by, slug=options["slug"], into=into)
        except ImportRefused as refused:
            for message in refused.messages:
                self.stderr.write(message)
            if refused.has_code("slug_taken"):
                self.stderr.write(_("Give another short name with --slug."))
            raise CommandError(_("Nothing was imported."), returncode=REFUSED) from None
        self.stdout.write(imported.summary())
        self.stdout.write(imported.league.get_absolute_url())

    def _read(self, path: str, stdin) -> bytes:
        """The file's bytes, as they are: parse_json decodes them, whatever the locale. One
        byte more than the limit is read, so that a larger file is refused unread."""
        try:
            if path == READ_STDIN:
                stream = stdin or sys.stdin
                stream = getattr(stream, "buffer", stream)  # the bytes under a text stream
                data = stream.read(MAX_FILE_SIZE + 1)
                # A text stream (a test's StringIO) was decoded already.
                data = data.encode("utf-8") if isinstance(data, str) else data
            else:
                with open(path, "rb") as file:
                    data = file.read(MAX_FILE_SIZE + 1)
                    size = os.fstat(file.fileno()).st_size
                if len(data) > MAX_FILE_SIZE:
                    raise too_large(max(size, len(data)))
        except OSError as error:
            raise CommandError(
                _("Could not read %(file)s: %(reason)s")
                % {"file": path, "reason": error.strerror or error},
                returncode=USAGE,
            ) from error
        if len(data) > MAX_FILE_SIZE:  # standard input, read no further: its size is unknown
            raise too_large()
        return data

    def _league(self, slug: str) -> League:
        league = League.objects.filter(slug=slug).first()
        if league is None:
            raise CommandError(
                _("There is no league with the short name '%(slug)s'.") % {"slug": slug},
                returncode=USAGE,
            )
        return league

    def _user(self, username: str):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(
                _("There is no account named '%(user)s'.") % {"user": username},
                returncode=USAGE,
            )
        return user
