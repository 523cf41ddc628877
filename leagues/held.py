"""Entries from phones held for the organiser (leagues/models/entry_receipt.py), whatever the
game: an entry kept on a phone with no network that arrived after the match moved on. The
match page lists each beside what the sheet has now (templates/leagues/held.html); an
organiser keeps it instead, or discards it. Nothing is dropped unseen.

Each game says how its entry reads and how it is kept (leagues/kinds/mhing/held.py,
leagues/kinds/mahjongg/held.py); the choice itself is made here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from leagues.access import visible_match
from leagues.models import EntryReceipt, Match


@dataclass(frozen=True)
class HeldLine:
    receipt: EntryReceipt
    sent: SafeString  # "Round 4 as a phone sent it: <strong>…</strong>"
    now: str  # "Round 4 on the sheet now: …"
    url: str  # where Keep and Discard post


def sent_line(words: str, number: int, entry: str) -> SafeString:
    """`words` (translated, with %(number)s and %(entry)s, the entry in <strong>) filled in,
    the entry escaped."""
    return mark_safe(words % {"number": number, "entry": conditional_escape(entry)})


@dataclass(frozen=True)
class Outcomes:
    """What the organiser is told, each with %(number)s: the entry kept, or discarded."""

    kept: str
    discarded: str


def decide_held(
    request, slug: str, pk: int, receipt: int, keep: Callable, told: Outcomes
) -> HttpResponse:
    """Keep a held entry in place of what it met (`keep(match, held, user)`, which raises
    ValidationError when it cannot), or discard it (`action`: keep or discard)."""
    match: Match = visible_match(request, slug, pk)
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
                keep(match, held, request.user)
            held.state = (
                EntryReceipt.State.KEPT if action == "keep" else EntryReceipt.State.DISCARDED
            )
            held.decided_by, held.decided_at = request.user, timezone.now()
            held.save(update_fields=["state", "decided_by", "decided_at"])
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(match)
    said = told.kept if action == "keep" else told.discarded
    messages.success(request, said % {"number": held.number})
    return redirect(match)
