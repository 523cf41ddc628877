"""Rules that cannot be: the one error of every game's rule profile (scoring.mhing.profile,
scoring.mahjongg.profile), so the league layer reads either game's rules the same way."""

from __future__ import annotations

from typing import Any


class ProfileError(ValueError):
    """A rule profile that cannot be: `field` names the setting, `value` what was given."""

    def __init__(self, field: str, value: Any) -> None:
        super().__init__(f"bad rule profile: {field}={value!r}")
        self.field = field
        self.value = value
