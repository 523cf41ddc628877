"""The site's password rule beside Django's (AUTH_PASSWORD_VALIDATORS): Django's own let
eight spaces through, the length being all they check of it."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


class NotOnlySpacesValidator:
    def validate(self, password: str, user=None) -> None:
        if not password.strip():
            raise ValidationError(
                _("Your password cannot be only spaces: use letters, digits or signs too."),
                code="password_only_spaces",
            )

    def get_help_text(self) -> str:
        return _("Your password cannot be only spaces.")
