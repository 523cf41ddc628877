"""A Mah-Jongg game or correction sent again from a phone's outbox (docs/club_nights.md,
"Entry without network"): it asks with `Accept: application/json` and gets the answer the
Mhing round entry gives (leagues/entry_answers.py), saved once for its entry id or refused
with why and what to do.

A game that meets a match that moved on (another game entered first, the game corrected
meanwhile) is held for the organiser, as a Mhing round is (leagues/kinds/mahjongg/held.py)."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import ValidationError
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _

from leagues.entry_answers import receipt_answer, refused_answer
from leagues.models import Match


def refused(request: HttpRequest, message: str) -> JsonResponse:
    return refused_answer(request.POST.get("entry_id"), ValidationError(message))


def replayed_game(request: HttpRequest, match: Match, form, outcome_of: Callable, save: Callable):
    """`save(entry)` returns the entry's receipt (leagues/models/entry_receipt.py); the
    game is checked first as Preview would (`outcome_of`), so an impossible game says why."""
    if not form.is_valid():
        return refused_answer(request.POST.get("entry_id"), form.errors)
    entry_id = form.cleaned_data["entry_id"]
    if not entry_id:
        return refused(request, _("A game sent from a phone's outbox needs its entry id."))
    try:
        entry = form.entry()
        outcome_of(entry)
        receipt = save(entry)
    except ValidationError as error:
        return refused_answer(entry_id, error)
    match.refresh_from_db()
    return receipt_answer(receipt, match)
