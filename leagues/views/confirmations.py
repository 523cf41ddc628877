"""An opponent confirms or rejects a player's round (or game): on their own phone, or on the
entering phone handed across the table (leagues.models.confirmation). One view for both
games; the match page shows what waits (leagues.models.confirmation.confirmation_context)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from leagues.access import visible_match
from leagues.models.confirmation import decide


@require_POST
@login_required
def entry_decide(request, slug: str, pk: int, number: int) -> HttpResponse:
    """Confirm (`decision=confirm`) or reject (`decision=reject`, with a `reason`) entry
    `number`; `player`: the seated player who tapped their name on the entering phone."""
    match = visible_match(request, slug, pk)
    accept = request.POST.get("decision") == "confirm"
    as_player = None
    if request.POST.get("player"):
        as_player = next(
            (
                player
                for player in match.seated_players()
                if str(player.pk) == request.POST["player"]
            ),
            None,
        )
        if as_player is None:
            raise PermissionDenied(_("Another player at the table confirms this entry."))
    try:
        item = decide(
            match, number, request.user, accept, request.POST.get("reason", ""), as_player
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(match)
    words = {
        "entry": item.label,
        "name": item.decided_as or request.user,
    }
    if accept:
        messages.success(request, _("%(entry)s confirmed by %(name)s.") % words)
    else:
        messages.success(
            request,
            _("%(entry)s rejected by %(name)s: it goes back to the player who entered it.") % words,
        )
    return redirect(match)
