"""What the league layer asks of a game: one `GameKind` per game, registered once in
leagues/kinds/__init__.py. Its hooks are dotted paths, imported when first called, so the
registry imports nothing heavy and the models may ask `league.kind` without an import
circle (docs/architecture.md, "One interface per game")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.utils.module_loading import import_string


class Hook:
    """A function named by its dotted path, imported on its first call."""

    def __init__(self, path: str) -> None:
        self.path = path

    @property
    def target(self) -> Callable[..., Any]:
        return _imported(self.path)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.target(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Hook({self.path!r})"


@cache
def _imported(path: str) -> Any:
    return import_string(path)


class Words:
    """A game's words on the pages every game shares: one template of partials, each included
    by name (`{% include league.kind.words.played %}`), with the page's own context."""

    def __init__(self, template: str) -> None:
        self.template = template

    def __getitem__(self, name: str) -> str:
        return f"{self.template}#{name}"

    def __repr__(self) -> str:
        return f"Words({self.template!r})"


@dataclass(frozen=True)
class GameKind:
    """One game as the league layer meets it."""

    key: str  # the value stored as `League.game` and `Match.game` (GameChoice)
    package: str  # the game's own package (leagues/kinds/<key>/)
    # -- the league's settings --
    # (dict) -> the game's rules read from League.rules (its Profile); raises ProfileError,
    # a ValueError naming the field, for rules that cannot be
    read_rules: Hook
    # The form class of the game's rules on the league's settings page: its fields, and
    # `initial(profile)` and `rules(data, posted, current)` to fill them and read them back
    settings_form: Hook
    table_size: Hook  # (league) -> the one number of seats, or None: any the game allows
    # -- entering matches, rounds or games --
    match_new: Hook  # (request, league) -> the new-match page
    # What a club night's form asks of its new matches: (form field, rule: read_rules' key)
    match_fields: tuple[tuple[str, str], ...]
    seat_name: Hook  # (position) -> a seat's name on a night's proposed table ("East"), or ""
    seated_message: Hook  # () -> what a club night says once its tables are seated
    # (rules, players) -> the first dealer the match's rules (read_rules) fix, or None;
    # ValidationError if these players cannot play by them
    check_seats: Hook
    render_sheet: Hook  # (request, match) -> the match page (or its #score-sheet fragment)
    settle: Hook  # (match) -> None: totals, places, status, ratings, standings
    entry_url: str  # url name of the page a phone at the table opens to enter the next one
    played: str  # related name of what a match counts as played (rounds, games)
    urls: str  # module with the game's own pages (`urlpatterns`)
    # -- printing --
    blank_sheet: Hook  # (match) -> what the printed sheet lays out
    blank_sheet_template: str
    # -- standings, exports, import --
    standings_columns: Hook  # () -> the standings' columns (leagues.standings.table.Column)
    standings_rows: Hook  # (rows, labels, slug) -> the table's rows as HTML
    # (rows, seats, league_id=, season_id=, player_ids=): adds the game's figures to the
    # standings' rows (player id -> PlayerStanding) made from the seats given: rounds won and
    # points, and what only it counts in the row's `game_figures` (as values, JSON)
    standings_figures: Hook
    write_standings_csv: Hook  # (league, out, season)
    write_rounds_csv: Hook  # (league, out, season): its rounds, or its games
    rounds_csv_name: str  # the download's name after the league's slug
    count_played: Hook  # (count) -> "4 rounds", "4 games": an import's summary
    export_league: Hook  # (league) -> what the JSON export adds to the league's entry
    export_match: Hook  # (match, seats) -> what the JSON export adds to a match's entry
    held_matches: Hook  # (league) -> the keys of its matches (an import skips those)
    # -- pages --
    words: Words  # its words on the shared pages ({% include league.kind.words.played %})
    player: Words  # its parts of the player page: totals, leagues, hands, matches
    # ... and their figures (leagues.players.records), each in one query:
    player_figures: Hook  # (player, league_ids, season) -> {match id: (games, won, points)}
    player_best_hands: Hook  # (player, league_ids, season, count) -> the best, best first
    player_count_seat: Hook  # (league record, seat) -> adds the seat's figures of its own
    calculator_url: str  # url name of its calculator
    # Played at live tables too: its game interface is registered by the live shell
    # (games.registry, games/<key>/live.py), which the league layer does not import.
    live: bool = field(default=False)

    @property
    def settings_fields(self) -> tuple[str, ...]:
        """The league forms' fields that are this game's own."""
        return tuple(self.settings_form.target.base_fields)

    def urlpatterns(self) -> list:
        return import_string(f"{self.urls}.urlpatterns")
