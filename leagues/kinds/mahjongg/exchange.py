"""A Mah-Jongg league in the exports (docs/league_json.md, "Mah-Jongg"): its standings CSV,
and what the JSON file says of the league and of each match; its games CSV is
leagues.kinds.mahjongg.games_csv."""

from __future__ import annotations

from typing import Any, TextIO

from leagues.exchange.export import _decimal, _SheetWriter, confirmation_keys
from leagues.models import League, Match, Season
from leagues.standings.table import Standings
from scoring.mahjongg.profile import Profile

# A Mah-Jongg league's standings (docs/mahjongg_leagues.md): games won, balance, best hand.
MAHJONGG_STANDINGS_COLUMNS = [
    "player",
    "matches_played",
    "match_wins",
    "games_won",
    "balance",
    "best_hand_score",
    "rating",
]


def write_standings_csv(league: League, out: TextIO, season: Season | None) -> None:
    writer = _SheetWriter(out)
    writer.writerow(MAHJONGG_STANDINGS_COLUMNS)
    for row in Standings(league, season=season).rows:
        writer.writerow(
            [
                row.player.display_name,
                row.played,
                row.wins,
                row.rounds_won,
                row.balance,
                row.best_game.points if row.best_game else 0,
                _decimal(row.ordinal, 2),
            ]
        )


def league_document(league: League) -> dict[str, Any]:
    return {"game": league.game, "mahjongg_profile": league.rule_profile().to_dict()}


def match_document(match: Match, seats: list) -> dict[str, Any]:
    """A Mah-Jongg match's rules and games (docs/league_json.md, "Mah-Jongg")."""
    names = [seat.player.display_name for seat in seats]
    return {
        "game": match.game,
        "rule_profile": Profile.from_dict(match.rule_profile).to_dict(),
        "games": [
            {
                "number": game.number,
                "caller": names[game.caller] if game.caller is not None else None,
                "hands": dict(zip(names, game.hands, strict=True)),
                "round_wind": game.round_wind,
                "east": names[game.east],
                "winds": dict(zip(names, game.winds, strict=True)),
                "scores": dict(zip(names, game.scores, strict=True)),
                "payments": dict(zip(names, game.net, strict=True)),
                "balance": dict(zip(names, game.balance, strict=True)),
                **confirmation_keys(game),
            }
            for game in match.mj_games.order_by("number")
        ],
    }
