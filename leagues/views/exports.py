"""Downloads of a league (standings and rounds as CSV, everything as JSON) and the import page.

Downloads are for whoever may see the league; the files are written by leagues.exchange.export and
read back by leagues.exchange.importer (format: docs/league_json.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from leagues.access import visible_league
from leagues.errors import Busy, refused_when_busy
from leagues.exchange.export import league_document, write_rounds_csv, write_standings_csv
from leagues.exchange.forms import ImportForm
from leagues.exchange.importer import (
    ImportRefused,
    import_league,
    import_targets,
    may_create_leagues,
)
from leagues.seasons import season_view


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _download(content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content_type=f"{content_type}; charset=utf-8")
    # Slugs are ASCII letters, digits, - and _: the name needs no quoting beyond this.
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _csv(
    request: HttpRequest,
    slug: str,
    name: str | Callable[..., str],
    write: Callable[..., None],
) -> HttpResponse:
    """A CSV download of all time, or of the season `?season=` names (leagues.seasons);
    named `name`, or what `name(league)` says."""
    league = visible_league(request, slug)
    name = name(league) if callable(name) else name
    seasons = season_view(league, request.GET, default_all_time=True)
    response = _download("text/csv", f"{league.slug}{seasons.slug_part}-{name}.csv")
    # A byte-order mark, so spreadsheet programs read the names' accents as UTF-8 too.
    response.write("\ufeff")
    write(league, response, seasons.shown)
    return response


@require_GET
def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    return _csv(request, slug, "standings", write_standings_csv)


@require_GET
def rounds_csv(request: HttpRequest, slug: str) -> HttpResponse:
    # Named by the game: a Mah-Jongg league's is its games (leagues.kinds.mahjongg.games_csv).
    return _csv(request, slug, lambda league: league.kind.rounds_csv_name, write_rounds_csv)


@require_GET
def export_json(request: HttpRequest, slug: str) -> HttpResponse:
    league = visible_league(request, slug)
    seasons = season_view(league, request.GET, default_all_time=True)
    response = _download("application/json", f"{league.slug}{seasons.slug_part}.json")
    json.dump(league_document(league, seasons.shown), response, ensure_ascii=False, indent=2)
    response.write("\n")
    return response


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def import_page(request: HtmxHttpRequest) -> HttpResponse:
    """Upload a league file: staff create a new league from it, organisers add its matches to
    a league they organise (leagues.exchange.importer.import_targets)."""
    leagues = import_targets(request.user)
    may_create = may_create_leagues(request.user)
    if not may_create and not leagues.exists():
        raise PermissionDenied(_("Only league organisers and staff can import league files."))
    form = ImportForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
        leagues=leagues,
        may_create=may_create,
    )
    if form.is_valid():
        try:
            with refused_when_busy():
                imported = import_league(
                    form.document,
                    by=request.user,
                    slug=form.cleaned_data.get("slug") or None,
                    into=form.cleaned_data["league"],
                )
        except ImportRefused as refused:
            form.add_refusal(refused)
        except Busy as busy:
            form.add_error(None, busy)
        else:
            messages.success(request, imported.summary())
            url = imported.league.get_absolute_url()
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    template_name = "leagues/import.html"
    if request.htmx and not request.htmx.history_restore_request:
        template_name += "#import-form"
    return render(request, template_name, {"form": form, "may_create": may_create})
