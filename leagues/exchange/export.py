"""A league out of the app: the JSON document (docs/league_json.md) and the two CSV sheets.

The JSON holds what was entered (seats, first dealer, each round's winner and hand) plus the
values the engine computed from it, for readers; `leagues.exchange.importer` reads the entered
part back and replays it. The CSV sheets are for spreadsheets: one row per player (standings)
and one per round.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, TextIO

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from leagues.models import League, Match, Player, Round, Season
from leagues.models.confirmation import Confirmation
from leagues.standings.table import Standings
from scoring.mhing import COMBINATIONS

FORMAT = "mhing-league"
FORMAT_VERSION = 1


# -- CSV ----------------------------------------------------------------------------------

# Column names are identifiers, the same in every language, so a spreadsheet formula or a
# script that reads them keeps working whoever downloaded the file (docs/league_json.md).
STANDINGS_COLUMNS = [
    "player",
    "matches_played",
    "match_wins",
    "rounds_won",
    "total_points",
    "average_points_per_won_round",
    "best_hand_points",
    "rating",
]
ROUND_COLUMNS = [
    "league",
    "match_id",
    "date",
    "round",
    "dealer",
    "outcome",
    "winner",
    "win_type",
    "discarder",
    "hand",
    "flowers",
    "credits",
    "points",
    # "credits_flowers" and not "flowers", which is already the number of flowers.
    *(f"credits_{combination.key}" for combination in COMBINATIONS),
    # Last, so that a program reading the columns by position finds the others where they
    # were: confirmed, provisional (an opponent has not confirmed it yet) or rejected.
    "confirmation",
]


# A spreadsheet takes a cell that starts with one of these for a formula: a player named
# `=HYPERLINK("http://…")` or `+1+cmd|…` would run when the file is opened (OWASP: CSV
# injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def sheet_cell(value: Any) -> Any:
    """A cell as written to a CSV download: text that would start a formula gets a `'` in
    front, as OWASP advises, so spreadsheets show it as text; numbers (ints, Decimals)
    stay numbers, a negative rating too."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class _SheetWriter:
    """csv.writer for the downloads: every row's cells pass through sheet_cell."""

    def __init__(self, out: TextIO) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([sheet_cell(value) for value in row])


def _decimal(value: float | None, places: int) -> Decimal | str:
    # A Decimal, not text: a number is never taken for a formula, even below zero.
    return "" if value is None else Decimal(f"{value:.{places}f}")


def write_standings_csv(league: League, out: TextIO, season: Season | None = None) -> None:
    """The standings page's table (leagues.standings.table, its default order and definitions),
    one row per player of the league's roster: all time, or in one season; its columns are
    the league's game's."""
    league.kind.write_standings_csv(league, out, season)


def write_round_standings_csv(league: League, out: TextIO, season: Season | None) -> None:
    """write_standings_csv for a game played round by round (Mhing)."""
    writer = _SheetWriter(out)
    writer.writerow(STANDINGS_COLUMNS)
    for row in Standings(league, season=season).rows:
        writer.writerow(
            [
                row.player.display_name,
                row.played,
                row.wins,
                row.rounds_won,
                row.points,
                _decimal(row.average, 1),
                row.best_hand.points if row.best_hand else 0,
                _decimal(row.ordinal, 2),
            ]
        )


def league_rounds(league: League, season: Season | None = None) -> QuerySet[Round]:
    """Every round of the league (or of one season) in the order played: by match date,
    match, round number."""
    rounds = Round.objects.filter(match__league=league)
    if season is not None:
        rounds = rounds.filter(match__season=season)
    return rounds.select_related("match", "dealer", "winner", "discarder", "hand").order_by(
        "match__played_on", "match_id", "number"
    )


def write_rounds_csv(league: League, out: TextIO, season: Season | None = None) -> None:
    """The league's rounds CSV, as its game writes it (Mah-Jongg: one row per game and
    player instead)."""
    league.kind.write_rounds_csv(league, out, season)


def write_round_rows_csv(league: League, out: TextIO, season: Season | None) -> None:
    """write_rounds_csv for a game played round by round (Mhing)."""
    writer = _SheetWriter(out)
    writer.writerow(ROUND_COLUMNS)
    for round_ in league_rounds(league, season):
        hand = None if round_.is_draw else round_.hand
        common = [
            league.slug,
            round_.match_id,
            round_.match.played_on.isoformat(),
            round_.number,
            round_.dealer.display_name,
            round_.outcome,
            round_.winner.display_name if round_.winner else "",
            round_.win_type,
            round_.discarder.display_name if round_.discarder else "",
        ]
        if hand is None:  # a draw: nobody scores, so the hand columns stay empty
            empty = [""] * (len(ROUND_COLUMNS) - len(common) - 1)
            writer.writerow(common + empty + [round_.confirmation])
            continue
        by_key = hand.credits_by_key()
        writer.writerow(
            common
            + [hand.hand, hand.flowers, hand.credits, hand.points]
            + [by_key.get(combination.key, 0) for combination in COMBINATIONS]
            + [round_.confirmation]
        )


