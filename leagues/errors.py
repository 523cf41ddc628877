"""Why the league refuses a change. Each is a ValidationError, so forms show the message next
to the fields and nothing is saved."""

from django.core.exceptions import ValidationError


class StaleEdit(ValidationError):
    """Someone else changed the round (or the match) since this form was loaded."""


class MatchFinished(ValidationError):
    """The match has ended: no round can be added."""
