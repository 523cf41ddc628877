"""Dates and times written one way across the site, in the reader's language.

`{{ day|long_date }}` is the locale's DATE_FORMAT ("Nov. 23, 2026", "23. November 2026",
"23 novembre 2026"), with French's ordinal first of the month ("1er septembre", never
"1 septembre"); `{{ moment|long_datetime }}` adds the time in the locale's TIME_FORMAT, in
the site's time zone. Pages use these instead of mixing DATE_FORMAT and SHORT_DATE_FORMAT.
"""

from __future__ import annotations

from datetime import date, datetime

from django import template
from django.template.defaultfilters import date as date_filter
from django.template.defaultfilters import time as time_filter
from django.utils import timezone
from django.utils.translation import get_language, pgettext

register = template.Library()


@register.filter
def long_date(value: date | datetime | None) -> str:
    if value in (None, ""):
        return ""
    if isinstance(value, datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    text = date_filter(value, "DATE_FORMAT")
    if value.day == 1 and (get_language() or "").startswith("fr") and text.startswith("1 "):
        text = "1er " + text[2:]
    return text


@register.filter
def long_datetime(value: datetime | None) -> str:
    if value in (None, ""):
        return ""
    if timezone.is_aware(value):
        value = timezone.localtime(value)
    # "Nov. 23, 2026, 11:19 p.m." / "23. November 2026, 23:19" / "23 novembre 2026 à 23:19"
    return pgettext("a date, then a time", "%(date)s, %(time)s") % {
        "date": long_date(value),
        "time": time_filter(value, "TIME_FORMAT"),
    }
