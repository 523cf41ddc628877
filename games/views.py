"""The lobby and the table page: the player's side of live play.

Each view parses the request, calls one method of the table (games.models, games.table_lobby)
and renders. A change is then announced to the table's websocket group, so everyone already
looking at the table (the waiting room, the live table) sees it at once. Play itself runs over
the websocket (games.consumers, static/js/table.js), never through these views.
"""

from __future__ import annotations

import asyncio
import contextvars

from asgiref.sync import async_to_sync
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event
from django_htmx.middleware import HtmxDetails

from games import live
from games.errors import TableError
from games.forms import TableForm, live_choices
from games.models import Table, TableSeat
from games.table_answers import form_errors, table_answer, wants_json
from games.table_text import TABLE_TEXT
from leagues.models import League


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


async def _tell(slug: str, version: int, kick: bool) -> None:
    await live.changed(slug, version)
    if kick:
        # Bots may have the first moves, and a process's bot driver (games.live) starts only
        # when a change is made there. Under Daphne this runs on the server's event loop,
        # where the driver lives on after the request; in a fresh context, because one
        # copied from the request would tie the driver's database calls to the request's
        # thread (asgiref), which is gone once the response is sent.
        asyncio.get_running_loop().call_soon(live.kick, slug, context=contextvars.Context())


def _announce(table: Table, kick: bool = False) -> None:
    """Tell the table's sockets (in any server process) that there is a new version."""
    async_to_sync(_tell)(table.slug, table.version, kick)


def _open_tables(user):
    """Tables still waiting or playing, newest first, with their seats for the list: those
    recorded nowhere or in a league the user may read (a members-only league's tables, with
    its name and its players, are its members' business), and any the user sits at."""
    readable = Q(league__isnull=True) | Q(league__in=League.objects.visible_to(user))
    if user.is_authenticated:
        readable |= Q(pk__in=TableSeat.objects.filter(user=user).values("table_id"))
    return (
        Table.objects.filter(readable, status__in=[Table.Status.WAITING, Table.Status.PLAYING])
        .select_related("league", "created_by")
        .prefetch_related("seats")[:50]
    )


def _message(error: ValidationError) -> str:
    return " ".join(error.messages)


@require_GET
@vary_on_headers("HX-Request")
def lobby(request: HtmxHttpRequest) -> HttpResponse:
    """Open tables (waiting or playing) and, for a signed-in user, the form for a new one.
    Abandoned tables are closed first (games.table_expiry), so the list never shows them."""
    for slug, version in Table.close_abandoned():
        async_to_sync(live.changed)(slug, version)
    template_name = "games/lobby.html"
    if request.htmx and not request.htmx.history_restore_request:
        # The choice of game swaps the new-table form; the list refreshes itself.
        template_name += "#create-form" if request.htmx.target == "create-box" else "#open-tables"
    form = None
    if request.user.is_authenticated:
        form = TableForm(user=request.user, game=request.GET.get("game", ""))
    return render(request, template_name, _lobby_context(request, form))


def _lobby_context(request: HttpRequest, form: TableForm | None) -> dict:
    lobby = reverse("games:lobby")
    games = [(value, label, f"{lobby}?game={value}") for value, label in live_choices()]
    return {"tables": _open_tables(request.user), "form": form, "games": games}


@require_POST
@login_required
def create_table(request: HtmxHttpRequest) -> HttpResponse:
    form = TableForm(request.POST, user=request.user)
    if form.is_valid():
        try:
            table = Table.create(request.user, **form.table_settings())
        except ValidationError as error:
            form.add_error(None, error)
        else:
            if wants_json(request):
                return table_answer(request, table, status=201)
            if request.htmx:
                return HttpResponseClientRedirect(table.get_absolute_url())
            return redirect(table)
    if wants_json(request):
        return form_errors(form)
    template_name = "games/lobby.html"
    if request.htmx:
        template_name += "#create-form"
    return render(request, template_name, _lobby_context(request, form))


