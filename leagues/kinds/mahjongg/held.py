"""Mah-Jongg games held for the organiser (leagues/held.py), as Mhing's rounds are: a game
kept on a phone with no network that arrived after another game had been entered (a second
phone entered the same game), or a correction made from a game's older version. The match
page shows each beside the game as the sheet has it; an organiser keeps it instead (the
sheet's game is corrected to it: its winds are the ones the phone showed, since it was made
for that place in the match) or discards it."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from leagues.held import HeldLine, Outcomes, decide_held, sent_line
from leagues.models import EntryReceipt, Match
from leagues.models.mahjongg_entry import correct_game, record_game
from leagues.models.mahjongg_game import MahjonggGame
from scoring.mahjongg.match import GameEntry

TOLD = Outcomes(
    kept=gettext_lazy("Game %(number)s now reads as the phone sent it."),
    discarded=gettext_lazy("The phone's entry was discarded; game %(number)s stays."),
)


def held_games(match: Match) -> list[HeldLine]:
    receipts = match.entry_receipts.filter(state=EntryReceipt.State.HELD).select_related("by")
    if not receipts:
        return []
    names = [seat.player for seat in match.seats.select_related("player").order_by("position")]
    games = {g.number: g for g in match.mj_games.filter(number__in=[r.number for r in receipts])}
    lines = []
    for receipt in receipts:
        url = reverse("leagues:mj_game_held", args=[match.league.slug, match.pk, receipt.pk])
        now = games.get(receipt.number)
        theirs = describe(*_sent(receipt.data, len(names)), names)
        sent = sent_line(
            _("Game %(number)s as a phone sent it: <strong>%(entry)s</strong>"),
            receipt.number,
            theirs,
        )
        ours = _("Game %(number)s on the sheet now: %(game)s") % {
            "number": receipt.number,
            "game": describe(now.caller, now.hands, names) if now else "—",
        }
        lines.append(HeldLine(receipt, sent, ours, url))
    return lines


def describe(caller: int | None, hands, names: list) -> str:
    """A game in one line: who called Mah-Jongg with which tiles, or a draw."""
    if caller is None or caller >= len(names):
        return _("a draw")
    return _("%(player)s called Mah-Jongg: %(tiles)s") % {
        "player": names[caller],
        "tiles": hands[caller] if caller < len(hands) else "",
    }


def _sent(data: dict, players: int) -> tuple[int | None, tuple[str, ...]]:
    """The caller and the hands of a game as its form sent them (GameForm's fields)."""
    caller = data.get("caller", "")
    hands = tuple(" ".join(data.get(f"hand{p}", "").split()) for p in range(players))
    return (int(caller) if caller.isdigit() else None), hands


@require_POST
@login_required
def game_held(request, slug: str, pk: int, receipt: int):
    """Keep a held game in place of the game it met ("keep"), or discard it."""
    return decide_held(request, slug, pk, receipt, _keep, TOLD)


def _keep(match: Match, held: EntryReceipt, by) -> None:
    entry = GameEntry(*_sent(held.data, match.seats.count()))
    now = MahjonggGame.objects.filter(match=match, number=held.number).first()
    if now is not None:
        # reason None: the organiser chose between two entries, asked nothing more.
        correct_game(now, entry, by=by, expected_version=now.version, reason=None)
    elif match.mj_games.count() + 1 == held.number:
        record_game(match, entry, by=by)
    else:
        raise ValidationError(
            _("Game %(number)s is not on the sheet: enter it on the game entry page.")
            % {"number": held.number}
        )
