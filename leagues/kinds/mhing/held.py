"""A Mhing round held for the organiser (leagues/held.py): a round kept on a phone with no
network that arrived after another phone had entered that round, or a correction made from
a round's older version: how it reads beside the round on the sheet, and how it is kept."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from leagues.forms import RoundForm
from leagues.held import HeldLine, Outcomes, decide_held, sent_line
from leagues.kinds.mhing.round_text import describe
from leagues.models import EntryReceipt, Match, Round
from scoring.mhing import MhingError, score_hand

TOLD = Outcomes(
    kept=gettext_lazy("Round %(number)s now reads as the phone sent it."),
    discarded=gettext_lazy("The phone's entry was discarded; round %(number)s stays."),
)


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
        number = receipt.number
        sent = sent_line(
            _("Round %(number)s as a phone sent it: <strong>%(entry)s</strong>"), number, theirs
        )
        ours = _("Round %(number)s on the sheet now: %(round)s") % {
            "number": number,
            "round": describe(now.snapshot() if now else None),
        }
        lines.append(HeldLine(receipt, sent, ours, url))
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
def round_held(request, slug: str, pk: int, receipt: int):
    """Keep a held round in place of the round it met ("keep"), or discard it."""
    return decide_held(request, slug, pk, receipt, _keep, TOLD)


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
