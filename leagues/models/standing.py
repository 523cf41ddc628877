"""Each player's figures in a league, kept so the standings page reads them in one query.

Computing a league's standings (leagues.standings.table) from every seat and hand of the
league on each visit would be a pass over all its rounds, too slow for a big league.
`PlayerStanding` holds the result instead, one row per player with a seat in the league.

How the rows stay in step (tests/leagues/test_standings_in_step.py checks it against a
rebuild from scratch after random sequences of every kind of change):

* Every change to a match's seats or rounds (Match.begin, record_round, correct_round,
  delete_round, undo_last_round) ends in Match.settle, which refreshes the rows of the
  match's seated players in the same transaction. They are the only players the change can
  touch: a round's winner is always seated in its match.
* A refresh recomputes those players' figures from their seats and hands, never adds a
  difference, so a refresh is a rebuild restricted to some players, and no earlier mistake
  survives it. `rebuild_standings(league)` is the same for everyone (after a match is deleted
  in the admin, or a manual edit of the database: `manage.py rebuild_standings`).
* Seasons (leagues.models.season): each player has a row for the whole league (`season`
  NULL, "all time") and one for each season they have a seat in. A change to a match
  refreshes the all-time rows and its season's rows of its seated players, and a rebuild
  builds both kinds; rows are replaced (deleted and inserted under the league's lock)
  rather than upserted, since the two kinds are unique on different columns.
* A bulk import refreshes once at the end rather than once per match (`standings_deferred`).
* Two saves in one league at the same moment (PostgreSQL): each takes the league's row lock
  before reading the figures (`lock_league`), so the second reads what the first committed
  rather than a snapshot from before it. SQLite lets one writer in at a time anyway.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import models, transaction
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _

from leagues.kinds import kind_of

from .confirmation import Confirmation
from .league import League, lock_league
from .match import Match, Seat
from .people import Player


class PlayerStanding(models.Model):
    """A player's figures in one league (definitions: leagues.standings.table). Derived data: never
    edited, only refreshed from the seats and hands."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="standings")
    # NULL: the player's figures over every season of the league ("all time").
    season = models.ForeignKey(
        "leagues.Season",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="standings",
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standings")
    played = models.PositiveIntegerField(_("matches"), default=0)
    wins = models.PositiveIntegerField(_("match wins"), default=0)
    rounds_won = models.PositiveIntegerField(_("rounds won"), default=0)
    points = models.PositiveBigIntegerField(_("points"), default=0)
    # What only the league's game counts, written by its `standings_figures` hook
    # (leagues/kinds/<game>/figures.py) and read by leagues.standings.table: values, not links,
    # so the table reads them with the row, joining nothing, and a correction that replaces a
    # hand leaves nothing pointing at it. Mhing: {"best_hand": {...}}; Mah-Jongg, whose games
    # won and their scores are rounds_won and points: {"balance": ..., "best_game": {...}}.
    game_figures = models.JSONField(_("the game's figures"), default=dict, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["league", "player"],
                condition=models.Q(season__isnull=True),
                name="one_standing_per_league",
            ),
            models.UniqueConstraint(
                fields=["season", "player"],
                condition=models.Q(season__isnull=False),
                name="one_standing_per_season",
            ),
        ]
        verbose_name = _("standing")
        verbose_name_plural = _("standings")

    def __str__(self) -> str:
        return f"{self.league_id}:{self.player_id} {self.points}"

    def figures(self) -> tuple:
        """What the row says, its game's figures included, to compare one row with another."""
        return (
            self.league_id,
            self.player_id,
            self.season_id,
            self.played,
            self.wins,
            self.rounds_won,
            self.points,
            self.game_figures,
        )


# Leagues whose refreshes wait for the end of a `standings_deferred` block: (league id,
# season id or None) → player ids. None outside such a block.
_deferred: ContextVar[dict[tuple[int, int | None], set[int]] | None] = ContextVar(
    "deferred_standings", default=None
)


