"""A round (Mhing) or game (Mah-Jongg) entered by a player waits for an opponent's word
(docs/club_nights.md "Confirmation by an opponent").

An organiser's entry is confirmed as it is saved. A seated player's entry, made because the
league lets players enter, is *provisional* until another player seated at the match (a
member linked to another seat) confirms it, on their own phone or on the entering phone
handed across the table (as a Bridgemate asks the opponents to accept the score: they tap
their own name; no password is asked, the table sees who taps). They may reject it instead,
with a reason: the round goes back to the player who entered it, who corrects it (provisional
again) or leaves it to an organiser.

What counts: provisional rounds count in the totals and standings, marked as unconfirmed
(a table would rather see its evening's standings move, and most rounds are right);
a rejected round counts for nothing until corrected. For Mhing it scores nobody, as a draw
(the deal passed all the same: the round was played, its score is in dispute); a rejected
Mah-Jongg game is left out of the match's replay.

One mechanism for both games: `Confirmable` holds the state on `Round` and `MahjonggGame`,
`decide` confirms or rejects either under the match's lock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leagues.errors import StaleEdit

from .history import RoundChange
from .saving import saving

REASON_LENGTH = 200


class Confirmation(models.TextChoices):
    CONFIRMED = "confirmed", gettext_lazy("confirmed")
    PROVISIONAL = "provisional", gettext_lazy("waiting for confirmation")
    REJECTED = "rejected", gettext_lazy("rejected")


class Confirmable(models.Model):
    """The state of an entry made at the table: confirmed, provisional or rejected, and who
    decided (the account signed in, and the seated player who tapped) when, where."""

    confirmation = models.CharField(
        gettext_lazy("confirmation"),
        max_length=11,
        choices=Confirmation,
        default=Confirmation.CONFIRMED,
    )
    rejection_reason = models.CharField(
        gettext_lazy("reason for rejecting"), max_length=REASON_LENGTH, blank=True
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_as = models.ForeignKey(
        "leagues.Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    # Confirmed or rejected on the phone that entered it, handed across the table.
    decided_here = models.BooleanField(default=False)

    ENTERED_AT = "created_at"  # the field that says when it was entered

    class Meta:
        abstract = True

    @property
    def is_provisional(self) -> bool:
        return self.confirmation == Confirmation.PROVISIONAL

    @property
    def is_rejected(self) -> bool:
        return self.confirmation == Confirmation.REJECTED

    def mark_entered(self, match, by) -> None:
        """The state of a new entry, or of a correction: provisional when a player (not an
        organiser) made it, confirmed otherwise (an organiser, or the site itself)."""
        provisional = by is not None and not match.league.is_organiser(by)
        self.confirmation = Confirmation.PROVISIONAL if provisional else Confirmation.CONFIRMED
        self.rejection_reason = ""
        self.decided_by = self.decided_as = self.decided_at = None
        self.decided_here = False


def entries(match) -> models.QuerySet:
    """The match's rounds (Mhing) or games (Mah-Jongg)."""
    return getattr(match, match.kind.played).all()


CONFIRMABLE_FIELDS = [
    "confirmation",
    "rejection_reason",
    "decided_by",
    "decided_as",
    "decided_at",
    "decided_here",
]


def entered_seat_player(match, item):
    """The seated player linked to the account that entered `item` (None: nobody's)."""
    if item.entered_by_id is None:
        return None
    seat = match.seats.select_related("player").filter(player__user=item.entered_by_id).first()
    return seat.player if seat else None


def may_confirm(match, item, user) -> bool:
    """On their own phone: a member linked to a seated player other than the one who entered
    the item, or an organiser (who settles what the table cannot). Never the enterer."""
    if not item.is_provisional or not user.is_authenticated or match.is_abandoned:
        return False
    if item.entered_by_id == user.pk:
        return False
    if match.league.is_organiser(user):
        return True
    return match.seats.filter(player__user=user).exists()


def confirmers_here(match, item, user) -> list:
    """On the entering phone, handed across: the seated players other than the enterer's,
    who may tap their name. Only on the phone of the account that entered it."""
    if not item.is_provisional or item.entered_by_id != user.pk or match.is_abandoned:
        return []
    return [
        player
        for player in match.seated_players()
        if not player.is_bot and player.user_id != item.entered_by_id
    ]


