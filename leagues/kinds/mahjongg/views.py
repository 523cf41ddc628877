"""A Mah-Jongg league's match pages (docs/mahjongg_leagues.md): starting a match, the score
sheet, entering a game (with an htmx preview of every score and payment), correcting one and
undoing the last. Like the Mhing round pages, every change names the version it was made
from; a stale one is refused and the form shown again with what was typed."""

from __future__ import annotations

import uuid
from functools import wraps

from asgiref.sync import sync_to_async
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from leagues.access import visible_match
from leagues.entry_answers import wants_json
from leagues.errors import StaleEdit
from leagues.forms import VersionForm, add_model_error
from leagues.kinds.mahjongg import MAHJONGG
from leagues.kinds.mahjongg.forms import GameForm, MahjonggMatchForm
from leagues.kinds.mahjongg.picking import GamePicker, picked
from leagues.kinds.mahjongg.replay import refused, replayed_game
from leagues.kinds.mahjongg.sheet import (
    mahjongg_sheet_context,
    preview_rows,
    stored_replay,
    wind_name,
)
from leagues.kinds.mahjongg.tap_sheet import FIELD as SHEET_FIELD
from leagues.kinds.mahjongg.tap_sheet import TapSheet, read_sheet, signed_sheet
from leagues.kinds.pages import render_sheet, start_match
from leagues.models import EntryReceipt, League, Match
from leagues.models.entry_receipt import enter_once, sent_fields
from leagues.models.mahjongg_entry import correct_game, record_game, undo_last_game
from leagues.models.mahjongg_game import MahjonggGame, counted, match_profile, replayed
from leagues.views.matches import archived_page
from scoring.mahjongg.tiles import Wind

SHEET_TEMPLATE = "leagues/mahjongg/match.html"
GAME_TEMPLATE = "leagues/mahjongg/game_form.html"


def render_mahjongg_sheet(request, match: Match) -> HttpResponse:
    context = mahjongg_sheet_context(match, request.user)
    return render_sheet(request, match, SHEET_TEMPLATE, context)


def mahjongg_match_new(request: HttpRequest, league: League) -> HttpResponse:
    """leagues.views.matches.match_new for a Mah-Jongg league."""
    begun = _("The match has begun. Enter its games as they end.")
    return start_match(request, league, MahjonggMatchForm, "leagues/mahjongg/match_new.html", begun)


def _mahjongg_match(request, slug: str, pk: int) -> Match:
    match = visible_match(request, slug, pk)
    if match.kind is not MAHJONGG:
        raise Http404
    return match


def _taps_from_the_sheet(view):
    """Answers a tap or Preview from the facts the form carries (leagues/kinds/mahjongg/tap_sheet.py
    says why that is safe), before the sign-in, the match and the rights are looked up;
    everything else goes on to `view`, which checks them as before.

    Async for the calculator's reason (scoring/views.py): under ASGI the tap, which needs no
    database, is answered on the event loop; everything else runs `view` in the worker
    thread, as a sync view always runs."""
    in_a_thread = sync_to_async(view)

    @wraps(view)
    async def answered_first(request, slug: str, pk: int) -> HttpResponse:
        if (answer := _tap_answer(request, pk)) is not None:
            return answer
        return await in_a_thread(request, slug, pk)

    return answered_first


def _tap_answer(request, pk: int) -> HttpResponse | None:
    """A tap's answer from the posted sheet; None when this is not a tap with a sheet of
    this match."""
    if request.method != "POST" or not request.htmx or request.POST.get("action") == "save":
        return None
    sheet: TapSheet | None = read_sheet(request.POST.get(SHEET_FIELD), pk)
    if sheet is None:
        return None
    seats, game = list(sheet.seats), sheet.game
    data, picker = picked(
        request.POST, {}, seats, list(game.seats), game.round_wind, sheet.profile.bonus_tiles
    )
    form = GameForm(seats, [wind.code for wind in game.seats], data)
    preview = _previewed(form, seats, sheet.outcome, sheet.profile)
    return _live_answer(request, form, picker, preview)


