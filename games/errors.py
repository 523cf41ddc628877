"""Why a table refuses a request: each a ValidationError with a `code`, so a lobby form shows the
message beside its fields and the websocket consumer sends `{"type": "error", "code": ...}`.

The engine's own refusals (games.play.errors) are turned into these by `games.messages`, so
both kinds reach a player worded in their language.
"""

from django.core.exceptions import ValidationError


class TableError(ValidationError):
    """A request the table refuses; nothing was changed.

    Codes: not_seated, not_started, finished, seat_taken, already_seated, no_such_seat,
    seats_empty, not_allowed, bad_settings, stale.
    """

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message, code=code)
        self.code = code
