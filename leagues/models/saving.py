"""How a league's save runs: one transaction, the database's "busy" refused as `Busy`, and
what a save found changed meanwhile says (the messages of a stale edit). Below every model
module that saves, so each can use it without importing the others."""

from __future__ import annotations

from functools import wraps

from django.db import transaction
from django.utils.translation import gettext as _

from leagues.errors import refused_when_busy


def saving(method):
    """A method or function that saves: one transaction, and the database's "busy" (a lock still
    held by another save when the wait ran out) refused as `Busy`, never a server error."""
    atomic = transaction.atomic(method)

    @wraps(method)
    def wrapper(*args, **kwargs):
        with refused_when_busy():
            return atomic(*args, **kwargs)

    return wrapper


def entered_meanwhile() -> str:
    return _(
        "The score sheet changed while you were entering this round (someone "
        "else saved a round). Nothing was saved: check the sheet and enter it again."
    )


def undone_meanwhile() -> str:
    return _("The match changed meanwhile: nothing was undone.")


def corrected_meanwhile(number: int) -> str:
    return _(
        "Someone else changed round %(number)s while you were editing it. "
        "Your correction was not saved: look at the round again."
    ) % {"number": number}


def deleted_meanwhile(number: int) -> str:
    return _(
        "Someone else changed round %(number)s meanwhile; it was not deleted. "
        "Look at the round again."
    ) % {"number": number}
