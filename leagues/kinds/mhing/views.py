"""Entering a round (preview, then save), correcting or deleting one, undoing the last one,
and recording a draw.

Every change names the version of the match or round it was made from, so a form loaded
before someone else's save is refused (StaleEdit) and shown again with the user's entry
intact, rather than overwriting the other change.
"""

from __future__ import annotations

import uuid
from functools import wraps

from asgiref.sync import sync_to_async
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from leagues.access import actions_for, visible_match
from leagues.entry_answers import receipt_answer, receipt_message, refused_answer, wants_json
from leagues.errors import MatchFinished, StaleEdit, round_gone
from leagues.forms import RoundForm, VersionForm, add_model_error
from leagues.kinds.mhing import MHING
from leagues.kinds.mhing.round_text import describe
from leagues.models import EntryReceipt, Match, Player, Round, RoundEntry
from leagues.models.entry_receipt import enter_once, sent_fields
from leagues.models.round import Outcome, WinType
from leagues.views.matches import HtmxHttpRequest, archived_page, render_sheet
from scoring.mhing.match_scoring import dealer_for_round
from scoring.picker import Picker, PickerUrls, Selection

ROUND_TEMPLATE = "leagues/mhing/round_form.html"


def _entering_match(request: HtmxHttpRequest, slug: str, pk: int) -> Match:
    match = visible_match(request, slug, pk)
    if match.kind is not MHING:  # another game's are entered on its own pages
        raise Http404
    if not match.can_enter(request.user):
        raise PermissionDenied(_("Only the league's organisers enter this match's rounds."))
    return match


def _correcting(
    request: HtmxHttpRequest, slug: str, pk: int, number: int, amend: bool = False
) -> tuple[Match, Round | None]:
    """The match and its round `number`; no round when a form posts to a number that no
    longer exists (the round was deleted or undone meanwhile). A page asked for is a 404.
    `amend`: a correction, which the table's players may make too (Match.can_amend)."""
    match = visible_match(request, slug, pk)
    if match.kind is not MHING:
        raise Http404
    round_ = _round(match=match, number=number)
    allowed = match.can_amend(request.user, round_) if amend else match.can_correct(request.user)
    if not allowed:
        raise PermissionDenied(_("Only the league's organisers correct or delete rounds."))
    if round_ is None and request.method != "POST":
        raise Http404
    return match, round_


def _round(**lookup) -> Round | None:
    return Round.objects.select_related("winner", "discarder", "hand").filter(**lookup).first()


def _gone(request: HtmxHttpRequest, match: Match, number: int) -> HttpResponse:
    """A correction or deletion of a round someone else deleted meanwhile: said on the sheet,
    where the rounds as they now are can be seen."""
    messages.error(request, round_gone(number).message)
    return redirect(match)


PREVIEW = "round-preview"  # the element picker.js asks for after each tap


def _picker(
    request: HtmxHttpRequest, selection: Selection, carried: tuple[tuple[str, str], ...]
) -> Picker:
    return Picker(
        selection,
        PickerUrls(request.path, extra=carried),
        target=PREVIEW,
        push_url=False,  # a tap is not a page of its own: Back leaves the form
        field_name="hand",  # the box for typing the hand is the form's field
        status_id="round-status",
        hand_title=_("Winner's hand"),
        carry=RoundForm.CARRIED,  # what is chosen beside the hand stays in the address too
    )


def _preview(request: HtmxHttpRequest) -> HttpResponse | None:
    """What picker.js asks for after a tap: the preview of the hand in the query and the
    picker's hint, nothing else (no form, no players: a tap should cost little). None for
    any other request."""
    if request.method != "GET" or request.htmx.target != PREVIEW:
        return None
    query = request.GET
    picker = _picker(request, Selection.from_query(query), RoundForm.carried_from(query))
    return render(request, f"{ROUND_TEMPLATE}#picker-update", {"picker": picker, "update": True})


def _preview_first(view):
    """Answers a picker tap before the sign-in, the match and the user's rights are looked
    up; every other request goes on to `view`, which checks them as before.

    A tap's answer is what the hand in the query scores, as the public calculator would say
    it: it reads nothing stored and shows nothing of the league, the match or its players,
    so there is nothing to guard. The three lookups were two thirds of a tap's server time
    (docs/benchmarks.md). Seeing the form, and saving from it, still need the rights.

    Async for the calculator's reason (scoring/views.py): under ASGI the tap, which needs no
    database, is answered on the event loop, without a trip to a worker thread and back;
    everything else runs `view` in the worker thread, as a sync view always runs."""
    in_a_thread = sync_to_async(view)

    @wraps(view)
    async def checked_after_a_tap(request: HtmxHttpRequest, *args, **kwargs) -> HttpResponse:
        if (preview := _preview(request)) is not None:
            return preview
        return await in_a_thread(request, *args, **kwargs)

    return checked_after_a_tap


