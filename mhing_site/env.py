"""Read settings from the environment, refusing values that do not parse.

A typo in a deployment's environment should stop the server at start-up with a message naming
the variable, not run with a silently different setting.
"""

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_str(name: str, default: str | None = None) -> str | None:
    """The variable's value, or `default` when it is unset or empty."""
    value = os.environ.get(name, "").strip()
    return value or default


def env_bool(name: str, *, default: bool) -> bool:
    """A yes/no variable: 1/0, true/false, yes/no, on/off (any case); unset means `default`."""
    value = env_str(name)
    if value is None:
        return default
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={value!r} is not a yes/no value; use one of 1, 0, true, false, yes, no, on, off."
    )


def env_int(name: str, *, default: int) -> int:
    """A whole-number variable; unset means `default`."""
    value = env_str(name)
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number.") from None


def env_list(name: str, *, default: list[str]) -> list[str]:
    """A comma-separated variable, blanks dropped; unset means `default`."""
    value = env_str(name)
    if value is None:
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]
