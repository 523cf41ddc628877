"""`manage.py rescore_mahjongg [SLUG ...] [--dry-run]`: every stored game of the Mah-Jongg
leagues (or those named) scored again under the rule book as it reads now, each match under
its own rule profile (leagues.models.mahjongg_rescore); run once after an upgrade that
changes the book's readings (docs/deployment.md).

It prints one line per game whose scores change ("league, match of date, game N: Pia 48 →
52"), one per game that cannot be (a game no table could hold, MAHJONGG.md §1.1, with every
tile it holds too many of: left as it is, not deleted, the rest of its match rescored around
it; an organiser corrects it), and a summary; the dry run the same, writing nothing
(docs/mahjongg_data.md, "Rescoring stored games").

Exit status: 0 done (or, with --dry-run, listed); 1 some games cannot be (reported; every
other game was still rescored); 2 no Mah-Jongg league has one of those short names.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from leagues.models import League
from leagues.models.mahjongg_rescore import Rescore, rescore_league

IMPOSSIBLE = 1
UNKNOWN_LEAGUE = 2


class Command(BaseCommand):
    @property
    def help(self) -> str:  # a property: translated in the active language, when asked
        return _(
            "Score every stored Mah-Jongg game again under the rule book as it reads now, "
            "each match under its own rules: one history entry per changed game, balances, "
            "standings and ratings rebuilt. Exit status: 0 done, 1 some games cannot be "
            "(reported, left as they are), 2 no such Mah-Jongg league."
        )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "slugs", nargs="*", metavar="SLUG", help=_("Leagues' short names (default: all).")
        )
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help=_("Only list the games that would change or cannot be: write nothing."),
        )

    def handle(self, *args: Any, slugs: list[str], dry_run: bool = False, **options: Any) -> None:
        leagues = League.objects.filter(game="mahjongg").order_by("slug")
        if slugs:
            leagues = leagues.filter(slug__in=slugs)
            unknown = sorted(set(slugs) - {league.slug for league in leagues})
            if unknown:
                raise CommandError(
                    _("There is no Mah-Jongg league with the short name '%(slug)s'.")
                    % {"slug": unknown[0]},
                    returncode=UNKNOWN_LEAGUE,
                )
        report = Rescore()
        for league in leagues:
            rescore_league(league, dry_run=dry_run, report=report)
        for game in report.changed:
            self.stdout.write(
                _("%(where)s: %(changes)s") % {"where": _where(game), "changes": game.changes()}
            )
        for game in report.impossible:
            self.stderr.write(
                _("%(where)s cannot be: %(why)s") % {"where": _where(game), "why": game.message}
            )
        facts = {"changed": len(report.changed), "games": report.games, "matches": report.matches}
        if dry_run:
            # Figures after their labels: no plural to agree with in any language.
            summary = _(
                "Dry run, nothing written. Games that would change: %(changed)d of "
                "%(games)d (matches read: %(matches)d)."
            )
        else:
            summary = _("Games rescored: %(changed)d of %(games)d (matches read: %(matches)d).")
        self.stdout.write(summary % facts)
        if report.impossible:
            raise CommandError(
                _(
                    "Games that cannot be: %(count)d. They are left as they were: correct "
                    "them on their match pages, then run the command again."
                )
                % {"count": len(report.impossible)},
                returncode=IMPOSSIBLE,
            )


def _where(game) -> str:
    match = game.match
    return _("%(league)s, match of %(date)s (#%(id)s), game %(number)s") % {
        "league": match.league.slug,
        "date": date_format(match.played_on, "Y-m-d"),
        "id": match.pk,
        "number": game.number,
    }