@require_http_methods(["GET", "POST"])
@_taps_from_the_sheet
@login_required
def game_new(request, slug: str, pk: int) -> HttpResponse:
    match = _mahjongg_match(request, slug, pk)
    if not match.can_enter(request.user) or match.is_archived:
        raise PermissionDenied(_("Only the league's organisers enter this match's games."))
    # A rejected game is left out of the replay (leagues.models.confirmation).
    every = list(match.mj_games.order_by("number"))
    replay = request.method == "POST" and wants_json(request)  # from a phone's outbox
    # A kept game the match moved past (games came since it was made) is held beside the game
    # it was made for (enter_once): it is read and checked at that place, with its winds,
    # even if the match has ended since.
    moved_past = _made_after(request, len(every)) if replay else None
    games = counted(every if moved_past is None else every[:moved_past])
    stored = [game.entry() for game in games]  # once: the next game's winds, the new one's replay
    finished = match.is_finished and moved_past is None
    so_far = None if finished else stored_replay(match, games)
    upcoming = so_far.next if so_far else None
    problem = None
    if so_far and so_far.refused:  # stored before the book refused it: each save would fail
        problem = _("Game %(number)s cannot be: correct it before entering the next game.") % {
            "number": so_far.refused[0].number
        }
    elif upcoming is None:
        problem = _("The match is over: no game can be added.")
    if problem:
        if replay:
            return refused(request, problem)
        messages.error(request, problem)
        return redirect(match)
    seats = list(match.seats.select_related("player").order_by("position"))
    initial = {"version": match.version, "entry_id": uuid.uuid4(), "after": len(every)}
    data, picker = _picked(request, match, seats, initial, upcoming.seats, upcoming.round_wind)
    winds = [wind.code for wind in upcoming.seats]
    form = GameForm(seats, winds, data, initial=initial)
    sheet = signed_sheet(match, seats, upcoming, len(every) + 1, so_far.balance)

    def outcome_of(entry):
        return replayed(match, [*stored, entry], seats).outcomes[-1]

    # Kept on a phone: checked by its game count, not by the page's version (a game kept
    # before it on the same phone changed the version, not the count it expects).
    after = form.cleaned_data.get("after") if replay and form.is_valid() else None

    def save(entry):
        def record() -> int:
            version = None if after is not None else form.cleaned_data["version"]
            return record_game(
                match, entry, by=request.user, expected_version=version, by_hand=True
            ).number

        def held_as(locked) -> int | None:
            # Another game came first: held beside the game it was made for.
            return None if after is None or locked.mj_games.count() == after else after + 1

        return _saved_once(request, form, match, EntryReceipt.Kind.GAME, record, held_as)

    about = _("Next game: %(wind)s round, %(east)s is East.") % {
        "wind": wind_name(upcoming.round_wind.code),
        "east": seats[upcoming.player_at(Wind.EAST)].player,
    }
    if replay:
        return replayed_game(request, match, form, outcome_of, save)
    return _game_page(request, match, form, picker, None, outcome_of, save, about, sheet)


def _made_after(request, count: int) -> int | None:
    """The game count a kept game was made after (its form's `after`), when fewer games
    than `count`, the match's now; else None."""
    try:
        after = int(request.POST.get("after", ""))
    except ValueError:
        return None
    return after if 0 <= after < count else None


def _saved_once(request, form, match, kind, save, held_as=None):
    """`save()`, taken once for the form's entry id (a resend gets the first answer, its
    receipt); a form posted without one (a page served before entry ids) is saved as it
    comes. `held_as`: enter_once's, for an entry from a phone's outbox."""
    entry_id = form.cleaned_data.get("entry_id")
    if not entry_id:
        return save()
    fields = sent_fields(request.POST, form.fields)
    return enter_once(match, entry_id, kind, request.user, fields, save, held_as)


@require_http_methods(["GET", "POST"])
@login_required
def game_edit(request, slug: str, pk: int, number: int) -> HttpResponse:
    match = _mahjongg_match(request, slug, pk)
    game = MahjonggGame.objects.filter(match=match, number=number).first()
    if not match.can_amend(request.user, game):
        raise PermissionDenied(_("Only the league's organisers correct games."))
    if match.is_archived:
        return archived_page(request, match)
    replay = request.method == "POST" and wants_json(request)  # from a phone's outbox
    if game is None:
        if request.method == "POST":
            undone = _("Someone else undid game %(number)s meanwhile. Nothing was saved.") % {
                "number": number
            }
            if replay:
                return refused(request, undone)
            messages.error(request, undone)
            return redirect(match)
        raise Http404
    seats = list(match.seats.select_related("player").order_by("position"))
    initial = {
        "version": game.version,
        "entry_id": uuid.uuid4(),
        "caller": "draw" if game.caller is None else str(game.caller),
        **{f"hand{p}": hand for p, hand in enumerate(game.hands)},
    }
    sheet_winds = [Wind.parse(code) for code in game.winds]
    round_wind = Wind.parse(game.round_wind)
    data, picker = _picked(request, match, seats, initial, sheet_winds, round_wind)
    form = GameForm(seats, game.winds, data, initial=initial)

    def outcome_of(entry):
        every = match.mj_games.order_by("number")
        games = [g for g in every if g.pk == game.pk or not g.is_rejected]
        at = next(index for index, g in enumerate(games) if g.pk == game.pk)
        entries = [entry if g.pk == game.pk else g.entry() for g in games]
        return replayed(match, entries, seats).outcomes[at]

    def save(entry):
        def correct() -> int:
            version = form.cleaned_data["version"]
            reason = request.POST.get("reason", "")
            return correct_game(
                game, entry, by=request.user, expected_version=version, reason=reason
            ).number

        def held_as(locked) -> int | None:
            # From a phone's outbox, made from an older version: held beside the game.
            if not replay:
                return None
            current = MahjonggGame.objects.filter(pk=game.pk).first()
            changed = current is not None and current.version != form.cleaned_data["version"]
            return game.number if changed else None

        kind = EntryReceipt.Kind.GAME_CORRECTION
        return _saved_once(request, form, match, kind, correct, held_as)

    about = " · ".join(
        (
            _("%(wind)s round, game %(number)s")
            % {"wind": wind_name(game.round_wind), "number": game.game_in_round},
            _("East: %(east)s") % {"east": seats[game.east].player},
        )
    )
    if replay:
        return replayed_game(request, match, form, outcome_of, save)
    return _game_page(request, match, form, picker, game, outcome_of, save, about)


