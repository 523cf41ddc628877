"""The answers an entry page gives a phone sending an entry again from its outbox (it asks
with `Accept: application/json`; their shape: docs/club_nights.md, "Entry without network"):
saved, held for the organiser, or refused with why and what to do. The same id answers the
same each time, since the answer is made from the entry's receipt
(leagues/models/entry_receipt.py)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _

from leagues.models import EntryReceipt, Match

Kind, State = EntryReceipt.Kind, EntryReceipt.State


def wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def receipt_message(receipt: EntryReceipt) -> str:
    number = {"number": receipt.number}
    if receipt.kind in (Kind.GAME, Kind.GAME_CORRECTION):
        if receipt.state == State.HELD:
            return (
                _(
                    "The match changed before this game arrived: it is held on the match "
                    "page beside game %(number)s, where an organiser keeps it instead or "
                    "discards it."
                )
                % number
            )
        if receipt.state == State.DISCARDED:
            return _("An organiser discarded this entry (game %(number)s).") % number
    if receipt.state == State.HELD:
        return (
            _(
                "The match changed before this entry arrived: it is held on the match page "
                "beside round %(number)s, where an organiser keeps it instead or discards it."
            )
            % number
        )
    if receipt.state == State.DISCARDED:
        return _("An organiser discarded this entry (round %(number)s).") % number
    if receipt.kind == Kind.CORRECTION:
        return _("Round %(number)s is corrected.") % number
    if receipt.kind == Kind.GAME:
        return _("Game %(number)s is saved.") % number
    if receipt.kind == Kind.GAME_CORRECTION:
        return _("Game %(number)s is corrected.") % number
    return _("Round %(number)s is saved.") % number


def receipt_answer(receipt: EntryReceipt, match: Match) -> JsonResponse:
    answer = {
        "entry_id": str(receipt.entry_id),
        "kind": receipt.kind,
        "state": receipt.state,
        "number": receipt.number,
        "message": receipt_message(receipt),
        "match_url": match.get_absolute_url(),
    }
    if receipt.state in (State.SAVED, State.KEPT):
        # As the entry was saved: a player's waits for an opponent's confirmation
        # (leagues.models.confirmation), an organiser's (or one an organiser kept) does not.
        # Not the round's state now, so that one id keeps one answer; the match page says
        # whether it has been confirmed since.
        by = receipt.by
        by_player = (
            receipt.state == State.SAVED and by is not None and not match.league.is_organiser(by)
        )
        answer["confirmation"] = "provisional" if by_player else "confirmed"
    return JsonResponse(answer)


def refused_answer(entry_id, errors: dict | ValidationError, status: int = 422) -> JsonResponse:
    """Nothing was saved: why (each field's errors, and all of them in one message), and
    what to do."""
    if isinstance(errors, ValidationError):
        errors = errors.message_dict if hasattr(errors, "error_dict") else {"": errors.messages}
    by_field = {
        field or "__all__": [str(m) for m in messages] for field, messages in errors.items()
    }
    return JsonResponse(
        {
            "entry_id": str(entry_id or ""),
            "state": "refused",
            "message": " ".join(m for said in by_field.values() for m in said),
            "errors": by_field,
            "todo": _(
                "Nothing was saved. Open the entry page, enter it again as it should be, "
                "then remove this one from the list."
            ),
        },
        status=status,
    )
