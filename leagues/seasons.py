"""Which season a page or download shows: `?season=<number>` (1, 2, … within the league) or
`?season=all` for all time (docs/seasons.md). The league's pages show its current season
when the query names none; the downloads give all time, so a saved link or a script keeps
getting the same file however many seasons begin."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, QueryDict
from django.utils.translation import gettext as _

from .models import League, Season

ALL_TIME = "all"


@dataclass(frozen=True)
class SeasonView:
    """The seasons of a league and the one shown (None: all time)."""

    seasons: list[Season]
    shown: Season | None
    # Whether the query chose it: links keep `?season=` only then.
    chosen: bool

    @property
    def current(self) -> Season:
        return next(season for season in self.seasons if not season.is_archived)

    @property
    def value(self) -> str:
        """The `season` query value that shows the same again."""
        return str(self.shown.number) if self.shown else ALL_TIME

    @property
    def query(self) -> str:
        """`season=…&` for links that keep the season shown ('' for the default)."""
        return f"season={self.value}&" if self.chosen else ""

    @property
    def download_query(self) -> str:
        """The downloads' query for what the page shows (they default to all time, which
        is the one season of a league that has no other)."""
        if self.shown is None or len(self.seasons) == 1:
            return ""
        return f"?season={self.value}"

    @property
    def slug_part(self) -> str:
        """What a download's file name says about its season: '' for all time."""
        return "" if self.shown is None else f"-season-{self.shown.number}"


def season_view(league: League, query: QueryDict, *, default_all_time: bool = False) -> SeasonView:
    """The seasons of the league (one query) and the one `?season=` asks for; a number the
    league has no season for is a 404."""
    seasons = list(league.seasons.order_by("number"))
    if not any(not season.is_archived for season in seasons):  # made without League.save
        seasons.append(league.current_season)
    value = query.get("season", "").strip()
    if not value:
        shown = None if default_all_time else next(s for s in seasons if not s.is_archived)
        return SeasonView(seasons, shown, chosen=False)
    if value == ALL_TIME:
        return SeasonView(seasons, None, chosen=True)
    for season in seasons:
        if str(season.number) == value:
            return SeasonView(seasons, season, chosen=True)
    raise Http404(_("This league has no season %(number)s.") % {"number": value})
