"""The lobby's and the waiting room's answers as JSON, for a client that asks for them with
`Accept: application/json` (a bot, a script): the table it opened, its own seat, and why a
request was refused, which the pages only show inside their HTML (docs/live_protocol.md,
"Reaching a table"). A browser, which asks for HTML, gets the pages as before."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest, JsonResponse

from games.models import Table

JSON = "application/json"

# A refusal's status by its code: the rest of the table's refusals are 409 (the table is not
# in a state that allows it: a seat taken, the game started, seats still empty).
STATUS_OF = {"not_allowed": 403}
CONFLICT = 409


def wants_json(request: HttpRequest) -> bool:
    """The client prefers JSON to HTML (`*/*`, a browser's, prefers HTML)."""
    return request.get_preferred_type(["text/html", JSON]) == JSON


def table_answer(
    request: HttpRequest, table: Table, error: ValidationError | None = None, status: int = 200
) -> JsonResponse:
    """The table as the request left it: its slug, game, status and version, the asker's
    seat (null: none), where its page and socket are; and the refusal, if any."""
    seat = table.seat_of(request.user)
    answer = {
        "slug": table.slug,
        "game": table.game,
        "status": table.status,
        "version": table.version,
        "seat": seat.position if seat is not None else None,
        "url": table.get_absolute_url(),
        "ws": f"/ws/tables/{table.slug}/",
        "error": None,
    }
    if error is not None:
        code = getattr(error, "code", None) or "invalid"
        answer["error"] = {"code": code, "message": " ".join(error.messages)}
        status = STATUS_OF.get(code, CONFLICT)
    response = JsonResponse(answer, status=status)
    if status == 201:
        response["Location"] = table.get_absolute_url()
    return response


def form_errors(form: Form) -> JsonResponse:
    """A new table's settings refused: each field's messages and codes (`__all__`: the
    table's own refusal), as Django's forms give them."""
    return JsonResponse({"errors": form.errors.get_json_data()}, status=400)
