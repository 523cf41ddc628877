"""Club nights: tick who is present, edit the proposed tables, create the matches; the night's
page (for a projector) with every table's live totals; and `tonight/`, the way to it."""

from __future__ import annotations

from datetime import date, timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count, IntegerField, Max, OuterRef, Prefetch, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from leagues.access import organised_league, visible_league
from leagues.errors import refused_when_busy
from leagues.models import ClubNight, EntryReceipt, Match, Seat
from leagues.nights.forms import NightForm, describe, edited_tables, propose

PROPOSE, SHUFFLE, UPDATE, CREATE = "propose", "shuffle", "update", "create"


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def last_night_players(league) -> list[int]:
    """Who played at the league's last club night (its seated players), else on the day of
    its newest match: the usual crowd, to tick at once."""
    night = league.club_nights.order_by("-played_on", "-pk").first()
    if night is not None:
        seats = Seat.objects.filter(match__in=night.matches.all())
    else:
        newest = league.matches.order_by("-played_on").values_list("played_on", flat=True)
        if not newest:
            return []
        seats = Seat.objects.filter(match__league=league, match__played_on=newest[0])
    return list(seats.values_list("player_id", flat=True).distinct())


@require_http_methods(["GET", "POST"])
@login_required
def night_new(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the roster to tick. POST: a step of the proposal (the `step` button pressed)."""
    league = organised_league(request, slug)
    step = request.POST.get("step", PROPOSE)
    if step == SHUFFLE and request.POST.get("seed", "").isdigit():
        post = request.POST.copy()
        post["seed"] = str(int(post["seed"]) + 1)
    else:
        post = request.POST
    form = NightForm(league, post or None)
    if not form.is_bound:
        # "Tick all" and "last club night's players": links, so no script is
        # needed; only the league's own roster is ever ticked (the form's choices).
        last = last_night_players(league)
        ticked = {"all": list(form.roster), "last": last}.get(request.GET.get("tick", ""))
        if ticked is not None:
            form.initial["present"] = [pk for pk in ticked if pk in form.roster]
        context = {"league": league, "form": form, "has_last": bool(last)}
        return render(request, "leagues/night_new.html", context)
    if not form.is_valid():
        return render(request, "leagues/night_new.html", {"league": league, "form": form})
    errors: list[str] = []
    if step in (UPDATE, CREATE):
        tables, errors = edited_tables(form, request.POST)
    else:
        tables = propose(form)
    if step == CREATE and not errors:
        try:
            with refused_when_busy():
                night = ClubNight.seat(
                    league,
                    tables,
                    played_on=form.cleaned_data["played_on"],
                    rules=form.match_rules(),
                    since_match=form.cleaned_data["since"],
                    by=request.user,
                )
        except ValidationError as error:
            errors = list(error.messages)
        else:
            messages.success(request, league.kind.seated_message())
            return redirect(night)
    shown, repeats = describe(form, tables)
    return render(
        request,
        "leagues/night_proposal.html",
        {
            "league": league,
            "form": form,
            "tables": shown,
            "repeats": repeats,
            "errors": errors,
            "order": ";".join(",".join(str(s.player.pk) for s in t.seats) for t in shown),
            "numbers": range(1, len(shown) + 1),
        },
    )


# When a table last sent something: its newest round (a correction counts) or game.
ENTERED_AT = {"rounds": "updated_at", "mj_games": "entered_at"}


def night_tables(league, club_night) -> list[tuple[int, Match]]:
    """(table number, match) of the night's tables still played or ended, abandoned ones left
    out but counted, so table 3 stays table 3. Each match carries rounds_played, held (its
    entries waiting for an organiser) and last_heard (its newest round, game or entry sent).
    Two queries (matches, seats), whatever the number of tables."""
    played = league.kind.played
    receipts = EntryReceipt.objects.filter(match=OuterRef("pk"))
    held = (
        receipts.filter(state=EntryReceipt.State.HELD)
        .values("match")
        .annotate(n=Count("pk"))
        .values("n")
    )
    last_sent = receipts.values("match").annotate(at=Max("created_at")).values("at")
    last_entered = Max(f"{played}__{ENTERED_AT[played]}")
    matches = (
        club_night.matches.order_by("pk")
        # A Mah-Jongg table counts its games; its seats' totals are their running balances.
        .annotate(
            rounds_played=Count(played),
            # A player's entries not confirmed yet, and those an opponent rejected.
            waiting=Count(played, filter=Q(**{f"{played}__confirmation": "provisional"})),
            rejected=Count(played, filter=Q(**{f"{played}__confirmation": "rejected"})),
            held=Coalesce(Subquery(held, output_field=IntegerField()), 0),
            last_entered=last_entered,
            last_sent=Subquery(last_sent),
        )
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
        )
    )
    tables = []
    for number, match in enumerate(matches, start=1):
        if match.status == Match.Status.ABANDONED:
            continue
        match.league = league  # its address names the league: not one query per table
        heard = [at for at in (match.last_entered, match.last_sent) if at is not None]
        match.last_heard = max(heard) if heard else None
        tables.append((number, match))
    return tables


@require_GET
@vary_on_headers("HX-Request")
def night(request: HtmxHttpRequest, slug: str, pk: int) -> HttpResponse:
    """Every table of the night with its totals; htmx polls for `#night-tables` alone."""
    league = visible_league(request, slug)
    club_night = get_object_or_404(ClubNight, pk=pk, league=league)
    template_name = "leagues/night.html"
    if request.htmx and not request.htmx.history_restore_request:
        template_name += "#night-tables"
    now = timezone.now()
    return render(
        request,
        template_name,
        {
            "league": league,
            "night": club_night,
            "tables": night_tables(league, club_night),
            "running": Match.Status.RUNNING,
            "now": now,
            "a_minute_ago": now - timedelta(minutes=1),
            "is_organiser": league.is_organiser(request.user),
        },
    )


@require_GET
def tonight(request: HttpRequest, slug: str) -> HttpResponse:
    """Today's night (the latest seated, if there were two), or a page saying there is none."""
    league = visible_league(request, slug)
    club_night = ClubNight.objects.on(league, date.today()).first()
    if club_night is not None:
        return redirect(club_night)
    return render(
        request,
        "leagues/night_none.html",
        {"league": league, "is_organiser": league.is_organiser(request.user)},
    )
