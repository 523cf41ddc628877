"""`manage.py export_league <slug> [-o FILE]`: the league as JSON (docs/league_json.md), the
same document as the league's "everything (JSON)" download.

Exit status: 0 written; 1 no league has that short name; 2 bad arguments, or the output file
cannot be written.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from leagues.exchange.export import league_document
from leagues.models import League

UNKNOWN_LEAGUE = 1
UNWRITABLE = 2


class Command(BaseCommand):
    @property
    def help(self) -> str:  # a property: translated in the active language, when asked
        return _(
            "Write a league with all its matches and rounds as JSON (the format of "
            "docs/league_json.md), to standard output or a file. Exit status: 0 written, "
            "1 no such league, 2 bad arguments or the file cannot be written."
        )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help=_("The league's short name, as in its address."))
        parser.add_argument(
            "-o",
            "--output",
            metavar="FILE",
            help=_("Write to this file (UTF-8) instead of standard output."),
        )

    def handle(self, *args: Any, slug: str, output: str | None = None, **options: Any) -> None:
        league = League.objects.filter(slug=slug).first()
        if league is None:
            raise CommandError(
                _("There is no league with the short name '%(slug)s'.") % {"slug": slug},
                returncode=UNKNOWN_LEAGUE,
            )
        text = json.dumps(league_document(league), ensure_ascii=False, indent=2)
        if output is None:
            self.stdout.write(text)
            return
        try:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text + "\n")
        except OSError as error:
            raise CommandError(
                _("Could not write %(file)s: %(reason)s")
                % {"file": output, "reason": error.strerror or error},
                returncode=UNWRITABLE,
            ) from error
        self.stderr.write(
            _("Wrote %(league)s to %(file)s.") % {"league": league.name, "file": output}
        )
