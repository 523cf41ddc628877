"""A Mah-Jongg league's standings table: its columns (matches, match wins, games won, balance,
best hand, rating) and its rows as HTML, written as Mhing's are (leagues.standings). The
figures are computed with Mhing's (leagues.standings.table.league_standings)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

from django.utils.formats import get_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from leagues.standings.html import MISSING, Url, leading_cells, rating_markup
from leagues.standings.table import COLUMNS, Column, Standing

# A Mah-Jongg league's table: matches, match wins, games won, balance, best hand, rating.
MAHJONGG_COLUMNS = (
    *COLUMNS[:3],
    Column(
        "rounds",
        _("Games won"),
        lambda s: s.rounds_won,
        short=pgettext_lazy("standings", "Games won"),
    ),
    # The key of the points column, so a phone lays it out as that one (league.css).
    Column("points", _("Balance"), lambda s: s.balance),
    Column(
        "best",
        _("Best hand"),
        lambda s: s.best_game.points if s.best_game else None,
        help=_("The score of the best hand that called Mah-Jongg; the link shows its game."),
        short=pgettext_lazy("standings", "Best"),
    ),
    COLUMNS[-1],
)


def mahjongg_rows(rows: Iterable[Standing], labels: Mapping[str, str], slug: str) -> SafeString:
    """A Mah-Jongg league's rows (MAHJONGG_COLUMNS), written as Mhing's are."""
    separator = get_format("DECIMAL_SEPARATOR")
    player_url = Url("leagues:player")
    match_url = Url("leagues:match", slug)
    played, wins, rounds, best = (
        escape(str(labels[key])) for key in ("played", "wins", "rounds", "best")
    )
    lines = []
    for row in rows:
        game = row.best_game
        if game is not None:
            best_cell = f'<a href="{match_url(game.match_id)}#game-{game.number}">{game.points}</a>'
        else:
            best_cell = MISSING
        rating_cell = rating_markup(row, separator)
        lines.append(
            "<tr>"
            + leading_cells(row, player_url, played, wins, rounds)
            + f'<td class="num col-points">{row.balance}</td>'
            f'<td class="num col-best" data-label="{best}">{best_cell}</td>'
            f'<td class="num col-rating">{rating_cell}</td>'
            "</tr>"
        )
    return mark_safe("\n".join(lines))  # every text in it is escaped above
