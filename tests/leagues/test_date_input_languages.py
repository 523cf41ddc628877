"""The date pickers (leagues.forms.DateInput) in every language: a browser only takes an ISO
date as an <input type=date>'s value, and a German or French page wrote its own format."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import translation

from leagues.forms import DateInput


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_date_pickers_value_is_iso_in_every_language(language) -> None:
    with translation.override(language):
        html = DateInput().render("played_on", date(2026, 11, 25))

    assert 'value="2026-11-25"' in html