def _picked(request, match, seats, initial, winds, round_wind) -> tuple:
    """The posted form with the picker's change made, and the picker to show
    (leagues/kinds/mahjongg/picking.py)."""
    data = request.POST if request.method == "POST" else None
    bonus = match_profile(match).bonus_tiles
    return picked(data, initial, seats, list(winds), round_wind, bonus)


def _previewed(form: GameForm, seats: list, outcome_of, profile=None) -> dict | None:
    """The preview of the game the form holds (`outcome_of` settles its entry), or None with
    the form's errors saying why there is none."""
    if not (form.is_bound and form.is_valid()):
        return None
    try:
        outcome = outcome_of(form.entry())
    except ValidationError as error:
        add_model_error(form, error)
        return None
    return preview_rows(outcome, seats, profile)


def _live_answer(request, form: GameForm, picker: GamePicker, preview, **context):
    """With htmx, the answer to a tap or Preview: the picker's changed parts and the preview;
    or the whole page with the form."""
    picker.errors = {
        seat.position: form.errors[f"hand{seat.position}"][0]
        for seat in form.seats
        if f"hand{seat.position}" in form.errors
    }
    partial = bool(request.htmx) and request.method == "POST"
    context |= {"form": form, "preview": preview, "picker": picker, "partial": partial}
    if not partial:
        return render(request, GAME_TEMPLATE, context)
    if request.POST.get("action") == "save":  # refused: the whole form again, with why
        # Whole, so without the parts a tap's answer swaps in by id (`partial`), in place
        # of the box around the form: htmx replacing the form itself calls its remove(),
        # which a tile button named "remove" hides, and failed halfway, leaving two forms
        # on the page. Shown from its top, where it says why (on a phone Save is a few
        # screens below).
        context["partial"] = False
        response = render(request, GAME_TEMPLATE + "#game-form", context)
        return reswap(retarget(response, "#game-form-box"), "outerHTML show:#game-form-box:top")
    context["typed_fields"] = _typed_fields_sent(request, form, picker)
    return render(request, GAME_TEMPLATE + "#mj-live", context)


def _typed_fields_sent(request, form: GameForm, picker: GamePicker) -> list[tuple]:
    """The notation fields an answer sends again, as (position, field): the shown player's
    after a tile button changed it, every player's after Preview, none else (one may be
    being typed into)."""
    if request.POST.get("action") == "preview":
        return list(enumerate(form.hand_fields()))
    if picker.changed and not picker.notice:
        return [(picker.picking, form[f"hand{picker.picking}"])]
    return []


def _game_page(
    request, match, form, picker: GamePicker, game, outcome_of, save, about, sheet=""
) -> HttpResponse:
    """The game form; with htmx, after a tap or Preview only the picker's changed parts and
    the preview; Save goes to the sheet (or shows the whole form again with why not).
    `sheet`: the facts a tap is answered from (leagues/kinds/mahjongg/tap_sheet.py)."""
    refusal: list[str] = []
    preview = _previewed(form, form.seats, outcome_of, match_profile(match))
    if preview is not None and request.POST.get("action") == "save":
        try:
            save(form.entry())
        except StaleEdit as error:
            refusal = error.messages
            preview = None
        except ValidationError as error:
            add_model_error(form, error)
            preview = None
        else:
            if game:
                messages.success(
                    request, _("Game %(number)s is corrected.") % {"number": game.number}
                )
            else:
                messages.success(request, _("The game is saved."))
            if request.htmx:
                return HttpResponseClientRedirect(match.get_absolute_url())
            return redirect(match)
    context = {
        "match": match,
        "league": match.league,
        "game": game,
        "refusal": refusal,
        "about": about,
        "sheet": sheet,
        "needs_reason": game is not None and match.needs_reason(request.user),
    }
    return _live_answer(request, form, picker, preview, **context)


@require_POST
@login_required
def game_undo(request, slug: str, pk: int) -> HttpResponse:
    match = _mahjongg_match(request, slug, pk)
    context = mahjongg_sheet_context(match, request.user)
    form = VersionForm(request.POST)
    actions = context["actions"]
    if not actions.undo:
        if actions.enter and form.is_valid() and form.cleaned_data["version"] != match.version:
            # The player's own game was last on their page; someone entered one since.
            messages.error(request, _("The match changed meanwhile: nothing was undone."))
            return redirect(match)
        raise PermissionDenied(_("Only the league's organisers undo games."))
    if not form.is_valid():
        messages.error(request, _("The page was out of date: nothing was undone."))
        return redirect(match)
    try:
        number = undo_last_game(
            match, by=request.user, expected_version=form.cleaned_data["version"]
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("Game %(number)s is undone.") % {"number": number})
    return redirect(match)
