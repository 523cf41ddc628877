"""A player's page: matches, best hands, points over time, head-to-head."""

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from leagues.access import SignInRequired
from leagues.models import League, Player, Season
from leagues.players.records import PlayerRecord


@require_GET
def player(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    # Only leagues the viewer may read, all in the player's club (the wall).
    leagues = League.objects.visible_to(request.user).filter(club=player.club_id)
    _check_visible(request, player, leagues)
    season = _season(request, leagues)
    return render(
        request,
        "leagues/player.html",
        {"player": player, "record": PlayerRecord(player, leagues, season), "season": season},
    )


def _season(request: HttpRequest, leagues) -> Season | None:
    """`?league=<slug>&season=<number>`: the player's record in one season of one league
    the visitor may see (docs/seasons.md); otherwise None, everything."""
    slug, number = request.GET.get("league"), request.GET.get("season", "")
    if not slug or not number.isdigit():
        return None
    season = Season.objects.filter(league__in=leagues, league__slug=slug, number=number)
    found = season.select_related("league").first()
    if found is None:
        raise Http404(_("No such season."))
    return found


def _check_visible(request: HttpRequest, player: Player, leagues) -> None:
    """A player is shown to those who may see one of their leagues, as leagues.access does
    for a league: anonymous visitors are asked to sign in, others refused."""
    if leagues.filter(players=player).exists():
        return
    if not player.leagues.exists():
        raise Http404(_("This player has not joined a league."))
    if not request.user.is_authenticated:
        raise SignInRequired(_("Sign in to see this player."))
    raise PermissionDenied(_("This player plays only in members-only leagues."))
