"""Reading the round form back from a page, and filling it in, for the round entry and
correction tests."""

from __future__ import annotations

import html
import re

from .conftest import SMALL_HAND


def words(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(response.content.decode())).split())


def hidden(response, name: str) -> str:
    """The value the form posts for `name`: a hidden field, or the box the hand is typed in
    (the picker writes tapped cards into it)."""
    found = re.search(
        rf'<input type="(?:hidden|text)"[^>]*? name="{name}" value="([^"]*)"', response.text
    )
    assert found, f"no field {name}"
    return html.unescape(found.group(1))


def checked(response, name: str) -> str | None:
    found = re.search(
        rf'<input type="radio" name="{name}" value="(\w+)"[^>]* checked>', response.text
    )
    return found.group(1) if found else None


def selected(response, name: str) -> str | None:
    block = re.search(rf'<select name="{name}".*?</select>', response.text, re.S).group(0)
    found = re.search(r'<option value="(\d*)" selected>', block)
    return found.group(1) if found else None


def entry(versioned, winner, hand=SMALL_HAND, discarder=None, **fields) -> dict:
    """The form's fields for a won round; `versioned` is the match (a new round) or the
    round (a correction) whose version the form carries."""
    data = {
        "outcome": "won",
        "winner": str(winner.pk),
        "win_type": "discard" if discarder else "self_draw",
        "discarder": str(discarder.pk) if discarder else "",
        "hand": hand,
        "version": str(versioned.version),
    }
    data.update(fields)
    return data
