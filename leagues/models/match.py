from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from datetime import date, timedelta
from functools import cached_property
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leagues.errors import MatchFinished, StaleEdit, match_gone, round_gone
from leagues.kinds import DEFAULT as DEFAULT_GAME
from leagues.kinds import GameKind, kind_of
from scoring.mhing.match_scoring import (
    MatchRules,
    MatchTally,
    RoundResult,
    add_round,
    dealer_for_round,
    start,
)
from scoring.profile_error import ProfileError

from .confirmation import check_amend, window_open
from .history import RoundChange
from .league import GameChoice, League, lock_league
from .match_length import Ended
from .people import Player
from .round import Round, RoundEntry, WinningHand
from .saving import (
    corrected_meanwhile,
    deleted_meanwhile,
    entered_meanwhile,
    saving,
    undone_meanwhile,
)
from .season import Season


class Match(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running", gettext_lazy("Running")
        FINISHED = "finished", gettext_lazy("Finished")
        # Stopped by an organiser (leagues.models.match_end): no more rounds, and left out of
        # the standings and ratings; kept and shown as abandoned.
        ABANDONED = "abandoned", gettext_lazy("Abandoned")

    Ended = Ended  # leagues.models.match_length, which decides it

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="matches")
    # The season that was current when the match began (not chosen by its date): its
    # standings and ratings count the match, and its archiving freezes it (docs/seasons.md).
    season = models.ForeignKey(
        "leagues.Season",
        verbose_name=gettext_lazy("season"),
        on_delete=models.CASCADE,
        related_name="matches",
    )
    played_on = models.DateField(gettext_lazy("date"), default=date.today)
    # Seat position (0-based, in seat order) of the first dealer.
    first_dealer = models.PositiveSmallIntegerField(gettext_lazy("first dealer"), default=0)
    # The league's game when the match began, and its rules then, as the game reads them
    # (GameKind.read_rules; Mhing's target, variant and agreed rounds, Mah-Jongg's profile):
    # the match is always played and recomputed under its own rules.
    game = models.CharField(
        gettext_lazy("game"), max_length=10, choices=GameChoice, default=DEFAULT_GAME
    )
    rule_profile = models.JSONField(gettext_lazy("rules"), default=dict, blank=True)
    status = models.CharField(
        gettext_lazy("status"), max_length=10, choices=Status, default=Status.RUNNING
    )
    # How a finished match ended when not by play (its target, or its chips): ended here by
    # an organiser, or past its length (leagues.models.match_length). Empty otherwise.
    ended = models.CharField(
        gettext_lazy("ended"), max_length=10, choices=Ended, blank=True, default=""
    )
    # The league's match length when the match began (League.match_hands, match_minutes).
    length_hands = models.PositiveSmallIntegerField(
        gettext_lazy("hands per match"), null=True, blank=True
    )
    length_minutes = models.PositiveSmallIntegerField(
        gettext_lazy("minutes per match"), null=True, blank=True
    )
    # Bumped by every round added, corrected or deleted, so a form loaded before another
    # organiser's change is refused instead of silently overwriting it.
    version = models.PositiveIntegerField(default=1)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-played_on", "-id"]
        verbose_name = gettext_lazy("match")
        verbose_name_plural = gettext_lazy("matches")

    def __str__(self) -> str:
        return _("%(league)s, match of %(date)s") % {"league": self.league, "date": self.played_on}

    def save(self, *args, **kwargs) -> None:
        """A new match goes into its league's current season, whoever creates it (Match.begin,
        the admin, another app's code); never into an archived one."""
        if not self._state.adding:
            return super().save(*args, **kwargs)
        if self.season_id is not None:
            self.season.refuse_changes()
            return super().save(*args, **kwargs)
        # The league's lock before its current season is read: a new season starting at this
        # moment (which takes it too, then looks for running matches) either sees this match
        # and is refused, or is done before, and the match goes into the new season. Read
        # without it, the match could be left running in the season just archived
        # (tests/faults/test_concurrent_club_season.py, on PostgreSQL).
        with transaction.atomic(savepoint=False):
            lock_league(self.league_id)
            self.season = self.league.current_season
            super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("leagues:match", args=[self.league.slug, self.pk])

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def ends_by(self):
        """When a match with a length in minutes plays its last hand (the one in play then)."""
        if self.length_minutes is None:
            return None
        return timezone.localtime(self.created_at + timedelta(minutes=self.length_minutes))

    @property
    def is_abandoned(self) -> bool:
        return self.status == self.Status.ABANDONED

    @property
    def is_archived(self) -> bool:
        """Read-only with its season. A match still running when its season was archived (a
        season dated later began at midnight) is played to its end there (docs/seasons.md)."""
        return self.season.is_archived and self.status != self.Status.RUNNING

    @cached_property
    def game_rules(self):
        """The rules the match is played under, as its game reads them (its Profile)."""
        return self.kind.read_rules(self.rule_profile)

    def rules(self, players: int | None = None) -> MatchRules:
        """A Mhing match's rules for its rounds (scoring.mhing.match_scoring)."""
        players = players if players is not None else self.seats.count()
        return self.game_rules.match_rules(players)

    # -- creating --------------------------------------------------------------------------

    @classmethod
    @transaction.atomic
    def begin(
        cls,
        league: League,
        players: Sequence[Player],
        *,
        first_dealer: int | None = None,
        rules: Mapping[str, Any] | None = None,
        played_on: date | None = None,
        by=None,
        timed: bool = True,
    ) -> Match:
        """A new match with the players seated in the given order. The first dealer is drawn
        at random when not given (RULES.md §5 ruling). `rules`: this match's own choices where
        they differ from the league's rules (Mhing's target, variant and agreed rounds; empty
        values left out), checked by its game. `timed` False: without the league's match
        length (a match played elsewhere and entered whole: an import, a live table)."""
        if len({p.pk for p in players}) != len(players):
            raise ValidationError(_("A player can only take one seat."), code="duplicate_player")
        if any(p.club_id != league.club_id for p in players):
            # The wall: a league's matches seat its own club's players only.
            raise ValidationError(
                _("Only the club's own players can be seated in this league."), code="club"
            )
        # The league's rules as they are now, which the match keeps, with its own choices.
        chosen = {name: value for name, value in (rules or {}).items() if value is not None}
        try:
            profile = league.kind.read_rules({**league.rules, **chosen})
        except ProfileError as error:
            raise ValidationError(
                _("The rule “%(field)s” cannot be %(value)s.")
                % {"field": error.field, "value": error.value},
                code="rules",
            ) from error
        fixed_dealer = league.kind.check_seats(profile, players)
        match = cls(
            league=league,  # its current season is read as it is saved (save)
            played_on=played_on or date.today(),
            created_by=by,
            game=league.game,
            rule_profile=profile.to_dict(),
            length_hands=league.match_hands if timed else None,
            length_minutes=league.match_minutes if timed else None,
        )
        if fixed_dealer is not None:
            first_dealer = fixed_dealer
        if first_dealer is None:
            first_dealer = random.randrange(len(players))
        if not 0 <= first_dealer < len(players):
            raise ValidationError(_("The first dealer must be one of the seated players."))
        match.first_dealer = first_dealer
        match.full_clean(exclude=["league", "season", "created_by"])
        match.save()
        Seat.objects.bulk_create(
            Seat(match=match, player=player, position=position)
            for position, player in enumerate(players)
        )
        # The roster is the league's people: bots take a seat but never join it.
        league.players.add(*(player for player in players if not player.is_bot))
        match.settle()  # chips: everyone starts with 500
        return match

    # -- who may do what -------------------------------------------------------------------

    def can_enter(self, user) -> bool:
        """Organisers enter rounds; so do the match's own players if the league allows."""
        if self.is_abandoned:
            return False
        if self.league.is_organiser(user):
            return True
        return (
            user.is_authenticated
            and self.league.players_may_enter
            and self.seats.filter(player__user=user).exists()
        )

    def can_correct(self, user) -> bool:
        """Only organisers correct any round, delete rounds and keep held entries; the
        history records who did."""
        return not self.is_abandoned and self.league.is_organiser(user)

    def can_amend(self, user, item) -> bool:
        """Whether `user` may correct round (or game) `item`: organisers always (after the
        correction window with a reason: `needs_reason`); the table's players while the
        window is open (leagues.models.confirmation), and the enterer of a rejected entry at
        any time, to put it right. A player's correction is provisional again."""
        if self.can_correct(user):
            return True
        if not self.can_enter(user):
            return False
        if item is not None and item.is_rejected and item.entered_by_id == user.pk:
            return True
        return window_open(self)

    def needs_reason(self, user) -> bool:
        """An organiser's correction after the table's window closed says why (history)."""
        return self.league.is_organiser(user) and not window_open(self)

    def can_undo(self, user, last) -> bool:
        """Organisers undo any last round (or game); a player who may enter, only one they
        entered themselves. Asked again of the locked match by the undo itself: the last
        round may be someone else's by then (tests/faults/test_undo_race.py)."""
        if last is None:
            return False
        if self.can_correct(user):
            return True
        return user.is_authenticated and last.entered_by_id == user.pk and self.can_enter(user)

    # -- rounds ------------------------------------------------------------------------------

    def seated_players(self) -> list[Player]:
        return [seat.player for seat in self.seats.select_related("player").order_by("position")]

    def dealer_of(self, number: int) -> Player:
        players = self.seated_players()
        return players[dealer_for_round(self.first_dealer, number, len(players))]

    @property
    def kind(self) -> GameKind:
        """The game the match plays (leagues/kinds/): what its pages and records ask."""
        return kind_of(self.game)

    @saving
    def record_round(
        self,
        entry: RoundEntry,
        by=None,
        expected_version: int | None = None,
        by_hand: bool = False,
    ):
        """Add the next round. Refused once the match has ended (RULES.md §6), or when the
        match changed since `expected_version` (two organisers entering the same round).
        `by_hand`: typed on an entry page, where a player's round waits for an opponent's
        confirmation (leagues.models.confirmation); a live table's round, played out by the
        engine, or an import needs none."""
        match = self._lock(expected_version, entered_meanwhile)
        if match.game != GameChoice.MHING:  # Mah-Jongg: leagues.models.mahjongg_entry.record_game
            raise ValidationError(_("A Mah-Jongg match is entered game by game."), code="game")
        if match.is_finished:
            raise MatchFinished(_("The match is over: no round can be added."), code="finished")
        score = entry.check(match)
        number = match.rounds.count() + 1
        round_ = Round(match=match, number=number, dealer=match.dealer_of(number), entered_by=by)
        round_.mark_entered(match, by if by_hand else None)
        round_.apply_entry(entry, score)
        round_.save()
        if score is not None:
            hand = WinningHand(round=round_)
            hand.fill_from(score)
            hand.save()
        match.settle()
        RoundChange.objects.create(
            match=match,
            round=round_,
            number=number,
            action=RoundChange.Action.ADDED,
            by=by,
            after=round_.snapshot(),
        )
        self.refresh_from_db()
        return round_

    @saving
    def correct_round(
        self,
        round_: Round,
        entry: RoundEntry,
        by,
        expected_version: int,
        reason: str | None = None,
    ) -> Round:
        """Replace a round's entry. `expected_version` is the round's version the correction
        was made from: if someone saved the round meanwhile, this save is refused. A
        player's correction waits for an opponent again; `reason`: why an organiser
        corrects after the correction window, kept in the history (None: a correction the
        site makes, as keeping a held entry, asks for none)."""
        match = self._lock()
        before_round = _current(match, round_, expected_version, corrected_meanwhile)
        check_amend(match, before_round, by, reason)
        before = before_round.snapshot()
        score = entry.check(match)
        Round.objects.filter(pk=round_.pk).update(version=F("version") + 1)
        updated = Round.objects.get(pk=round_.pk)
        updated.mark_entered(match, by)
        updated.apply_entry(entry, score)
        updated.save()
        WinningHand.objects.filter(round=updated).delete()
        if score is not None:
            hand = WinningHand(round=updated)
            hand.fill_from(score)
            hand.save()
        match.settle()
        updated = Round.objects.select_related("winner", "discarder", "hand").get(pk=updated.pk)
        RoundChange.objects.create(
            match=match,
            round=updated,
            number=updated.number,
            action=RoundChange.Action.EDITED,
            by=by,
            before=before,
            after=updated.snapshot(),
            reason=(reason or "").strip()[:200],
        )
        self.refresh_from_db()
        return updated

    @saving
    def delete_round(self, round_: Round, by, expected_version: int) -> None:
        """Remove a round entered by mistake. Later rounds move up one number, and their
        dealers follow, since the deal passes left once per round played."""
        match = self._lock()
        match._delete(_current(match, round_, expected_version, deleted_meanwhile), by)
        self.refresh_from_db()

    @saving
    def undo_last_round(self, by, expected_version: int | None = None) -> int:
        """Delete the last round; its number. The last round is the one under the lock, and
        the version is compared there too: an undo sent from an older sheet must not take
        away a round someone entered meanwhile."""
        match = self._lock(expected_version, undone_meanwhile)
        last = match.rounds.select_related("winner", "discarder", "hand").order_by("-number")
        current = last.first()
        if current is None:
            raise ValidationError(_("There is no round to undo."), code="no_round")
        # A player's own round was the last one, no longer. `by=None` is the site itself (a
        # command, the rebuild checks), as everywhere a change records who made it.
        if by is not None and not match.can_undo(by, current):
            raise StaleEdit(undone_meanwhile(), code="stale")
        match._delete(current, by, RoundChange.Action.UNDONE)
        self.refresh_from_db()
        return current.number

    def _delete(self, current: Round, by, action: str = RoundChange.Action.DELETED) -> None:
        """Delete `current` from this locked match, close the gap and record it."""
        before = current.snapshot()
        number = current.number
        current.delete()
        later = list(self.rounds.filter(number__gt=number).order_by("number"))
        players = self.seated_players()
        for moved in later:
            moved.number -= 1
            moved.dealer = players[dealer_for_round(self.first_dealer, moved.number, len(players))]
            # The match's new version is higher than any a round of it has had, so a page
            # still showing the round that had this number before is refused, not applied
            # to this one.
            moved.version = self.version
            # One at a time, in order, so the unique (match, number) constraint always holds.
            moved.save(update_fields=["number", "dealer", "version"])
        self.settle()
        RoundChange.objects.create(match=self, number=number, action=action, by=by, before=before)

    def _lock(
        self, expected_version: int | None = None, stale: Callable[[], str] | None = None
    ) -> Match:
        """This match, locked for the rest of the transaction, its version bumped; StaleEdit
        with the `stale()` message when its version is no longer `expected_version`. Every
        check of a version happens after this, under the lock (SQLite: the write lock taken
        at BEGIN IMMEDIATE), or a change made in between would slip through."""
        match = Match.objects.select_for_update().filter(pk=self.pk).first()
        if match is None:  # deleted by someone else while this save waited for its lock
            raise match_gone()
        if match.is_abandoned:
            raise MatchFinished(_("This match was abandoned: its rounds stay as they are."))
        # Under the lock: starting a new season holds its matches' rows while it archives
        # the old one (leagues.models.season_change.start_season).
        Season.objects.get(pk=match.season_id).refuse_changes(match)
        if expected_version is not None and match.version != expected_version:
            raise StaleEdit(stale() if stale else entered_meanwhile(), code="stale")
        match.version += 1
        match.save(update_fields=["version"])
        return match

    def tally(self) -> MatchTally:
        """Replay the rounds in order (RULES.md §6)."""
        positions = {seat.player_id: seat.position for seat in self.seats.all()}
        rules = self.rules(players=len(positions))
        tally = start(rules)
        rounds = self.rounds.select_related("hand").order_by("number")
        for round_ in rounds:
            if tally.finished:
                raise MatchFinished(
                    _(
                        "This change would end the match at round %(number)s, before its "
                        "last round. Delete the later rounds first."
                    )
                    % {"number": round_.number - 1},
                    code="ends_early",
                )
            tally = add_round(rules, tally, _result_of(round_, positions))
        return tally

    def settle(self) -> None:
        """Bring the seats' totals and placings, the status, the ratings and the seated
        players' standings (leagues.models.standing) up to date, as the match's game counts
        them (leagues/kinds/)."""
        self.kind.settle(self)


