"""Read settings from the environment, refusing values that do not parse.

A typo in a deployment's environment should stop the server at start-up with a message naming
the variable, not run with a silently different setting.
"""

import os
from urllib.parse import parse_qs, unquote, urlsplit

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


def env_count(name: str, *, default: int) -> int:
    """A whole number of at least 1 (a limit: 0 would refuse everything); unset: `default`."""
    value = env_int(name, default=default)
    if value < 1:
        raise ImproperlyConfigured(f"{name}={value!r}: give a whole number of at least 1.")
    return value


def env_list(name: str, *, default: list[str]) -> list[str]:
    """A comma-separated variable, blanks dropped; unset means `default`."""
    value = env_str(name)
    if value is None:
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


def env_site_url(name: str = "SITE_URL") -> str | None:
    """The site's own address, `https://league.example.org` (a port if it is not the
    scheme's usual one), without a path; unset means None (links follow the request)."""
    value = env_str(name)
    if value is None:
        return None
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 (raises ValueError on a port that is not a number)
    except ValueError:
        parts = None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or parts.username
        or parts.password
    ):
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a site address: write the scheme and host (and the "
            f"port if unusual) only, e.g. https://league.example.org"
        )
    return f"{parts.scheme}://{parts.netloc}"


# -- email: EMAIL_URL (docs/accounts.md) --

_EMAIL_SCHEMES = {
    # scheme: (backend, default port, TLS (STARTTLS), SSL)
    "smtp": ("django.core.mail.backends.smtp.EmailBackend", 25, False, False),
    "smtp+tls": ("django.core.mail.backends.smtp.EmailBackend", 587, True, False),
    "submission": ("django.core.mail.backends.smtp.EmailBackend", 587, True, False),
    "smtps": ("django.core.mail.backends.smtp.EmailBackend", 465, False, True),
    "smtp+ssl": ("django.core.mail.backends.smtp.EmailBackend", 465, False, True),
    "console": ("django.core.mail.backends.console.EmailBackend", None, False, False),
    "locmem": ("django.core.mail.backends.locmem.EmailBackend", None, False, False),
    "dummy": ("django.core.mail.backends.dummy.EmailBackend", None, False, False),
}
_EMAIL_OPTIONS = {"tls", "ssl", "timeout"}
_EMAIL_EXAMPLE = "e.g. smtp://user:password@mail.example.org:587?tls=1, smtps://…, console://"


def parse_email_url(url: str, name: str = "EMAIL_URL") -> dict[str, object]:
    """Django's EMAIL_* settings from one URL: `smtp://user:pass@host:587?tls=1`,
    `smtps://user:pass@host` (SSL, port 465), `smtp+tls://…` (STARTTLS, port 587),
    `console://` (print mails), `locmem://`, `dummy://`. The user name and password are
    percent-decoded, so `%40` is an `@` in them. Anything else is refused, naming `name`."""

    def refuse(problem: str) -> ImproperlyConfigured:
        # The password is left out of the message: it would end up in logs.
        shown = url
        if parts is not None and parts.password:
            shown = url.replace(f":{parts.password}@", ":***@", 1)
        return ImproperlyConfigured(f"{name}={shown!r}: {problem} ({_EMAIL_EXAMPLE}).")

    parts = None
    try:
        parts = urlsplit(url)
    except ValueError:
        raise refuse("not a URL") from None
    scheme = parts.scheme.lower()
    if scheme not in _EMAIL_SCHEMES:
        known = ", ".join(sorted(_EMAIL_SCHEMES))
        raise refuse(f"unknown scheme {scheme!r}; use one of {known}")
    backend, default_port, tls, ssl = _EMAIL_SCHEMES[scheme]
    settings: dict[str, object] = {"EMAIL_BACKEND": backend}
    if default_port is None:
        return settings
    try:
        port = parts.port
    except ValueError:
        raise refuse("the port is not a number from 1 to 65535") from None
    if not parts.hostname:
        raise refuse("no mail server host")
    try:
        options = parse_qs(parts.query, keep_blank_values=True, strict_parsing=bool(parts.query))
    except ValueError:
        raise refuse("the part after ? is not name=value pairs") from None
    unknown = set(options) - _EMAIL_OPTIONS
    if unknown:
        raise refuse(f"unknown option {sorted(unknown)[0]!r}; known: tls, ssl, timeout")
    for option in ("tls", "ssl"):
        if option in options:
            value = options[option][-1].lower()
            if value not in _TRUE | _FALSE:
                raise refuse(f"{option}={value!r} is not a yes/no value")
            if option == "tls":
                tls = value in _TRUE
            else:
                ssl = value in _TRUE
    if tls and ssl:
        raise refuse("tls and ssl cannot both be on: use smtps:// for SSL, or ?tls=1 for STARTTLS")
    settings.update(
        {
            "EMAIL_HOST": parts.hostname,
            "EMAIL_PORT": port or default_port,
            "EMAIL_HOST_USER": unquote(parts.username or ""),
            "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
            "EMAIL_USE_TLS": tls,
            "EMAIL_USE_SSL": ssl,
        }
    )
    if "timeout" in options:
        try:
            settings["EMAIL_TIMEOUT"] = int(options["timeout"][-1])
        except ValueError:
            raise refuse("timeout is not a whole number of seconds") from None
    return settings


def env_email(name: str = "EMAIL_URL") -> dict[str, object]:
    """The EMAIL_* settings from `name`; unset means the console backend (mails are printed
    where the server logs), the safe choice for development."""
    value = env_str(name)
    if value is None:
        return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    return parse_email_url(value, name)