def _round_page(
    request: HtmxHttpRequest,
    match: Match,
    form: RoundForm,
    selection: Selection | None = None,
    round_: Round | None = None,
    current: str | None = None,
) -> HttpResponse:
    """The entry form with the card picker and the preview; only `#round-hand` (picker and
    preview) when an htmx link asks for it."""
    if selection is None:
        selection = Selection.parse(form.hand_text())
    template_name = ROUND_TEMPLATE
    if request.htmx and request.method == "GET":
        template_name += "#round-hand"
    number = round_.number if round_ else match.rounds.count() + 1
    dealer, dealers = (round_.dealer, None) if round_ else _dealers_from(match, number)
    return render(
        request,
        template_name,
        {
            "dealers": dealers,
            "match": match,
            "league": match.league,
            "round": round_,
            "form": form,
            "picker": _picker(request, selection, form.carried()),
            "current": current,
            "number": number,
            "needs_reason": round_ is not None and match.needs_reason(request.user),
            # The round's dealer, so the organiser can check it against the table.
            "dealer": dealer,
        },
    )


def _dealers_from(match: Match, number: int) -> tuple[Player, list[str]]:
    """Round `number`'s dealer, and the names of the dealers of a whole turn of the table
    from it: the page kept on a phone names the round after those it kept
    (static/js/outbox.js)."""
    seated = match.seated_players()
    turn = [
        seated[dealer_for_round(match.first_dealer, later, len(seated))]
        for later in range(number, number + len(seated))
    ]
    return turn[0], [player.display_name for player in turn]


def _saved_message(round_: Round, match: Match) -> str:
    if round_.is_draw:
        text = _("Round %(number)s: a draw.") % {"number": round_.number}
    else:
        text = _("Round %(number)s saved: %(winner)s wins %(points)s points.") % {
            "number": round_.number,
            "winner": round_.winner,
            "points": round_.hand.points,
        }
    if match.is_finished:
        text += " " + _("The match is over.")
    return text


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request", "HX-Target")
@_preview_first
@login_required
def round_new(request: HtmxHttpRequest, slug: str, pk: int) -> HttpResponse:
    match = _entering_match(request, slug, pk)
    players = match.seated_players()
    if request.method == "GET" or "preview" in request.POST:
        query = request.GET if request.method == "GET" else request.POST
        defaults = {
            "outcome": Outcome.WON,
            "win_type": WinType.SELF_DRAW,
            "version": match.version,
            # A double tap, or the same entry sent again from the outbox, saves one round.
            "entry_id": uuid.uuid4(),
            "after": match.rounds.count(),
        }
        form = RoundForm(players, initial=RoundForm.initial_from(query, defaults))
        form.initial["hand"] = query.get("hand", "")
        selection = Selection.from_query(query) if request.method == "GET" else None
        return _round_page(request, match, form, selection)
    form = RoundForm(players, request.POST)
    replay = wants_json(request)
    if replay and not form.is_valid():
        return refused_answer(request.POST.get("entry_id"), form.errors)
    if form.is_valid():
        try:
            if form.cleaned_data["entry_id"]:
                return _new_round_once(request, match, form, replay)
            round_ = match.record_round(
                form.entry(),
                by=request.user,
                expected_version=form.cleaned_data["version"],
                by_hand=True,
            )
        except ValidationError as error:
            if replay:
                return refused_answer(form.cleaned_data["entry_id"], error)
            _show_refusal(match, form, error)
            if isinstance(error, StaleEdit):
                form = form.with_version(match.version)
                form.add_error(None, error)
        else:
            return _round_saved(request, match, round_)
    return _round_page(request, match, form)


def _show_refusal(match: Match, form: RoundForm, error: ValidationError) -> None:
    """A refused new round on the form: a stale page (shown again with the match's version
    by the caller) or an ended match as the form's own error, the rest beside its field."""
    if isinstance(error, (StaleEdit, MatchFinished)):
        match.refresh_from_db()
        if isinstance(error, MatchFinished):
            form.add_error(None, error)
    else:
        add_model_error(form, error)


def _round_saved(request: HtmxHttpRequest, match: Match, round_: Round) -> HttpResponse:
    messages.success(request, _saved_message(round_, match))
    # To the top of the sheet, not to the round's column: the message and the players' new
    # totals are the first things to see.
    return redirect(match)


