"""`{% signup_open as open %}`: whether the sign-up page makes accounts (settings.SIGNUP), so
the sign-in and home pages link it only then."""

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def signup_open() -> bool:
    return settings.SIGNUP == "open"
