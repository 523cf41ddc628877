"""Recording an imported file's rounds in bulk, for leagues.exchange.importer.

Entering a round by hand (`Match.record_round`) locks the match, saves the round and settles
the whole match again: right for one round, but a file of n rounds would then cost n².
Here every round is still checked by `RoundEntry.check`, so the same rules refuse
the same rounds and the engine scores each hand, and each match is tallied with the rules'
own `add_round`, as `Match.tally` does; but in memory, round by round, and the rows are
written at the end, a few inserts and updates for the whole file. What is saved is what
entering the rounds one by one saves (tests/leagues/test_import.py compares the two), except
that the caller rates the league once per file rather than once per finished match, and
refreshes the players' standings once per file too (`standings_deferred`, around the replay).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db.models import F
from django.utils.translation import gettext as _

from leagues.exchange.reader import RoundPlan
from leagues.models import Match, Player, Round, RoundChange, RoundEntry, Seat, WinningHand
from leagues.models.confirmation import Confirmation
from scoring.mhing import Score
from scoring.mhing.match_scoring import RoundResult, add_round, dealer_for_round, start

# Rows per UPDATE … CASE of bulk_update: its cost grows with the square of the batch.
UPDATE_BATCH = 200


class Replay:
    """The rounds of a file's matches: `add` checks and tallies a match's rounds, `save`
    writes every match's rows."""

    def __init__(self, *, by=None) -> None:
        self.by = by
        self.rounds: list[Round] = []
        self.hands: list[WinningHand] = []
        self.seats: list[Seat] = []
        self.matches: list[tuple[Match, int]] = []  # each with its number of rounds

    def add(
        self,
        match: Match,
        plans: Sequence[RoundPlan],
        players: dict[str, Player],
        abandoned: bool = False,
        ended: str = "",
    ) -> int:
        """Check and tally the rounds of `match`, just begun; the number of rounds. A refused
        round raises ValidationError naming it ("match 1 (2025-03-04), round 5: …")."""
        seats = list(match.seats.select_related("player").order_by("position"))
        seated = [seat.player for seat in seats]
        positions = {player.pk: position for position, player in enumerate(seated)}
        rules = match.rules(players=len(seats))
        checked_against = _Seated(match, positions)
        tally = start(rules)
        rounds: list[Round] = []
        for number, plan in enumerate(plans, start=1):
            try:
                if tally.finished:  # as Match.record_round refuses it
                    raise ValidationError(_("The match is over: no round can be added."))
                entry = RoundEntry(
                    outcome=plan.outcome,
                    winner=players.get(plan.winner),
                    win_type=plan.win_type,
                    discarder=players.get(plan.discarder),
                    hand=plan.hand,
                )
                score = entry.check(checked_against)
            except ValidationError as error:
                raise ValidationError(f"{plan.where}: {' '.join(error.messages)}") from None
            dealer = seated[dealer_for_round(match.first_dealer, number, len(seated))]
            round_ = Round(match=match, number=number, dealer=dealer, entered_by=self.by)
            if plan.provisional:  # still waits for an opponent's confirmation
                round_.confirmation = Confirmation.PROVISIONAL
            round_.apply_entry(entry, score)
            if score is not None:
                hand = WinningHand(round=round_)
                hand.fill_from(score)
                self.hands.append(hand)
            tally = add_round(rules, tally, _result(round_, score, positions))
            rounds.append(round_)
        for seat, total, place in zip(seats, tally.totals, tally.placings(), strict=True):
            seat.total, seat.place = total, place
        # Ended here or by its length, in the file: it stays ended where its rounds stop.
        match.ended = ended if ended and not tally.finished and rounds else ""
        finished = tally.finished or bool(match.ended)
        match.status = Match.Status.FINISHED if finished else Match.Status.RUNNING
        if abandoned:
            if tally.finished:
                where = plans[-1].where if plans else str(match.played_on)
                raise ValidationError(
                    _("%(where)s: the file says abandoned, but its rounds finish the match.")
                    % {"where": where}
                )
            match.status = Match.Status.ABANDONED
        self.rounds += rounds
        self.seats += seats
        self.matches.append((match, len(rounds)))
        return len(rounds)

    def save(self) -> None:
        Round.objects.bulk_create(self.rounds)
        WinningHand.objects.bulk_create(self.hands)
        RoundChange.objects.bulk_create(
            RoundChange(
                match=round_.match,
                round=round_,
                number=round_.number,
                action=RoundChange.Action.ADDED,
                by=self.by,
                after=round_.snapshot(),
            )
            for round_ in self.rounds
        )
        Seat.objects.bulk_update(self.seats, ["total", "place"], batch_size=UPDATE_BATCH)
        by_change: dict[tuple[str, int], list[int]] = defaultdict(list)
        for match, count in self.matches:
            by_change[match.status, match.ended, count].append(match.pk)
        # Each round entered bumps the match's version once (Match._lock), so an open form
        # sees the same version whichever way the rounds came in.
        for (status, ended, count), pks in by_change.items():
            Match.objects.filter(pk__in=pks).update(
                status=status, ended=ended, version=F("version") + count
            )
        for match, count in self.matches:
            match.version += count

    @property
    def finished(self) -> bool:
        return any(match.is_finished for match, _count in self.matches)


class _Seated:
    """The match as `RoundEntry.check` reads it, `match.seats.values_list("player_id",
    flat=True)`, answered from memory: the seats cannot change while the file's rounds are
    checked, and a query per round was a third of an import's time. Anything else check
    might read comes from the match itself."""

    def __init__(self, match: Match, positions: dict[int, int]) -> None:
        self._match = match
        self._player_ids = list(positions)

    @property
    def seats(self) -> _Seated:
        return self

    def values_list(self, *fields: str, flat: bool = False):
        if fields != ("player_id",) or not flat:  # not what check asked for when written
            return self._match.seats.values_list(*fields, flat=flat)
        return self._player_ids

    def __getattr__(self, name: str):
        return getattr(self._match, name)


def _result(round_: Round, score: Score | None, positions: dict[int, int]) -> RoundResult:
    """What the round adds to the match, as Match.tally reads it from the saved round."""
    if score is None:
        return RoundResult()
    return RoundResult(
        winner=positions[round_.winner.pk],
        points=score.points,
        discarder=positions[round_.discarder.pk] if round_.discarder else None,
    )
