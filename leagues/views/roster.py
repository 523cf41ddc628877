"""The league's roster for its organisers: add, rename, retire, unlink and merge players
(leagues.models.roster and merge; docs/organisers.md)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from leagues.access import organised_league
from leagues.forms import add_model_error
from leagues.models import League, Player
from leagues.models.merge import merge_players
from leagues.models.roster import (
    add_players,
    may_change_record,
    player_leagues,
    rename_player,
    set_retired,
    unlink_account,
)
from leagues.organiser_forms import AddPlayersForm, MergeForm, RenameForm


def _roster(league: League) -> tuple[list[Player], list[Player]]:
    """The league's players, those playing on and the retired ones."""
    retired = set(league.retired_players.values_list("pk", flat=True))
    everyone = list(league.players.select_related("user").order_by("display_name"))
    return (
        [p for p in everyone if p.pk not in retired],
        [p for p in everyone if p.pk in retired],
    )


@require_http_methods(["GET", "POST"])
@login_required
def roster(request: HttpRequest, slug: str) -> HttpResponse:
    league = organised_league(request, slug)
    form = AddPlayersForm(request.POST or None)
    if form.is_bound and form.is_valid():
        try:
            added = add_players(league, form.cleaned_data["every_name"], by=request.user)
        except ValidationError as error:
            add_model_error(form, error)
        else:
            messages.success(request, _added_message(added))
            return redirect("leagues:roster", league.slug)
    active, retired = _roster(league)
    return render(
        request,
        "leagues/roster.html",
        {
            "league": league,
            "form": form,
            "active": active,
            "retired": retired,
            "merge_form": MergeForm(league),
        },
    )


def _added_message(added: list[tuple[Player, bool]]) -> str:
    if len(added) > 1:
        return ngettext(
            "%(count)s player is on the roster now: %(names)s.",
            "%(count)s players are on the roster now: %(names)s.",
            len(added),
        ) % {"count": len(added), "names": ", ".join(p.display_name for p, _new in added)}
    [(player, created)] = added
    # Never "known on the site": a name is looked up in the league's club only.
    if created:
        text = _("%(name)s is a new player, on the roster now.")
    else:
        text = _("%(name)s, a player of the club, is on the roster now.")
    return text % {"name": player.display_name}


# No "link": an account is linked only by its owner, accepting an invitation.
ACTIONS = ("rename", "retire", "return", "unlink")


@require_http_methods(["GET", "POST"])
@login_required
def roster_player(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """One player of the roster and what an organiser can do with it; each form posts its
    `action` here."""
    league = organised_league(request, slug)
    player = get_object_or_404(league.players.select_related("user"), pk=pk)
    rename_form = RenameForm(initial={"name": player.display_name, "was": player.display_name})
    action = request.POST.get("action") if request.method == "POST" else None
    if action in ACTIONS:
        form = None
        try:
            if action == "rename":
                form = rename_form = RenameForm(request.POST)
                if form.is_valid():
                    rename_player(
                        league,
                        player,
                        form.cleaned_data["name"],
                        by=request.user,
                        was=form.cleaned_data["was"],
                    )
                    messages.success(request, _("The player is renamed."))
                    return redirect("leagues:roster_player", league.slug, player.pk)
            else:
                if action == "unlink":
                    unlink_account(league, player, by=request.user)
                    messages.success(request, _("The player's account is unlinked."))
                else:
                    set_retired(league, player, action == "retire", by=request.user)
                    if action == "retire":
                        text = _("%(name)s is retired from the league.")
                    else:
                        text = _("%(name)s is back among the league's players.")
                    messages.success(request, text % {"name": player.display_name})
                return redirect("leagues:roster_player", league.slug, player.pk)
        except ValidationError as error:
            if form is not None:
                add_model_error(form, error)
            else:
                messages.error(request, " ".join(error.messages))
                return redirect("leagues:roster_player", league.slug, player.pk)
    return render(
        request,
        "leagues/roster_player.html",
        {
            "league": league,
            "player": player,
            "retired": league.retired_players.filter(pk=player.pk).exists(),
            "may_change": may_change_record(request.user, player, league),
            # Only the club's leagues the organiser may read (player_leagues stays in the club).
            "other_leagues": player_leagues(player)
            .exclude(pk=league.pk)
            .filter(pk__in=League.objects.visible_to(request.user).values("pk"))
            .order_by("name"),
            "rename_form": rename_form,
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def roster_merge(request: HttpRequest, slug: str) -> HttpResponse:
    """Choose the two players (GET, from the roster page), see what a merge does, confirm
    (POST)."""
    league = organised_league(request, slug)
    data = request.POST if request.method == "POST" else request.GET
    form = MergeForm(league, data or None)
    pair = form.players() if form.is_bound and form.is_valid() else None
    if pair and request.method == "POST":
        merged, kept = pair
        try:
            merge_players(league, merged, kept, by=request.user)
        except ValidationError as error:
            add_model_error(form, error)
            pair = None  # refused: no button to confirm it again
        else:
            messages.success(
                request,
                _("%(merged)s is merged into %(kept)s.")
                % {"merged": merged.display_name, "kept": kept.display_name},
            )
            return redirect("leagues:roster", league.slug)
    return render(
        request,
        "leagues/roster_merge.html",
        {"league": league, "form": form, "pair": pair},
    )
