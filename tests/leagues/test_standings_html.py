"""The standings' rows written in Python (leagues.standings.html) are the markup the template
wrote before: rendered here from the template rows it replaced, in every language, for
players with and without figures, names that need escaping and ratings below zero."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.template import engines
from django.template.defaultfilters import floatformat
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from leagues.models import Match, Player, RoundEntry
from leagues.standings.html import one_decimal
from leagues.standings.table import Standings
from tests.clubs import shared_club

from .conftest import BIG_HAND, SMALL_HAND, win

# templates/leagues/league.html's rows before they were written in Python, with only the
# lookups renamed (the player and best hand are plain records now: `row.player.pk`,
# `hand.match_id`, `hand.round_number`).
TEMPLATE_ROWS = """{% load l10n %}{% localize off %}
  {% for row in rows %}
    <tr>
      <td class="num col-place">{{ row.place }}</td>
      <th scope="row" class="col-name"><a href="{% url 'leagues:player' row.player.pk %}">{{ row.player.display_name }}</a></th>
      <td class="num col-played" data-label="{{ labels.played }}">{{ row.played }}</td>
      <td class="num col-wins" data-label="{{ labels.wins }}">{{ row.wins }}</td>
      <td class="num col-rounds" data-label="{{ labels.rounds }}">{{ row.rounds_won }}</td>
      <td class="num col-points">{{ row.points }}</td>
      <td class="num col-average" data-label="{{ labels.average }}">{% if row.average is not None %}{{ row.average|floatformat:1 }}{% else %}<span class="muted">–</span>{% endif %}</td>
      <td class="num col-best" data-label="{{ labels.best }}">{% with hand=row.best_hand %}{% if hand %}<a href="{% url 'leagues:match' league.slug hand.match_id %}#round-{{ hand.round_number }}" title="{{ hand.hand }}">{{ hand.points }}</a> <span class="muted">({{ hand.credits }})</span>{% else %}<span class="muted">–</span>{% endif %}{% endwith %}</td>
      <td class="num col-rating">{% if row.ordinal is not None %}<span title="μ {{ row.mu|floatformat:1 }} ± σ {{ row.sigma|floatformat:1 }}">{{ row.ordinal|floatformat:1 }}</span>{% else %}<span class="muted">–</span>{% endif %}</td>
    </tr>
  {% endfor %}
{% endlocalize %}"""  # noqa: E501


def tags_together(html: str) -> str:
    """The markup without the whitespace between tags, which a table ignores."""
    return re.sub(r">\s+<", "><", str(html).strip())


@pytest.fixture
def mixed_season(league, players):
    """Names to escape, hands won and not, the rated and the unrated, ratings above and
    below zero, averages with a fraction."""
    pia, quentin, rosa, sven = players
    rosa.display_name = "Rosa <b>\"&'</b>"
    rosa.save()
    league.players.add(Player.objects.create(club=shared_club(), display_name="Nora Newcomer"))
    for day, winner in ((1, pia), (8, pia), (15, rosa)):
        match = Match.begin(
            league, players, first_dealer=0, played_on=date(2026, 9, day), rules={"target": 500}
        )
        match.record_round(win(quentin, SMALL_HAND))
        match.record_round(RoundEntry.draw())
        match.record_round(win(winner, BIG_HAND, discarder=sven))
    running = Match.begin(league, [quentin, sven], first_dealer=0)
    running.record_round(win(quentin, "123b 456b 789b 22b 111b"))
    return league


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("sort", ["-rating", "name", "-average"])
def test_the_rows_are_the_markup_the_template_wrote(mixed_season, language, sort):
    with translation.override(language):
        standings = Standings(mixed_season, sort)
        expected = (
            engines["django"]
            .from_string(TEMPLATE_ROWS)
            .render({"rows": standings.rows, "labels": standings.labels, "league": mixed_season})
        )

        assert tags_together(standings.body) == tags_together(expected)
    body = str(standings.body)
    assert "Rosa &lt;b&gt;&quot;&amp;&#x27;&lt;/b&gt;" in body
    assert body.count("<tr>") == 5
    assert any(row.ordinal is not None and row.ordinal < 0 for row in standings.rows)
    assert any(row.ordinal is None for row in standings.rows)
    if language != "en":
        assert re.search(r"\d,\d", body)  # German and French decimals


# Points per round won and ratings. floatformat writes a number of over 200 digits as it is
# ("5e-324", where one_decimal writes 0.0): no figure of the table comes near.
FIGURES = st.floats(min_value=-1e15, max_value=1e15).filter(lambda x: not 0 < abs(x) < 1e-150)


@given(FIGURES)
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_decimals_are_written_as_floatformat_writes_them(language, value):
    with translation.override(language):
        separator = "," if language != "en" else "."

        assert one_decimal(value, separator) == floatformat(value, 1)


@pytest.mark.parametrize(
    ("value", "written"), [(0.25, "0.3"), (-0.25, "-0.3"), (-0.04, "0.0"), (12.0, "12.0")]
)
def test_halves_round_away_from_zero_and_no_zero_has_a_sign(value, written):
    assert one_decimal(value, ".") == written