@require_GET
@vary_on_headers("HX-Request")
def table(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The waiting room while seats fill, then the live table at the same address. Anyone
    with the link may watch; the cards come over the websocket, each seat's own only."""
    table = get_object_or_404(Table.objects.select_related("league", "created_by"), slug=slug)
    template_name = "games/table.html"
    if request.htmx and not request.htmx.history_restore_request:
        template_name += "#seats"
    return render(request, template_name, _table_context(request, table))


def _table_context(request: HttpRequest, table: Table) -> dict:
    own = table.seat_of(request.user)
    context = {
        "table": table,
        "seats": table.seat_list(),
        "own_seat": own,
        "may_manage": table.can_start(request.user),
        "hide_names": table.hides_league_from(request.user),
        "share_url": request.build_absolute_uri(table.get_absolute_url()),
        "card_faces": (),
        "table_config": {
            "ws_path": f"/ws/tables/{table.slug}/",
            "mode": "waiting" if table.is_waiting else "live",
            "cards": [],
        },
        "table_text": TABLE_TEXT,
    }
    # The table's game adds its own: Mhing its cards (games/mhing/page.py), Mah-Jongg its
    # tiles and words (games/mahjongg/page.py).
    own = dict(table.live.page_context(TABLE_TEXT))
    context["table_config"].update(own.pop("table_config", {}))
    context.update(own)
    return context


def _after_change(
    request: HtmxHttpRequest, table: Table, error: ValidationError | None, event: str
) -> HttpResponse:
    """The answer to a seat or start form: the waiting room again (htmx: only its seats),
    with the table's refusal, if any, beside it. On success the page's script hears `event`
    (htmx) and everyone watching the table hears of the change over the websocket."""
    if error is None:
        table.refresh_from_db()
        _announce(table, kick=not table.is_waiting)
    if wants_json(request):
        return table_answer(request, table, error)
    if not request.htmx:
        if error is not None:
            messages.error(request, _message(error))
        return redirect(table)
    if table.is_waiting:
        context = _table_context(request, table)
        context["error"] = _message(error) if error is not None else None
        response = render(request, "games/table.html#seats", context)
    else:
        # The game has started: the snapshot on the page's socket brings the live table.
        response = HttpResponse(status=204)
    if error is None:
        trigger_client_event(response, event)
    return response


@require_POST
@login_required
def take_seat(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    table = get_object_or_404(Table, slug=slug)
    error = None
    position = request.POST.get("position", "").strip()
    try:
        # None: the first free seat. A position that is no number is refused, not taken
        # for "any seat" (a client asked for one seat, docs/live_protocol.md).
        table.take_seat(request.user, int(position) if position else None)
    except ValueError:
        error = TableError(_("Choose a seat."), code="no_such_seat")
    except ValidationError as refused:
        error = refused
    return _after_change(request, table, error, "seat-changed")


@require_POST
@login_required
def leave_seat(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    table = get_object_or_404(Table, slug=slug)
    error = None
    try:
        table.leave_seat(request.user)
    except ValidationError as refused:
        error = refused
    return _after_change(request, table, error, "seat-changed")


@require_POST
@login_required
def remove_player(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The creator frees a person's seat before the start."""
    table = get_object_or_404(Table, slug=slug)
    error = None
    try:
        table.remove_player(int(request.POST.get("position", "")), by=request.user)
    except ValueError:
        error = TableError(_("Choose a seat."), code="no_such_seat")
    except ValidationError as refused:
        error = refused
    return _after_change(request, table, error, "seat-changed")


@login_required
@require_http_methods(["GET", "POST"])
def close_table(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The creator closes the table, after confirming: GET asks, POST closes."""
    table = get_object_or_404(Table.objects.select_related("league"), slug=slug)
    if not table.can_start(request.user):
        raise PermissionDenied(_("Only the player who opened the table may close it."))
    if request.method == "POST" and table.is_open:
        try:
            table.close(by=request.user)
        except ValidationError as refused:
            messages.error(request, _message(refused))
        else:
            _announce(table)
            messages.success(request, _("Table %(slug)s is closed.") % {"slug": table.slug})
            return redirect("games:lobby")
    return render(request, "games/table_close.html", {"table": table})


@require_POST
@login_required
def fill_with_bots(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    table = get_object_or_404(Table, slug=slug)
    error = None
    try:
        table.fill_with_bots(by=request.user)
    except ValidationError as refused:
        error = refused
    return _after_change(request, table, error, "seats-filled")


@require_POST
@login_required
def start(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    table = get_object_or_404(Table, slug=slug)
    error = None
    try:
        table.start(by=request.user)
    except ValidationError as refused:
        error = refused
    return _after_change(request, table, error, "table-started")