def _new_round_once(
    request: HtmxHttpRequest, match: Match, form: RoundForm, replay: bool
) -> HttpResponse:
    """A new round that carries its entry id (leagues/models/entry_receipt.py): saved once,
    whatever the number of sendings. One sent again from a phone's outbox (`replay`) is
    held when the match no longer has the round count the phone saw; the page's own form,
    sent online, is refused as stale as before."""
    data = form.cleaned_data
    entry = form.entry()
    after = data["after"] if replay else None

    def save() -> int:
        expected = None if after is not None else data["version"]
        return match.record_round(
            entry, by=request.user, expected_version=expected, by_hand=True
        ).number

    def held_as(locked: Match) -> int | None:
        if after is None or locked.rounds.count() == after:
            return None
        entry.check(locked)  # a held entry is one that could be kept
        return after + 1

    receipt = enter_once(
        match,
        data["entry_id"],
        EntryReceipt.Kind.ROUND,
        request.user,
        sent_fields(request.POST, form.fields),
        save,
        held_as,
    )
    match.refresh_from_db()
    if replay:
        return receipt_answer(receipt, match)
    if receipt.repeated:
        messages.info(request, receipt_message(receipt))
        return redirect(match)
    return _round_saved(request, match, _round(match=match, number=receipt.number))


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request", "HX-Target")
@_preview_first
@login_required
def round_edit(request: HtmxHttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    match, round_ = _correcting(request, slug, pk, number, amend=True)
    if match.is_archived:
        return archived_page(request, match)
    if round_ is None:
        if wants_json(request):
            return _replayed_without_round(request, match, number)
        return _gone(request, match, number)
    players = match.seated_players()
    if request.method == "GET" or "preview" in request.POST:
        query = request.GET if request.method == "GET" else request.POST
        entry = round_.entry()
        saved = {
            "outcome": entry.outcome,
            "winner": entry.winner.pk if entry.winner else None,
            "win_type": entry.win_type or WinType.SELF_DRAW,
            "discarder": entry.discarder.pk if entry.discarder else None,
            "version": round_.version,
            "entry_id": uuid.uuid4(),
        }
        # The picker's links carry the version: from then on the hand is the query's own,
        # even when cleared, and no longer the saved one.
        picked = "version" in query
        form = RoundForm(players, initial=RoundForm.initial_from(query, saved))
        form.initial["hand"] = query.get("hand", "") if picked else entry.hand
        selection = Selection.from_query(query) if request.method == "GET" and picked else None
        return _round_page(request, match, form, selection, round_)
    form = RoundForm(players, request.POST)
    replay = wants_json(request)
    if replay and not form.is_valid():
        return refused_answer(request.POST.get("entry_id"), form.errors)
    current = None
    if form.is_valid() and form.cleaned_data["entry_id"]:
        try:
            return _correction_once(request, match, round_, form, replay)
        except ValidationError as error:
            if replay:
                return refused_answer(form.cleaned_data["entry_id"], error)
            if not isinstance(error, StaleEdit):
                add_model_error(form, error)
                return _round_page(request, match, form, round_=round_)
            # A stale page, sent online: shown again as below, without the id's receipt.
    if form.is_valid():
        try:
            corrected = match.correct_round(
                round_,
                form.entry(),
                by=request.user,
                expected_version=form.cleaned_data["version"],
                reason=request.POST.get("reason", ""),
            )
        except StaleEdit as error:
            round_ = _round(pk=round_.pk)
            if round_ is None:
                return _gone(request, match, number)
            form = form.with_version(round_.version)
            form.add_error(None, error)
            current = describe(round_.snapshot())
        except ValidationError as error:
            add_model_error(form, error)
        else:
            messages.success(
                request,
                _("Round %(number)s corrected: %(round)s.")
                % {"number": corrected.number, "round": describe(corrected.snapshot())},
            )
            return redirect(match)
    return _round_page(request, match, form, round_=round_, current=current)


def _replayed_without_round(request: HtmxHttpRequest, match: Match, number: int) -> HttpResponse:
    """A correction from a phone's outbox for a round that is no longer there: its first
    answer if it was made before the round went, else refused (nothing to correct)."""
    entry_id = request.POST.get("entry_id", "")
    try:
        receipt = match.entry_receipts.filter(entry_id=entry_id).first()
    except ValidationError:  # not a UUID
        receipt = None
    if receipt is not None:
        return receipt_answer(receipt, match)
    return refused_answer(entry_id, round_gone(number))


def _correction_once(
    request: HtmxHttpRequest, match: Match, round_: Round, form: RoundForm, replay: bool
) -> HttpResponse:
    """A correction that carries its entry id: made once. One sent again from a phone's
    outbox (`replay`) that was made from an older version of the round is held for the
    organiser beside the round as it now reads; sent online, a stale page is refused as
    before (StaleEdit, raised to the caller)."""
    entry, version = form.entry(), form.cleaned_data["version"]

    def save() -> int:
        reason = request.POST.get("reason", "")
        return match.correct_round(
            round_, entry, by=request.user, expected_version=version, reason=reason
        ).number

    def held_as(locked: Match) -> int | None:
        now = Round.objects.filter(pk=round_.pk).values_list("version", flat=True).first()
        if not replay or now is None or now == version:
            return None  # saved, or refused by the save: a round deleted meanwhile
        entry.check(locked)
        return round_.number

    receipt = enter_once(
        match,
        form.cleaned_data["entry_id"],
        EntryReceipt.Kind.CORRECTION,
        request.user,
        sent_fields(request.POST, form.fields),
        save,
        held_as,
    )
    if replay:
        return receipt_answer(receipt, match)
    if receipt.repeated:
        messages.info(request, receipt_message(receipt))
    else:
        corrected = _round(pk=round_.pk)
        messages.success(
            request,
            _("Round %(number)s corrected: %(round)s.")
            % {"number": corrected.number, "round": describe(corrected.snapshot())},
        )
    return redirect(match)


@require_http_methods(["GET", "POST"])
@login_required
def round_delete(request: HtmxHttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    match, round_ = _correcting(request, slug, pk, number)
    if match.is_archived:
        return archived_page(request, match)
    if round_ is None:
        return _gone(request, match, number)
    form = VersionForm(request.POST or None, initial={"version": round_.version})
    if form.is_bound and form.is_valid():
        try:
            match.delete_round(round_, request.user, form.cleaned_data["version"])
        except ValidationError as error:
            # Shown again as the round now is, ready to delete deliberately.
            round_ = _round(pk=round_.pk)
            if round_ is None:
                return _gone(request, match, number)
            form = VersionForm({"version": round_.version})
            form.is_valid()
            add_model_error(form, error)
        else:
            messages.success(request, _("Round %(number)s deleted.") % {"number": number})
            return redirect(match)
    context = {
        "match": match,
        "league": match.league,
        "round": round_,
        "summary": describe(round_.snapshot()),
        "later": match.rounds.filter(number__gt=round_.number).count(),
        "form": form,
    }
    return render(request, "leagues/mhing/round_delete.html", context)


def _after_button(request: HtmxHttpRequest, match: Match) -> HttpResponse:
    """The sheet in place for htmx; otherwise back to the match page (post/redirect/get)."""
    if request.htmx:
        match.refresh_from_db()
        return render_sheet(request, match)
    return redirect(match)


@require_POST
@login_required
def round_draw(request: HtmxHttpRequest, slug: str, pk: int) -> HttpResponse:
    match = _entering_match(request, slug, pk)
    form = VersionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Nothing was recorded: reload the page and try again."))
        return _after_button(request, match)
    try:
        round_ = match.record_round(
            RoundEntry.draw(),
            by=request.user,
            expected_version=form.cleaned_data["version"],
            by_hand=True,
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return _after_button(request, match)
    messages.success(request, _saved_message(round_, match))
    return _after_button(request, match)


@require_POST
@login_required
def round_undo(request: HtmxHttpRequest, slug: str, pk: int) -> HttpResponse:
    match = visible_match(request, slug, pk)
    last = match.rounds.order_by("-number").first()
    actions = actions_for(match, request.user, last)
    if last is None and (actions.enter or actions.correct):
        messages.error(request, _("There is no round to undo."))
        return _after_button(request, match)
    form = VersionForm(request.POST)
    if not actions.undo:
        if actions.enter and form.is_valid() and form.cleaned_data["version"] != match.version:
            # The player's own round was last on their page; someone entered one since.
            messages.error(request, _("The match changed meanwhile: nothing was undone."))
            return _after_button(request, match)
        raise PermissionDenied(
            _("Only organisers undo rounds, and players only a round they entered themselves.")
        )
    if not form.is_valid():
        messages.error(request, _("Nothing was undone: reload the page and try again."))
        return _after_button(request, match)
    try:
        undone = match.undo_last_round(request.user, expected_version=form.cleaned_data["version"])
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("Round %(number)s was undone.") % {"number": undone})
    return _after_button(request, match)
