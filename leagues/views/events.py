"""The tournament organiser's pages (docs/tournaments.md): create an event, register players,
close registration (the plan is made), seat, start and end each session. Thin: each parses,
calls leagues.models.event_running, and renders or redirects."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from leagues.access import organised_league, visible_league
from leagues.errors import refused_when_busy
from leagues.event_forms import EntrantForm, EventForm, RegisterForm
from leagues.models import Entrant, Event, EventSession
from leagues.models.event_ranking import plan_figures, ranking_rows, seating_rows
from leagues.models.event_running import (
    change_entrant,
    close_registration,
    create_event,
    end_session,
    register_guest,
    register_players,
    seat_next_session,
    start_session,
    substitute,
)


def event_of(league) -> Event:
    try:
        return league.event
    except Event.DoesNotExist:
        raise Http404("This league is no tournament.") from None


def visible_event(request: HttpRequest, slug: str) -> Event:
    return event_of(visible_league(request, slug))


def organised_event(request: HttpRequest, slug: str) -> Event:
    return event_of(organised_league(request, slug))


def _session(event: Event, number: int) -> EventSession:
    return get_object_or_404(EventSession, event=event, number=number)


@require_http_methods(["GET", "POST"])
@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None, user=request.user)
    if form.is_bound and form.is_valid():
        try:
            event = create_event(form.cleaned_data, by=request.user, club=form.chosen_club())
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("The tournament is created. Register its players next."))
            return redirect(event)
    return render(request, "leagues/events/event_new.html", {"form": form})


@require_GET
def event(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's page: registration, sessions, ranking; the buttons for organisers."""
    event = visible_event(request, slug)
    league = event.league
    is_organiser = league.is_organiser(request.user)
    entrants = list(event.entrants.select_related("player", "substitute_for__player"))
    sessions = list(event.sessions.order_by("number"))
    return render(
        request,
        "leagues/events/event.html",
        {
            "event": event,
            "league": league,
            "is_organiser": is_organiser,
            "entrants": entrants,
            "playing": sum(1 for e in entrants if e.status == Entrant.Status.ACTIVE),
            "sessions": sessions,
            "next_number": len(sessions) + 1,
            "can_seat": event.state == Event.State.RUNNING
            and all(s.state == EventSession.State.ENDED for s in sessions)
            and len(sessions) < event.session_count,
            "register_form": RegisterForm(event) if is_organiser else None,
            "plan": plan_figures(event),
            "statuses": Entrant.Status.choices,
        },
    )


def _refused(request: HttpRequest, error: ValidationError) -> None:
    for message in error.messages:
        messages.error(request, message)


@require_POST
@login_required
def event_register(request: HttpRequest, slug: str) -> HttpResponse:
    event = organised_event(request, slug)
    form = RegisterForm(event, request.POST)
    if form.is_valid():
        try:
            with refused_when_busy():
                added = register_players(event, list(form.cleaned_data["players"]))
                if form.cleaned_data["guest_name"].strip():
                    register_guest(
                        event, form.cleaned_data["guest_name"], form.cleaned_data["guest_ema"]
                    )
                    added += 1
        except ValidationError as error:
            _refused(request, error)
        else:
            messages.success(
                request,
                _("%(n)d players registered.") % {"n": added} if added else _("Nobody new."),
            )
    else:
        messages.error(request, _("Tick the club's players, or give a guest's name."))
    return redirect(event.get_absolute_url() + "#registration")


@require_POST
@login_required
def event_entrant(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """An entrant's status (playing, late, dropped), EMA number, or a substitute."""
    event = organised_event(request, slug)
    entrant = get_object_or_404(Entrant, event=event, pk=pk)
    form = EntrantForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a status."))
        return redirect(event.get_absolute_url() + "#registration")
    data = form.cleaned_data
    try:
        with refused_when_busy():
            change_entrant(event, entrant, data["status"], data["ema_number"])
            if data["substitute_name"].strip():
                substitute(event, entrant, data["substitute_name"], data["substitute_ema"])
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("%(name)s: saved.") % {"name": entrant.name})
    return redirect(event.get_absolute_url() + "#registration")


@require_POST
@login_required
def event_close(request: HttpRequest, slug: str) -> HttpResponse:
    event = organised_event(request, slug)
    try:
        with refused_when_busy():
            close_registration(event)
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("Registration is closed. Seat the first session."))
    return redirect(event)


@require_POST
@login_required
def event_seat(request: HttpRequest, slug: str) -> HttpResponse:
    event = organised_event(request, slug)
    try:
        with refused_when_busy():
            session = seat_next_session(event)
    except ValidationError as error:
        _refused(request, error)
        return redirect(event)
    return redirect("leagues:event_session", slug, session.number)


@require_GET
def event_session(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A session's seating with its quality, each table's match, and its clock."""
    event = visible_event(request, slug)
    session = _session(event, number)
    matches = list(session.matches.order_by("pk"))
    tables = [
        (n, seats, matches[n - 1] if len(matches) >= n else None)
        for n, seats in seating_rows(event, session)
    ]
    return render(
        request,
        "leagues/events/session.html",
        {
            "event": event,
            "league": event.league,
            "session": session,
            "tables": tables,
            "is_organiser": event.league.is_organiser(request.user),
        },
    )


@require_POST
@login_required
def event_session_start(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = organised_event(request, slug)
    session = _session(event, number)
    try:
        with refused_when_busy():
            start_session(session, by=request.user)
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("The session has started: the clock runs."))
    return redirect("leagues:event_session", slug, number)


@require_POST
@login_required
def event_session_end(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = organised_event(request, slug)
    session = _session(event, number)
    try:
        with refused_when_busy():
            end_session(session, by=request.user)
    except ValidationError as error:
        _refused(request, error)
        return redirect("leagues:event_session", slug, number)
    messages.success(request, _("The session has ended."))
    return redirect(event)


@require_GET
def event_ranking(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    return render(
        request,
        "leagues/events/ranking.html",
        {"event": event, "league": event.league, "rows": ranking_rows(event)},
    )