def decide(match, number: int, by, accept: bool, reason: str = "", as_player=None):
    """Confirm (`accept`) or reject item `number` of the match; the item. `as_player`: the
    seated player who tapped their name on the entering phone (`by` is then the enterer's
    account, signed in on it). Under the match's lock, so two opponents tapping at once
    record one decision: the second finds the item no longer waiting."""

    reason = reason.strip()[:REASON_LENGTH]
    if not accept and not reason:
        raise ValidationError({"reason": _("Say why the entry is wrong.")}, code="no_reason")

    @saving
    def save():
        locked = match._lock()
        item = entries(locked).filter(number=number).first()
        if item is None or not item.is_provisional:
            raise StaleEdit(already_decided(number), code="decided")
        if as_player is not None:
            allowed = any(p.pk == as_player.pk for p in confirmers_here(locked, item, by))
        else:
            allowed = may_confirm(locked, item, by)
        if not allowed:
            raise PermissionDenied(_("Another player at the table confirms this entry."))
        item.confirmation = Confirmation.CONFIRMED if accept else Confirmation.REJECTED
        item.rejection_reason = "" if accept else reason
        item.decided_by = by
        item.decided_as = as_player or _seat_player_of(locked, by)
        item.decided_at = timezone.now()
        item.decided_here = as_player is not None
        item.save(update_fields=CONFIRMABLE_FIELDS)
        if not accept:
            locked.settle()  # a rejected entry counts for nothing
        RoundChange.objects.create(
            match=locked,
            number=number,
            action=RoundChange.Action.CONFIRMED if accept else RoundChange.Action.REJECTED,
            by=by,
            after={
                "player": item.decided_as.display_name if item.decided_as else None,
                "here": item.decided_here,
                "reason": item.rejection_reason,
            },
        )
        return item

    item = save()
    match.refresh_from_db()
    return item


def _seat_player_of(match, user):
    seat = match.seats.select_related("player").filter(player__user=user.pk).first()
    return seat.player if seat else None


def already_decided(number: int) -> str:
    return _(
        "Number %(number)s is no longer waiting for confirmation: someone decided it "
        "meanwhile, or it was changed. Look at the sheet again."
    ) % {"number": number}


# -- the match page


@dataclass
class Waiting:
    """One round (or game) not confirmed, as the viewer meets it on the match page."""

    item: Any
    mine: bool  # the viewer entered it
    may_decide: bool  # the viewer may confirm or reject it on their own phone
    here: list = field(default_factory=list)  # who may tap their name on this phone
    edit_url: str = ""
    summary: str = ""  # the round (game) in one line: what the opponent confirms
    entered_as: Any = None  # the seated player whose account entered it, if seated


def confirmation_context(
    match, user, edit_url_name: str, describe: Callable[[Any], str] = str
) -> dict[str, Any]:
    """What the match page shows of the entries not confirmed: `waiting` (provisional and
    rejected, oldest first) and how many of each. One query when all is confirmed.
    `describe`: the game's one line for a round (game), shown to whoever confirms it."""
    items = list(
        entries(match)
        .exclude(confirmation=Confirmation.CONFIRMED)
        .select_related("decided_as", "decided_by", "entered_by")
        .order_by("number")
    )
    waiting = []
    seated = {p.user_id: p for p in match.seated_players() if p.user_id} if items else {}
    for item in items:
        mine = user.is_authenticated and item.entered_by_id == user.pk
        line = Waiting(item, mine, may_confirm(match, item, user), summary=describe(item))
        line.entered_as = seated.get(item.entered_by_id)
        if mine and item.is_provisional:
            line.here = confirmers_here(match, item, user)
        if mine and item.is_rejected and match.can_amend(user, item):
            line.edit_url = reverse(edit_url_name, args=[match.league.slug, match.pk, item.number])
        waiting.append(line)
    return {
        "waiting": waiting,
        "provisional_count": sum(item.is_provisional for item in items),
        "rejected_count": sum(item.is_rejected for item in items),
    }


# -- the correction window -------------------------------------------------------------------


def window_closes(match) -> datetime | None:
    """When the table's players may no longer correct: the league's correction minutes after
    the match ended (its last entry). None while the match runs (open)."""
    if not match.is_finished:
        return None
    items = entries(match)
    last = items.aggregate(last=models.Max(items.model.ENTERED_AT))["last"]
    return (last or match.created_at) + timedelta(minutes=match.league.correction_minutes)


def window_open(match) -> bool:
    closes = window_closes(match)
    return closes is None or timezone.now() < closes


def check_amend(locked, item, by, reason: str | None) -> None:
    """Under the match's lock, before a correction by `by` (None: the site itself): refused
    to a player whose correction window has closed, and to an organiser after it who gives
    no reason (`reason` None: a correction the site makes for an organiser, unasked)."""
    if by is None:
        return
    if not locked.can_amend(by, item):
        raise PermissionDenied(
            _("The players' time for corrections is over: an organiser corrects it now.")
        )
    if reason is not None and locked.needs_reason(by) and not reason.strip():
        raise ValidationError(reason_needed(), code="no_reason")


def describe_change(change, describe) -> tuple[str, str]:
    """A history line's before and after: `describe` (the game's own) for a round's
    contents, who decided (and where, and why) for a confirmation or rejection, and the
    reason an organiser gave for a late correction."""
    if change.action in (RoundChange.Action.CONFIRMED, RoundChange.Action.REJECTED):
        after = change.after or {}
        words = {"name": after.get("player") or "?", "reason": after.get("reason", "")}
        if change.action == RoundChange.Action.CONFIRMED:
            text = _("by %(name)s") % words
        else:
            text = _("by %(name)s: “%(reason)s”") % words
        if after.get("here"):
            text += " " + _("(on the phone that entered it)")
        return "—", text
    after = describe(change.after)
    if change.reason:
        after += " " + _("Reason: %(reason)s") % {"reason": change.reason}
    return describe(change.before), after


def reason_needed() -> str:
    return _(
        "The players' time for corrections is over: say why you correct it (the reason "
        "goes into the match's history)."
    )
