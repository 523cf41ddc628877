"""`manage.py rebuild_standings [SLUG ...] [--check]`: compute every player's kept figures
(leagues.models.standing) again from the seats and hands, and say how many rows were out of
step. The app keeps them in step itself; this is for after the database was edited by hand
(or restored in part). It mends the standings' rows only: ratings come from
`leagues.models.rating.rerate()`, and seat totals from replaying each match's rounds.

Exit status: 0 in step, or mended; 1 with --check, some rows out of step (nothing written);
2 no league has one of those short names.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from leagues.models import League, PlayerStanding
from leagues.models.standing import compute_standings, rebuild_standings

OUT_OF_STEP = 1
UNKNOWN_LEAGUE = 2


class Command(BaseCommand):
    @property
    def help(self) -> str:  # a property: translated in the active language, when asked
        return _(
            "Compute the standings' kept figures (matches, wins, rounds, points, best hand) "
            "again from the rounds, for the leagues named or all of them, and say how many "
            "rows were out of step. Exit status: 0 in step or mended, 1 with --check some "
            "rows out of step, 2 no such league."
        )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "slugs", nargs="*", metavar="SLUG", help=_("Leagues' short names (default: all).")
        )
        parser.add_argument(
            "--check",
            action="store_true",
            help=_("Only compare: write nothing, and exit with 1 if any row is out of step."),
        )

    def handle(self, *args: Any, slugs: list[str], check: bool = False, **options: Any) -> None:
        leagues = League.objects.order_by("slug")
        if slugs:
            leagues = leagues.filter(slug__in=slugs)
            unknown = sorted(set(slugs) - {league.slug for league in leagues})
            if unknown:
                raise CommandError(
                    _("There is no league with the short name '%(slug)s'.") % {"slug": unknown[0]},
                    returncode=UNKNOWN_LEAGUE,
                )
        out_of_step = 0
        for league in leagues:
            wrong = _out_of_step(league)
            out_of_step += wrong
            if not wrong:
                message = _("%(league)s: in step") % {"league": league.name}
            elif check:
                # A figure after its label: no plural to agree with in any language.
                message = _("%(league)s, rows out of step: %(count)d") % {
                    "league": league.name,
                    "count": wrong,
                }
            else:
                rebuild_standings(league)
                message = _("%(league)s, rows mended: %(count)d") % {
                    "league": league.name,
                    "count": wrong,
                }
            self.stdout.write(message)
        if check and out_of_step:
            raise CommandError(
                _("Some rows are out of step: run the command without --check to mend them."),
                returncode=OUT_OF_STEP,
            )


def _out_of_step(league: League) -> int:
    """How many rows differ from what the rounds give (missing or extra ones too), all time
    and per season."""
    kept = {
        (row.season_id, row.player_id): row.figures()
        for row in PlayerStanding.objects.filter(league=league)
    }
    rows = compute_standings(league.pk)
    for season_id in league.seasons.values_list("pk", flat=True):
        rows += compute_standings(league.pk, season_id=season_id)
    right = {(row.season_id, row.player_id): row.figures() for row in rows}
    return sum(kept.get(key) != right.get(key) for key in kept.keys() | right.keys())