@contextmanager
def standings_deferred() -> Iterator[None]:
    """Within this block, `refresh_standings` only notes whose rows need it; they are
    refreshed once as the block ends, a pass per league instead of one per match (a bulk
    import begins hundreds). Use it inside the transaction that makes the changes; if the
    block raises, nothing is refreshed, as the transaction is rolled back anyway."""
    if _deferred.get() is not None:  # nested: the outer block refreshes
        yield
        return
    pending: dict[tuple[int, int | None], set[int]] = {}
    token = _deferred.set(pending)
    try:
        yield
    finally:
        _deferred.reset(token)
    by_league: dict[int, set[int]] = {}
    for (league_id, season_id), player_ids in pending.items():
        by_league.setdefault(league_id, set()).update(player_ids)
        if season_id is not None:
            _refresh(league_id, set(player_ids), season_id)
    for league_id, player_ids in by_league.items():
        _refresh(league_id, player_ids, None)


def refresh_standings(
    league_id: int, player_ids: Collection[int], season_id: int | None = None
) -> None:
    """Recompute the rows of these players in this league from their seats and hands, all
    time and (given) in this season: a row for each who has a seat there, none for the
    others."""
    pending = _deferred.get()
    if pending is not None:
        pending.setdefault((league_id, season_id), set()).update(player_ids)
    elif player_ids:
        if season_id is not None:
            _refresh(league_id, set(player_ids), season_id)
        _refresh(league_id, set(player_ids), None)


# No savepoint of its own: it runs inside the saving transaction, and fails with it.
@transaction.atomic(savepoint=False)
def _refresh(league_id: int, player_ids: set[int], season_id: int | None) -> None:
    lock_league(league_id)
    rows = compute_standings(league_id, player_ids, season_id=season_id)
    PlayerStanding.objects.filter(
        league_id=league_id, season_id=season_id, player_id__in=player_ids
    ).delete()
    PlayerStanding.objects.bulk_create(rows)


@transaction.atomic(savepoint=False)
def rebuild_standings(league: League) -> int:
    """Every row of the league again, from scratch, all time and per season; the number of
    rows."""
    lock_league(league.pk)
    rows = compute_standings(league.pk)
    for season_id in league.seasons.values_list("pk", flat=True):
        rows += compute_standings(league.pk, season_id=season_id)
    PlayerStanding.objects.filter(league=league).delete()
    PlayerStanding.objects.bulk_create(rows)
    return len(rows)


def compute_standings(
    league_id: int, player_ids: Collection[int] | None = None, *, season_id: int | None = None
) -> list:
    """The rows the league's seats and its game's figures give (all time; or those of one
    season), for these players (everyone: None), in player order, unsaved. Two queries, each
    one pass over the league's seats or hands (or over those of the players, by their
    indexes): the seats here, the rest by the game (its `standings_figures`)."""
    # Abandoned matches count for nothing (leagues.models.match_end); ratings leave them out
    # too, since rating.rerate reads finished matches only. Bots (from live play) have no
    # standing; their seats and hands are left out.
    seats = Seat.objects.filter(match__league_id=league_id, player__is_bot=False).exclude(
        match__status=Match.Status.ABANDONED
    )
    if season_id is not None:
        seats = seats.filter(match__season_id=season_id)
    if player_ids is not None:
        seats = seats.filter(player_id__in=player_ids)
    rows: dict[int, PlayerStanding] = {}
    made = {"league_id": league_id, "season_id": season_id}

    finished = Q(match__status=Match.Status.FINISHED)
    played = seats.values("player_id").annotate(
        played=Count("pk"), wins=Count("pk", filter=finished & Q(place=1))
    )
    for player_id, count, wins in played.order_by().values_list("player_id", "played", "wins"):
        rows[player_id] = PlayerStanding(**made, player_id=player_id, played=count, wins=wins)
    game = League.objects.values_list("game", flat=True).get(pk=league_id)
    kind_of(game).standings_figures(
        rows, seats, league_id=league_id, season_id=season_id, player_ids=player_ids
    )
    return [rows[player_id] for player_id in sorted(rows)]


def unconfirmed_in(league, season=None) -> int:
    """How many rounds (games) the league's standings count that wait for confirmation
    (of `season`; abandoned matches count for nothing anyway). One query."""
    model = Match._meta.get_field(league.kind.played).related_model
    waiting = model.objects.filter(
        match__league=league, confirmation=Confirmation.PROVISIONAL
    ).exclude(match__status=Match.Status.ABANDONED)
    if season is not None:
        waiting = waiting.filter(match__season=season)
    return waiting.count()
