"""Rules that cannot be: the one error of every game's rule profile (scoring.mhing.profile,
scoring.mahjongg.profile), so the league layer reads either game's rules the same way."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class ProfileError(ValueError):
    """A rule profile that cannot be: `field` names the setting, `value` what was given."""

    def __init__(self, field: str, value: Any) -> None:
        super().__init__(f"bad rule profile: {field}={value!r}")
        self.field = field
        self.value = value


def known_keys_only(data: dict[str, Any] | None, fields: Iterable[str]) -> dict[str, Any]:
    """A copy of stored rules (None: none), refused naming the first key that is not one of
    `fields`: a misspelt rule is an error, never quietly the default."""
    data = dict(data or {})
    unknown = set(data) - set(fields)
    if unknown:
        name = sorted(unknown)[0]
        raise ProfileError(name, data[name])
    return data
