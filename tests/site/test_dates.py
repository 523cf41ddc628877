"""One way to write dates and times, in each language (mhing_site/templatetags/dates.py)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.template import Context, Template
from django.utils import translation


def render(text: str, **context) -> str:
    return Template("{% load dates %}" + text).render(Context(context))


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Sept. 1, 2026"),
        ("de", "1. September 2026"),
        ("fr", "1er septembre 2026"),
    ],
)
def test_the_first_of_the_month_in_each_language(language, expected):
    with translation.override(language):
        assert render("{{ d|long_date }}", d=date(2026, 9, 1)) == expected


def test_french_keeps_other_days_as_numbers():
    with translation.override("fr"):
        assert render("{{ d|long_date }}", d=date(2026, 9, 21)) == "21 septembre 2026"
        assert render("{{ d|long_date }}", d=date(2026, 9, 11)) == "11 septembre 2026"


def test_a_moment_is_the_long_date_and_the_locales_time(settings):
    settings.TIME_ZONE = "UTC"
    moment = datetime(2026, 11, 23, 23, 19, tzinfo=UTC)
    with translation.override("en"):
        assert render("{{ m|long_datetime }}", m=moment) == "Nov. 23, 2026, 11:19 p.m."
    with translation.override("de"):
        assert render("{{ m|long_datetime }}", m=moment) == "23. November 2026, 23:19"
    with translation.override("fr"):
        assert render("{{ m|long_datetime }}", m=moment).startswith("23 novembre 2026")


def test_nothing_gives_nothing():
    assert render("[{{ d|long_date }}][{{ d|long_datetime }}]", d=None) == "[][]"