def _current(
    match: Match, round_: Round, expected_version: int, stale: Callable[[int], str]
) -> Round:
    """The round as it is under the match's lock; StaleEdit if it has changed since the page
    showed it at `expected_version`, or is gone."""
    current = (
        Round.objects.select_related("winner", "discarder", "hand")
        .filter(pk=round_.pk, match=match)
        .first()
    )
    if current is None:
        raise round_gone(round_.number)
    if current.version != expected_version:
        raise StaleEdit(stale(current.number), code="stale")
    return current


def _result_of(round_: Round, positions: dict[int, int]) -> RoundResult:
    # A rejected round scores nobody until corrected (leagues.models.confirmation).
    if round_.is_draw or round_.is_rejected:
        return RoundResult()
    return RoundResult(
        winner=positions[round_.winner_id],
        points=round_.hand.points,
        discarder=positions.get(round_.discarder_id) if round_.discarder_id else None,
    )


class Seat(models.Model):
    """A player's place at a match, in seat order (play goes to the left: position + 1)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(gettext_lazy("seat"))
    # Kept up to date by Match.settle(): points won (points race) or chips held (chips).
    total = models.IntegerField(gettext_lazy("total"), default=0)
    place = models.PositiveSmallIntegerField(gettext_lazy("place"), default=1)

    class Meta:
        ordering = ["match", "position"]
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["match", "player"], name="one_seat_per_player"),
        ]
        verbose_name = gettext_lazy("seat")
        verbose_name_plural = gettext_lazy("seats")

    def __str__(self) -> str:
        return f"{self.match_id}:{self.position} {self.player}"

    @property
    def is_bot(self) -> bool:
        """A bot's seat (live play): on the score sheet, in no standing or rating."""
        return self.player.is_bot
