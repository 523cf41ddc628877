"""The games CSV of a Mah-Jongg league (docs/league_json.md, "Mah-Jongg leagues"): what the
rounds CSV is for Mhing, one row per game and player, for spreadsheets. The figures are the
score sheet's (leagues.models.mahjongg_game, replayed under each match's rules), so a
spreadsheet's sums give the standings: the `called_mahjongg` column sums to games won, the
`payment` column to the balance, and abandoned matches, which count for nothing in the
standings, are left out.
"""

from __future__ import annotations

from typing import TextIO

from leagues.exchange.export import _SheetWriter
from leagues.models import League, MahjonggGame, Match, Season, Seat

# Identifiers, the same in every language, like the other sheets' (docs/league_json.md).
GAME_COLUMNS = [
    "league",
    "match_id",
    "date",
    "season",
    "game",
    "round_wind",
    "game_in_round",
    "east",
    "outcome",
    "player",
    "seat_wind",
    "called_mahjongg",
    "hand",
    "score",
    "payment",
    "balance",
    "confirmation",  # the game's: confirmed, provisional or rejected
]


def _counted(rows, league: League, season: Season | None):
    """`rows` (games or seats) of the league's matches that count: not abandoned, and in
    `season` if given."""
    rows = rows.filter(match__league=league).exclude(match__status=Match.Status.ABANDONED)
    return rows.filter(match__season=season) if season is not None else rows


def league_games(league: League, season: Season | None = None):
    """The league's games (or one season's) in the order played: by match date, match, game;
    abandoned matches left out."""
    games = _counted(MahjonggGame.objects, league, season)
    return games.select_related("match__season").order_by("match__played_on", "match_id", "number")


def write_games_csv(league: League, out: TextIO, season: Season | None = None) -> None:
    writer = _SheetWriter(out)
    writer.writerow(GAME_COLUMNS)
    # The seated players' names, in seat order, for every match (one query).
    names: dict[int, list[str]] = {}
    seats = _counted(Seat.objects, league, season).order_by("match_id", "position")
    for match_id, name in seats.values_list("match_id", "player__display_name"):
        names.setdefault(match_id, []).append(name)
    for game in league_games(league, season):
        match = game.match
        seated = names[match.pk]
        common = [
            league.slug,
            match.pk,
            match.played_on.isoformat(),
            match.season.name if match.season else "",
            game.number,
            game.round_wind,
            game.game_in_round,
            seated[game.east],
            "draw" if game.is_draw else "won",
        ]
        for position, name in enumerate(seated):
            score = game.scores[position]
            writer.writerow(
                common
                + [
                    name,
                    game.winds[position],
                    int(game.caller == position),
                    game.hands[position],
                    "" if score is None else score,
                    game.net[position],
                    game.balance[position],
                    game.confirmation,
                ]
            )
