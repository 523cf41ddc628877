"""`{% signup_open as open %}`: whether the sign-up page makes accounts (settings.SIGNUP), so
the sign-in and home pages link it only then."""

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def signup_open() -> bool:
    return settings.SIGNUP == "open"


@register.simple_tag
def signup_confirms() -> bool:
    """Whether a new account waits for its mailed link (a refused sign-in may be that)."""
    return settings.SIGNUP == "open" and settings.SIGNUP_CONFIRMS_EMAIL
