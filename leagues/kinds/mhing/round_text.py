"""A Mhing round in one line of text, as the match's history, a held entry and the
correction form show it (from `Round.snapshot()`). Apart from the sheet, which imports the
held entries that describe rounds the same way."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from leagues.models.round import WinType


def describe(snapshot: dict[str, Any] | None) -> str:
    """A round as the history shows it, from `Round.snapshot()`."""
    if not snapshot:
        return "—"
    if snapshot.get("outcome") == "draw":
        return _("draw")
    values = {
        "winner": snapshot.get("winner") or "?",
        "discarder": snapshot.get("discarder") or "?",
        "credits": snapshot.get("credits", 0),
        "points": snapshot.get("points", 0),
    }
    if snapshot.get("win_type") == WinType.DISCARD:
        text = _("%(winner)s on %(discarder)s's discard, %(credits)s cr., %(points)s pts") % values
    else:
        text = _("%(winner)s self-drawn, %(credits)s cr., %(points)s pts") % values
    hand = snapshot.get("hand")
    return f"{text} ({hand})" if hand else text
