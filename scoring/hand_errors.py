"""Say, in the visitor's language, why a hand cannot be scored.

The rules core raises one exception class per kind of failure and puts the facts on it
(`TooManyCopies.card`, `.count`); its `str()` is English for the command line. Pages word
their own message from those facts here, so the calculator and the round entry form say the
same thing.
"""

from __future__ import annotations

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from scoring.card_names import card_plural, number_word
from scoring.mhing import (
    BadExposedSet,
    BracketError,
    InvalidHand,
    MhingError,
    NotWinningHand,
    TooManyCopies,
    TooManyFlowers,
    TooManyJokers,
    UnknownToken,
    WrongCardCount,
)
from scoring.mhing.cards import HAND_SIZE

# Worded per BracketError.kind; an unknown kind falls back to the general message below.
_BRACKET_PROBLEMS = {
    "nested": lambda: _(
        "An exposed set is opened with '[' before the previous one is closed with ']'."
    ),
    "unopened": lambda: _("There is a ']' without a '[' before it."),
    "flower": lambda: _("A flower cannot be part of an exposed set: write F outside the brackets."),
    "unclosed": lambda: _("An exposed set opened with '[' is never closed."),
}


class UnfinishedSet(InvalidHand):
    """The exposed set being built in the picker is not up to three playing cards."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(f"an exposed set being built holds up to 3 cards, not '{text}'")


def error_message(error: MhingError) -> str:
    """A sentence for the visitor: what is wrong and, where it helps, what to do."""
    if isinstance(error, WrongCardCount):
        count = error.count
        if count < HAND_SIZE:
            return _("%(count)s of 14 cards — add %(missing)s more.") % {
                "count": count,
                "missing": HAND_SIZE - count,
            }
        return _("%(count)s of 14 cards — remove %(extra)s.") % {
            "count": count,
            "extra": count - HAND_SIZE,
        }
    if isinstance(error, TooManyCopies):
        message = _("%(count)s %(cards)s: the deck has four — use a Mhing card.") % {
            "count": number_word(error.count),
            "cards": card_plural(error.card),
        }
        return capfirst(message)
    if isinstance(error, TooManyJokers):
        return _("%(count)s Mhing cards: the deck has six.") % {"count": error.count}
    if isinstance(error, TooManyFlowers):
        return _("%(count)s flowers: the deck has eight.") % {"count": error.count}
    if isinstance(error, UnknownToken):
        return _(
            "Unknown card '%(token)s'. Write cards like 5b, 123c, 9k, Ew, Rd, J (a Mhing card) "
            "or F (a flower)."
        ) % {"token": error.token}
    if isinstance(error, BracketError):
        worded = _BRACKET_PROBLEMS.get(error.kind)
        return worded() if worded else _("The brackets [ ] of the exposed sets do not pair up.")
    if isinstance(error, BadExposedSet):
        if error.size != 3:
            return _("The exposed set [%(set)s] has %(size)s cards; an exposed set has 3.") % {
                "set": error.text,
                "size": error.size,
            }
        return _("The exposed set [%(set)s] is neither a sequence nor a triplet.") % {
            "set": error.text
        }
    if isinstance(error, UnfinishedSet):
        return _("The exposed set being built must be up to 3 playing cards, not '%(text)s'.") % {
            "text": error.text
        }
    if isinstance(error, NotWinningHand):
        return _(
            "Not a winning hand: the cards form neither four sets and a pair nor a "
            "nothing-connects hand."
        )
    return _("This is not a hand that can be scored.")


def error_kind(error: MhingError) -> str:
    """How a page should present the error: 'incomplete' (cards still missing, the normal
    state while entering a hand), 'not_winning' (a full hand that does not win) or
    'invalid' (a mistake in the input)."""
    if isinstance(error, WrongCardCount) and error.count < HAND_SIZE:
        return "incomplete"
    if isinstance(error, NotWinningHand):
        return "not_winning"
    return "invalid"
