"""An entry made on a phone, known by the id the phone made for it (docs/club_nights.md,
"Entry without network").

A phone at a table with no network keeps its entries in an outbox and sends each again
until the server answers; the answer may be lost, the server may restart meanwhile, a
player may tap twice. The server therefore takes each id once: the receipt is written in
the same transaction as the round (or game, or correction) it stands for, under the
match's lock, and its id is unique, so a second sending finds the receipt and gets the
first answer again, never a second round. Two sendings at the very same moment are
settled by the same lock, and by the unique constraint should the lock ever be missed.

An entry kept offline and made for "the round after round N" that arrives when the match
has moved past N is not added: it is held, beside what the match now holds, until an
organiser keeps it instead or discards it (a correction made from a round's older version
likewise). Nothing sent is dropped without a person deciding.

The receipt names who sent it (`by`) and its state. An opponent's confirmation of a player's
round is kept on the round or game itself (leagues.models.confirmation), not
here: a round has it whichever way it came, and a correction's new state replaces it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leagues.errors import match_gone, refused_when_busy


class EntryReceipt(models.Model):
    class Kind(models.TextChoices):
        ROUND = "round", gettext_lazy("new round")
        CORRECTION = "correction", gettext_lazy("correction")
        GAME = "game", gettext_lazy("new game")
        GAME_CORRECTION = "game_correction", gettext_lazy("game correction")

    class State(models.TextChoices):
        SAVED = "saved", gettext_lazy("saved")
        # Kept offline, arrived after the match had moved on: waits for an organiser.
        HELD = "held", gettext_lazy("held for the organiser")
        KEPT = "kept", gettext_lazy("kept by the organiser")
        DISCARDED = "discarded", gettext_lazy("discarded by the organiser")

    entry_id = models.UUIDField(gettext_lazy("entry id"), unique=True)
    match = models.ForeignKey(
        "leagues.Match", on_delete=models.CASCADE, related_name="entry_receipts"
    )
    kind = models.CharField(gettext_lazy("kind"), max_length=16, choices=Kind)
    state = models.CharField(gettext_lazy("state"), max_length=10, choices=State)
    # The round's (or game's) number the entry saved, or the one it was meant to be.
    number = models.PositiveIntegerField(gettext_lazy("number"))
    # A held entry's fields as the phone sent them, to be put in place if kept.
    data = models.JSONField(gettext_lazy("fields sent"), default=dict, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "created_at", "pk"]
        verbose_name = gettext_lazy("entry receipt")
        verbose_name_plural = gettext_lazy("entry receipts")
        indexes = [models.Index(fields=["match", "state"], name="receipt_match_state")]

    repeated = False  # set on the receipt a second sending of the same id is answered with

    def __str__(self) -> str:
        return f"{self.entry_id} {self.kind} {self.number} {self.state}"


def sent_fields(post, names) -> dict[str, str]:
    """The entry's own fields (`names`: the form's) as sent, compared when the same id comes
    again. The CSRF token and anything else a page adds are left out: they may differ
    between two sendings of the same entry."""
    return {name: post.get(name, "") for name in sorted(names)}


def enter_once(
    match,
    entry_id,
    kind: str,
    by,
    fields: dict[str, str],
    save: Callable[[], int],
    held_as: Callable[[object], int | None] | None = None,
) -> EntryReceipt:
    """Save an entry once: `save()` (which saves and returns the round's or game's number)
    runs only if no receipt has `entry_id`; otherwise the receipt of the first sending is
    returned (its `repeated` set). `held_as(locked_match)`: the number the entry was meant
    for, when the match moved on since the phone made it (then it is held, not saved).

    The receipt is looked up under the match's lock and written in the transaction of the
    save: a refused save (a ValidationError from `save`) leaves no receipt, and two sendings
    at once are one after the other, or the second meets the unique id and is answered
    from the first's receipt."""
    from .match import Match

    try:
        with refused_when_busy(), transaction.atomic():
            locked = Match.objects.select_for_update().filter(pk=match.pk).first()
            if locked is None:
                raise match_gone()
            found = EntryReceipt.objects.filter(entry_id=entry_id).first()
            if found is not None:
                return _repeated(found, match, fields)
            number = held_as(locked) if held_as else None
            state = EntryReceipt.State.HELD
            if number is None:
                number, state = save(), EntryReceipt.State.SAVED
            return EntryReceipt.objects.create(
                entry_id=entry_id,
                match=locked,
                kind=kind,
                state=state,
                number=number,
                data=fields,
                by=by if getattr(by, "is_authenticated", False) else None,
            )
    except IntegrityError:
        found = EntryReceipt.objects.filter(entry_id=entry_id).first()
        if found is None:  # another constraint: not ours to answer
            raise
        return _repeated(found, match, fields)


def _repeated(found: EntryReceipt, match, fields: dict[str, str]) -> EntryReceipt:
    if found.match_id != match.pk or found.data != fields:
        raise ValidationError(
            _(
                "This entry's id was already used for another entry, which is saved. "
                "Nothing was saved: reload the entry page and enter it again."
            ),
            code="id_reused",
        )
    found.repeated = True
    return found
