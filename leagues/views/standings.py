"""The index of leagues and a league's home page: standings and recent matches."""

from datetime import date

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from leagues.access import visible_league
from leagues.models import ClubNight
from leagues.models.standing import unconfirmed_in
from leagues.seasons import season_view
from leagues.standings.table import Standings, leagues_for, match_counts, recent_matches


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    leagues = list(leagues_for(request.user))
    organises_any = any(league.organised for league in leagues)
    return render(
        request, "leagues/index.html", {"leagues": leagues, "organises_any": organises_any}
    )


@require_GET
@vary_on_headers("HX-Request")
def league(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The league's home; `?season=` chooses the season (leagues.seasons; the current one by
    default), `?sort=` orders the standings (see leagues.standings.table.Sort), and an htmx
    request for another order gets only the table."""
    league = visible_league(request, slug)
    seasons = season_view(league, request.GET)  # the current season unless ?season= says
    template_name = "leagues/league.html"
    # A history restore after a cache miss asks for the whole page, with HX-Request set.
    if request.htmx and not request.htmx.history_restore_request:
        template_name += "#standings"
    return render(
        request,
        template_name,
        {
            "league": league,
            "seasons": seasons,
            "standings": Standings(league, request.GET.get("sort"), seasons.shown),
            # Lazy: the standings fragment alone never queries them.
            "recent_matches": recent_matches(league, season=seasons.shown),
            "match_counts": SimpleLazyObject(lambda: match_counts(league, seasons.shown)),
            "is_organiser": SimpleLazyObject(lambda: league.is_organiser(request.user)),
            # Club nights: today's, for the link to its tables.
            "tonight": SimpleLazyObject(lambda: ClubNight.objects.on(league, date.today()).first()),
            # Rounds entered by players, not yet confirmed: counted, and said so.
            "unconfirmed": SimpleLazyObject(lambda: unconfirmed_in(league, seasons.shown)),
        },
    )
