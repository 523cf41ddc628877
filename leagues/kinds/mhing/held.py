"""Entries held for the organiser (leagues/models/entry_receipt.py): a round kept on a phone
with no network that arrived after another phone had entered that round, or a correction
made from a round's older version. The match page shows each beside the round as it now
reads; the organiser keeps it instead, or discards it. Nothing is dropped unseen."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from leagues.access import visible_match
from leagues.forms import RoundForm
from leagues.kinds.mhing.round_text import describe
from leagues.models import EntryReceipt, Match, Round
from scoring.mhing import MhingError, score_hand


@dataclass(frozen=True)
class HeldLine:
    receipt: EntryReceipt
    theirs: str  # the entry as the phone sent it
    ours: str  # the round as the sheet now has it ("—": no such round)
    url: str  # where Keep and Discard post


def held_lines(match: Match) -> list[HeldLine]:
    receipts = match.entry_receipts.filter(state=EntryReceipt.State.HELD).select_related("by")
    if not receipts:
        return []
    players = {str(p.pk): p.display_name for p in match.seated_players()}
    rounds = {
        r.number: r
        for r in match.rounds.select_related("winner", "discarder", "hand").filter(
            number__in=[r.number for r in receipts]
        )
    }
    lines = []
    for receipt in receipts:
        now = rounds.get(receipt.number)
        url = reverse("leagues:round_held", args=[match.league.slug, match.pk, receipt.pk])
        theirs = describe(_snapshot(receipt.data, players))
        lines.append(HeldLine(receipt, theirs, describe(now.snapshot() if now else None), url))
    return lines


def _snapshot(data: dict, players: dict[str, str]) -> dict:
    """The sent fields as describe() reads a round."""
    if data.get("outcome") == "draw":
        return {"outcome": "draw"}
    try:
        score = score_hand(data.get("hand", ""))
        credits, points = score.credits, score.points
    except MhingError:
        credits = points = 0
    discard = data.get("win_type") == "discard"
    return {
        "outcome": "won",
        "winner": players.get(data.get("winner", "")),
        "win_type": data.get("win_type"),
        "discarder": players.get(data.get("discarder", "")) if discard else None,
        "hand": data.get("hand", ""),
        "credits": credits,
        "points": points,
    }


@require_POST
@login_required
def round_held(request, slug: str, pk: int, receipt: int) -> HttpResponse:
    """Keep a held entry in place of the round it met ("keep"), or discard it."""
    match = visible_match(request, slug, pk)
    if not match.can_correct(request.user):
        raise PermissionDenied(_("Only the league's organisers choose between two entries."))
    action = request.POST.get("action")
    if action not in ("keep", "discard"):
        raise Http404
    try:
        with transaction.atomic():
            held = (
                EntryReceipt.objects.select_for_update()
                .filter(pk=receipt, match=match, state=EntryReceipt.State.HELD)
                .first()
            )
            if held is None:
                messages.info(request, _("This entry was already kept or discarded."))
                return redirect(match)
            if action == "keep":
                _keep(match, held, request.user)
            held.state = (
                EntryReceipt.State.KEPT if action == "keep" else EntryReceipt.State.DISCARDED
            )
            held.decided_by, held.decided_at = request.user, timezone.now()
            held.save(update_fields=["state", "decided_by", "decided_at"])
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(match)
    number = {"number": held.number}
    if action == "keep":
        messages.success(request, _("Round %(number)s now reads as the phone sent it.") % number)
    else:
        messages.success(
            request, _("The phone's entry was discarded; round %(number)s stays.") % number
        )
    return redirect(match)


def _keep(match: Match, held: EntryReceipt, by) -> None:
    form = RoundForm(match.seated_players(), held.data)
    if not form.is_valid():
        raise ValidationError(_("This entry can no longer be read: enter it on the entry page."))
    now = Round.objects.filter(match=match, number=held.number).first()
    if now is not None:
        match.correct_round(now, form.entry(), by=by, expected_version=now.version)
    elif match.rounds.count() + 1 == held.number:
        match.record_round(form.entry(), by=by)
    else:
        raise ValidationError(
            _("Round %(number)s is not on the sheet: enter it on the entry page.")
            % {"number": held.number}
        )
