"""The standings table's rows as HTML, written in Python rather than by the template engine.

Django's template engine is slow on each row of the standings (a dozen variables, two URLs,
four floatformats): for a big league, more than everything else on the page together. This
writes the same markup (tests/leagues/test_standings_html.py renders the template rows it
replaces and compares) at a small part of the cost. What the template did for it, done once
a table here:

* every text escaped as `{{ }}` escapes it (html.escape);
* whole numbers as they are (the template had localisation off for them);
* decimals as `floatformat:1` writes them: half away from zero, never "-0.0", with the
  active language's decimal separator (German and French write 12,5);
* the URLs from one reverse() each, with each row's key put in.

The rest of the table (headings, caption) stays in templates/leagues/league.html.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import ROUND_HALF_UP, Decimal
from html import escape
from typing import TYPE_CHECKING

from django.urls import reverse
from django.utils.formats import get_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import pgettext

if TYPE_CHECKING:
    from leagues.standings.table import Standing

TENTH = Decimal("0.1")
MISSING = '<span class="muted">–</span>'


def one_decimal(value: float, separator: str) -> str:
    """`value|floatformat:1` in a language whose decimal separator is `separator`, for the
    figures a table holds (a point average, a rating: far below 10^15)."""
    text = str(Decimal(repr(value)).quantize(TENTH, rounding=ROUND_HALF_UP))
    if text == "-0.0":  # floatformat drops the sign of a zero
        text = "0.0"
    return text.replace(".", separator)


class Url:
    """A URL whose last path segment is a row's key: reversed once, filled in per row."""

    def __init__(self, name: str, *args) -> None:
        head, middle, tail = reverse(name, args=[*args, 0]).rpartition("/0/")
        if not middle:  # not shaped as expected: never guess
            raise ValueError(f"{name} does not end in its key")
        self.head, self.tail = head + "/", "/" + tail

    def __call__(self, key: int) -> str:
        return f"{self.head}{key}{self.tail}"


def standings_rows(rows: Iterable[Standing], labels: Mapping[str, str], slug: str) -> SafeString:
    """The table body's rows for `rows`, as templates/leagues/league.html used to write them;
    `labels` are the short headings a phone shows beside figures (Standings.labels)."""
    separator = get_format("DECIMAL_SEPARATOR")
    player_url = Url("leagues:player")
    match_url = Url("leagues:match", slug)
    played, wins, rounds, average, best = (
        escape(str(labels[key])) for key in ("played", "wins", "rounds", "average", "best")
    )
    lines = []
    for row in rows:
        if row.average is not None:
            average_cell = one_decimal(row.average, separator)
        else:
            average_cell = MISSING
        hand = row.best_hand
        if hand is not None:
            best_cell = (
                f'<a href="{match_url(hand.match_id)}#round-{hand.round_number}" '
                f'title="{escape(hand.hand)}">{hand.points}</a> '
                f'<span class="muted">({hand.credits})</span>'
            )
        else:
            best_cell = MISSING
        rating_cell = rating_markup(row, separator)
        lines.append(
            "<tr>"
            + leading_cells(row, player_url, played, wins, rounds)
            + f'<td class="num col-points">{row.points}</td>'
            f'<td class="num col-average" data-label="{average}">{average_cell}</td>'
            f'<td class="num col-best" data-label="{best}">{best_cell}</td>'
            f'<td class="num col-rating">{rating_cell}</td>'
            "</tr>"
        )
    return mark_safe("\n".join(lines))  # every text in it is escaped above


def rating_markup(row: Standing, separator: str) -> str:
    """The conservative rating, with μ and σ on hover; both games' tables end with it."""
    if row.ordinal is None:
        return MISSING
    return (
        f'<span title="μ {one_decimal(row.mu, separator)} ± σ '
        f'{one_decimal(row.sigma, separator)}">'
        f"{one_decimal(row.ordinal, separator)}</span>"
    )


def leading_cells(row: Standing, player_url, played: str, wins: str, rounds: str) -> str:
    """Place, name, matches, match wins and rounds (Mah-Jongg: games) won: both games'
    tables begin with them."""
    return (
        f'<td class="num col-place">{row.place}</td>'
        f'<th scope="row" class="col-name"><a href="{player_url(row.player.pk)}">'
        f"{escape(row.player.display_name)}</a>{_retired(row)}</th>"
        f'<td class="num col-played" data-label="{played}">{row.played}</td>'
        f'<td class="num col-wins" data-label="{wins}">{row.wins}</td>'
        f'<td class="num col-rounds" data-label="{rounds}">{row.rounds_won}</td>'
    )


def _retired(row: Standing) -> str:
    """The mark after a retired player's name (leagues.models.roster.set_retired)."""
    if not row.player.retired:
        return ""
    label = escape(pgettext("standings", "retired"))
    return f' <span class="retired-mark muted">({label})</span>'
