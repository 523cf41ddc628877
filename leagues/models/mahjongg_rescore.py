"""Stored Mah-Jongg games scored again under the rule book as it reads now (docs/deployment.md's
upgrade notes; `manage.py rescore_mahjongg`).

A league stores what was entered (who called, each player's tiles) and keeps the scores the
engine gave them then. When the book's readings change (MAHJONGG.md "Changes", 2026-11-28:
seven pairs 3000, a pair of any wind 2), the kept figures are out of step: every match is
replayed under its own rule profile, each game whose scores or payments change gets one
history entry saying what changed, and the seats' balances, places, standings and ratings
are rebuilt from the new figures. A game that no longer can be (since 2026-11-28 one set of
tiles at one table, §1.1) is reported with every tile it holds too many of and left as it
is, never deleted: its tiles, scores and payments stay as stored, and the rest of its match
is rescored around it (scoring.mahjongg.match.replay_stored), the match's totals being the
rescored games' payments plus its stored ones, until an organiser corrects it. An edit of a
match (adding, correcting or undoing a game) first brings its games to the book the same way
(`bring_to_book`), so a game the edit's replay would rescore still gets the book's entry,
not the editor's name.

Unlike a correction, this reaches archived seasons and abandoned matches too (their figures
are shown; an abandoned match stays out of the standings), and is done by nobody (`by` None).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F

from scoring.mahjongg.match import StoredReplay, replay_stored

from .history import RoundChange
from .mahjongg_game import MahjonggGame, entry_message, match_profile
from .rating import rerate
from .standing import refresh_standings

# The edition of MAHJONGG.md a rescore brings the stored games to (its "Changes" section).
RULE_BOOK = "2026-11-28"


@dataclass(frozen=True)
class GameRescored:
    match: object  # leagues.models.Match
    number: int
    names: tuple[str, ...]  # the seats' players, in seat order
    before: tuple[int | None, ...]  # each seat's hand score as it was kept
    after: tuple[int | None, ...]  # as the book scores it now

    def changes(self) -> str:
        """`Pia 48 → 52`: the players whose score changed (a payment may change alone
        when another game's replay moved East: then every score is listed)."""
        pairs = list(zip(self.names, self.before, self.after, strict=True))
        changed = [(n, b, a) for n, b, a in pairs if b != a] or pairs
        return ", ".join(f"{name} {b} → {a}" for name, b, a in changed)


@dataclass(frozen=True)
class GameImpossible:
    match: object
    number: int
    message: str  # why, in the active language (the game form's words)


@dataclass
class Rescore:
    """What a rescore found: the games changed (or, dry, that would change), the games
    that cannot be, and how many matches and games it read."""

    changed: list[GameRescored] = field(default_factory=list)
    impossible: list[GameImpossible] = field(default_factory=list)
    matches: int = 0
    games: int = 0


def rescore_league(league, dry_run: bool = False, report: Rescore | None = None) -> Rescore:
    """Every match of a Mah-Jongg league (every season, abandoned ones too), replayed under
    its own profile; with `dry_run` nothing is written."""
    report = report if report is not None else Rescore()
    ratings_changed = False
    for match in league.matches.order_by("played_on", "pk"):
        changed, finished = _rescore_match(match, dry_run, report)
        ratings_changed = ratings_changed or (changed and finished)
    if ratings_changed and not dry_run:
        rerate(league)  # a finished match's balances changed: every rating after it may
    return report


def bring_to_book(locked, games: list[MahjonggGame]) -> None:
    """Before an edit of a match (leagues.models.mahjongg_game): its games stored under the
    book's old readings are rescored first, each with the rule book's history entry, by
    nobody, as the command would have done; so the edit's replay, which rewrites every
    game, changes none of them silently nor in the editor's name. `locked` is the match,
    locked and its version bumped by the edit; a game that cannot be is left to the edit's
    own replay (which refuses it, unless the edit corrects or removes it)."""
    result = replay_stored(match_profile(locked), [g.entry() for g in games], _nets(games))
    changed = _changed(games, result)
    if changed:
        _write_games(locked, games, result, changed, locked.version)


def _rescore_match(match, dry_run: bool, report: Rescore) -> tuple[bool, bool]:
    """(whether the match's figures changed, whether it is finished)."""
    with transaction.atomic():
        locked = type(match).objects.select_for_update().get(pk=match.pk)
        games = list(locked.mj_games.order_by("number"))
        if not games:
            return False, False
        report.matches += 1
        report.games += len(games)
        seats = list(locked.seats.select_related("player").order_by("position"))
        result = replay_stored(match_profile(locked), [g.entry() for g in games], _nets(games))
        # A game that cannot be is reported and kept as it was; the rest of its match is
        # rescored around it (replay_stored).
        report.impossible += [
            GameImpossible(locked, error.number, entry_message(error, locked, seats))
            for error in result.refused
        ]
        names = tuple(seat.player.display_name for seat in seats)
        changed = _changed(games, result)
        for game, outcome in changed:
            report.changed.append(
                GameRescored(locked, game.number, names, tuple(game.scores), _scores(outcome))
            )
        if dry_run or not changed:
            return False, locked.is_finished
        _write(locked, games, seats, result, changed)
        return True, locked.is_finished


def _nets(games: list[MahjonggGame]) -> list[list[int]]:
    return [list(game.net) for game in games]


def _changed(games: list[MahjonggGame], result: StoredReplay) -> list:
    """(game, outcome) for each game the book now scores or settles otherwise."""
    return [
        (game, outcome)
        for game, outcome in zip(games, result.outcomes, strict=True)
        if outcome is not None
        and (list(game.scores) != list(_scores(outcome)) or game.net != list(outcome.net))
    ]


def _scores(outcome) -> tuple[int | None, ...]:
    return tuple(score.total if score else None for score in outcome.scores)


def _write(match, games, seats, result: StoredReplay, changed) -> None:
    from .match import Match, Seat

    # A form opened before the rescore is refused as stale rather than saved over it.
    Match.objects.filter(pk=match.pk).update(version=F("version") + 1)
    version = Match.objects.values_list("version", flat=True).get(pk=match.pk)
    _write_games(match, games, result, changed, version)
    for seat, total, place in zip(seats, result.balance, result.places(), strict=True):
        seat.total, seat.place = total, place
    Seat.objects.bulk_update(seats, ["total", "place"])
    refresh_standings(
        match.league_id, [seat.player_id for seat in seats], season_id=match.season_id
    )


def _write_games(match, games, result: StoredReplay, changed, version: int) -> None:
    """The games' new figures and one history entry per changed game. A game that cannot
    be keeps its scores and payments; its running balance follows the games before it."""
    befores = {game.pk: game.snapshot() for game, _outcome in changed}
    for game, outcome, balance in zip(games, result.outcomes, result.balances, strict=True):
        game.balance = list(balance)
        if outcome is None:
            continue
        game.scores = list(_scores(outcome))
        game.net = list(outcome.net)
        game.best = outcome.totals[outcome.entry.caller] if not outcome.is_draw else 0
        if game.pk in befores:
            game.version = version
    MahjonggGame.objects.bulk_update(games, ["scores", "net", "balance", "best", "version"])
    for game, _outcome in changed:
        RoundChange.objects.create(
            match=match,
            number=game.number,
            action=RoundChange.Action.EDITED,
            before=befores[game.pk],
            # What changed is told by the history from `rescored` (mahjongg_sheet's
            # describe_game): the book's edition and the scores before.
            after={
                **game.snapshot(),
                "rescored": {"book": RULE_BOOK, "before": befores[game.pk]["scores"]},
            },
        )