# -- JSON ---------------------------------------------------------------------------------


def league_document(league: League, season: Season | None = None) -> dict[str, Any]:
    """The whole league as docs/league_json.md describes it; or only one season's matches
    (and that season in `seasons`)."""
    matches = league.matches.order_by("played_on", "id").prefetch_related(
        "seats__player", _rounds_prefetch()
    )
    seasons = list(league.seasons.order_by("number"))
    if season is not None:
        matches = matches.filter(season=season)
        seasons = [season]
    numbers = {s.pk: s.number for s in seasons}
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": timezone.now().isoformat(timespec="seconds"),
        "league": {
            "name": league.name,
            "slug": league.slug,
            "season_start": _iso(league.season_start),
            "season_end": _iso(league.season_end),
            "is_public": league.is_public,
            "players_may_enter": league.players_may_enter,
            "correction_minutes": league.correction_minutes,
            # The game's rules: Mhing's default_target and default_variant, as in every file
            # written before Mah-Jongg leagues; Mah-Jongg's game and mahjongg_profile.
            **league.kind.export_league(league),
        },
        "seasons": [_season_document(s) for s in seasons],
        "players": sorted(league.players.values_list("display_name", flat=True)),
        **_bots(league),
        "matches": [_match_document(match, numbers) for match in matches],
    }


def _season_document(season: Season) -> dict[str, Any]:
    return {
        "number": season.number,
        "name": season.name,
        "starts_on": season.starts_on.isoformat(),
        "ends_on": _iso(season.ends_on),
        "archived": season.is_archived,
    }


def _bots(league: League) -> dict[str, list[str]]:
    """`bots`: the names of the bots seated in the league's matches, so an import records
    them as bots again; no key when there are none, as in files written before bots."""
    names = (
        Player.objects.in_club(league.club_id)
        .filter(is_bot=True, seats__match__league=league)
        .values_list("display_name", flat=True)
        .distinct()
        .order_by("display_name")
    )
    return {"bots": list(names)} if names else {}


def _rounds_prefetch() -> Prefetch:
    return Prefetch(
        "rounds",
        queryset=Round.objects.select_related("dealer", "winner", "discarder", "hand").order_by(
            "number"
        ),
    )


def _iso(value) -> str | None:
    return value.isoformat() if value else None


def _match_document(match: Match, seasons: dict[int, int]) -> dict[str, Any]:
    seats = sorted(match.seats.all(), key=lambda seat: seat.position)
    return {
        "id": match.pk,
        "season": seasons.get(match.season_id),
        "date": match.played_on.isoformat(),
        "players": [seat.player.display_name for seat in seats],
        "first_dealer": seats[match.first_dealer].player.display_name,
        "status": match.status,
        # How a finished match ended when not by play: ended here, or by its length.
        **({"ended": match.ended} if match.ended else {}),
        "seats": [
            {"player": seat.player.display_name, "total": seat.total, "place": seat.place}
            for seat in seats
        ],
        "rounds": [_round_document(round_) for round_ in match.rounds.all()],
        **match.kind.export_match(match, seats),
    }


def _round_document(round_: Round) -> dict[str, Any]:
    hand = None if round_.is_draw else round_.hand
    return {
        "number": round_.number,
        "dealer": round_.dealer.display_name,
        "outcome": round_.outcome,
        "winner": round_.winner.display_name if round_.winner else None,
        "win_type": round_.win_type or None,
        "discarder": round_.discarder.display_name if round_.discarder else None,
        "hand": hand.hand if hand else None,
        "flowers": hand.flowers if hand else 0,
        "credits": hand.credits if hand else 0,
        "points": hand.points if hand else 0,
        "combinations": hand.credits_by_key() if hand else {},
        **confirmation_keys(round_),
    }


def confirmation_keys(entry) -> dict[str, str]:
    """A round's (or game's) confirmation (docs/league_json.md): no key when confirmed, as in
    files written before players entered; else its state, and a rejection's reason."""
    if entry.confirmation == Confirmation.CONFIRMED:
        return {}
    keys = {"confirmation": entry.confirmation}
    if entry.confirmation == Confirmation.REJECTED:
        keys["rejection_reason"] = entry.rejection_reason
    return keys
