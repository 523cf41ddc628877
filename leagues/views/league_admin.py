"""Organiser self-service for the league itself: creating one, its settings and organisers,
and its history (docs/organisers.md)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from leagues.access import organised_league
from leagues.errors import StaleEdit
from leagues.forms import add_model_error
from leagues.history_lines import event_lines
from leagues.models import League
from leagues.models.league import GameChoice
from leagues.models.league_settings import (
    change_settings,
    create_league,
    hand_over,
    may_hand_over,
    remove_organiser,
)
from leagues.organiser_forms import LeagueForm


def _short_name_taken(form: LeagueForm, error: ValidationError | IntegrityError) -> None:
    """The form's own error when another league took the short name after the form checked
    it (two organisers at once): the model's check then found it ("League with this short
    name already exists"), or, a moment later, the database's unique index did (a 500 on
    PostgreSQL before). Any other refusal is shown, or raised, as it is."""
    slug = form.values()["slug"]
    clash = isinstance(error, IntegrityError) or any(
        e.code == "unique" for e in getattr(error, "error_dict", {}).get("slug", [])
    )
    if clash and form.short_name_taken():
        form.add_error(
            "slug", _("The short name “%(slug)s” is taken: choose another one.") % {"slug": slug}
        )
    elif isinstance(error, IntegrityError):
        raise error
    else:
        add_model_error(form, error)


@require_http_methods(["GET", "POST"])
@login_required
def league_new(request: HttpRequest) -> HttpResponse:
    """Any signed-in account may create a league; it becomes the league's organiser."""
    game = request.POST.get("game") or request.GET.get("game", "")
    form = LeagueForm(request.POST or None, creating=True, user=request.user, game=game)
    if form.is_bound and form.is_valid():
        try:
            with transaction.atomic():  # a savepoint: the request may still read after a clash
                league = create_league(form.values(), by=request.user, club=form.chosen_club())
        except (ValidationError, IntegrityError) as error:
            _short_name_taken(form, error)
        else:
            messages.success(
                request, _("The league is created, and you organise it. Add its players next.")
            )
            return redirect(league)
    games = [(value, label, request.path + "?game=" + value) for value, label in GameChoice.choices]
    return render(request, "leagues/league_new.html", {"form": form, "games": games})


@require_http_methods(["GET", "POST"])
@login_required
def league_settings(request: HttpRequest, slug: str) -> HttpResponse:
    league = organised_league(request, slug)
    form = LeagueForm(
        request.POST or None, instance=League.objects.visible_to(request.user).get(pk=league.pk)
    )
    refusal: list[str] = []
    if form.is_bound and form.is_valid():
        try:
            with transaction.atomic():  # a savepoint, as for a new league
                changes = change_settings(
                    league,
                    form.values(),
                    by=request.user,
                    expected_version=form.cleaned_data["version"],
                )
        except StaleEdit as error:
            # The settings as they are now: what this organiser typed is dropped on purpose,
            # as they must look at the other change first.
            form = LeagueForm(instance=League.objects.visible_to(request.user).get(pk=league.pk))
            refusal = error.messages
        except (ValidationError, IntegrityError) as error:
            _short_name_taken(form, error)
        else:
            if changes:
                messages.success(request, _("The settings are saved."))
            else:
                messages.info(request, _("Nothing was changed."))
            return redirect("leagues:league_settings", form.values()["slug"])
    return render(
        request,
        "leagues/league_settings.html",
        {
            "league": league,
            "form": form,
            "refusal": refusal,
            "organisers": league.organisers.order_by("username"),
            "may_hand_over": may_hand_over(league, request.user),
        },
    )


def _act_on_organiser(request: HttpRequest, slug: str, user_id: int, action):
    """Run `action(league, user, by=request.user)` on the league's organiser `user_id`; a
    refusal becomes an error message. The league, the user, and whether it went through."""
    league = organised_league(request, slug)
    user = get_object_or_404(get_user_model(), pk=user_id)
    try:
        action(league, user, by=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return league, user, False
    return league, user, True


@require_POST
@login_required
def organiser_remove(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    league, user, done = _act_on_organiser(request, slug, user_id, remove_organiser)
    if not done:
        return redirect("leagues:league_settings", league.slug)
    messages.success(
        request, _("%(name)s no longer organises the league.") % {"name": user.get_username()}
    )
    if user == request.user and not league.is_organiser(request.user):
        # A members-only league may be closed to them now.
        return redirect("leagues:index")
    return redirect("leagues:league_settings", league.slug)


@require_POST
@login_required
def owner_hand_over(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    league, user, done = _act_on_organiser(request, slug, user_id, hand_over)
    if done:
        messages.success(
            request, _("%(name)s owns the league now.") % {"name": user.get_username()}
        )
    return redirect("leagues:league_settings", league.slug)


@require_GET
@login_required
def league_history(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's history, for its organisers (it names accounts)."""
    league = organised_league(request, slug)
    events = league.events.select_related("by")[:500]
    return render(
        request,
        "leagues/league_history.html",
        {"league": league, "lines": event_lines(events)},
    )
