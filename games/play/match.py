"""A match over rounds (RULES.md §5-6), as pure values: who deals, the totals, the end.

The settling itself (points race or chips, double payment, barefoot players) is
`scoring.mhing.match_scoring`, shared with the league, so a live match and one entered
after real-card play end and pay out the same way. This module adds what live play needs
on top: the first dealer drawn by lot from the seed, each round's shuffle seed, and the
rounds as played.

    match = new_match(4, seed=7)
    state, events = start_round(match)
    ...                                   # apply actions until state.phase is OVER
    match = record_round(match, state.outcome)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from scoring.mhing.match_scoring import (
    DEFAULT_TARGET,
    MatchRules,
    MatchTally,
    RoundResult,
    Variant,
    add_round,
    dealer_for_round,
    start,
)

from .errors import PlayError
from .events import Event
from .round import new_round
from .state import Outcome, RoundState


class MatchOver(PlayError):
    code = "match_over"

    def __init__(self) -> None:
        super().__init__("the match is over: no further round")


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round as played: its dealer, the winner (None: a draw) and the totals after it."""

    number: int
    dealer: int
    winner: int | None
    discarder: int | None
    points: int
    credits: int
    totals: tuple[int, ...]


@dataclass(frozen=True)
class Match:
    rules: MatchRules
    seed: int | str
    first_dealer: int
    tally: MatchTally
    rounds: tuple[RoundRecord, ...] = ()

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def finished(self) -> bool:
        return self.tally.finished

    @property
    def totals(self) -> tuple[int, ...]:
        """Points won (points race) or chips held (chips), per seat."""
        return self.tally.totals

    @property
    def dealer(self) -> int:
        """Who deals the next round: the deal passes left after every round, draws too."""
        return dealer_for_round(self.first_dealer, self.tally.rounds + 1, self.players)

    @property
    def winner(self) -> int | None:
        """The seat that won the match (the sole leader once it is over), else None."""
        if not self.finished:
            return None
        top = max(self.totals)
        leaders = [s for s, total in enumerate(self.totals) if total == top]
        return leaders[0] if len(leaders) == 1 else None


def new_match(
    players: int,
    seed: int | str,
    *,
    variant: Variant | str = Variant.POINTS,
    target: int = DEFAULT_TARGET,
    round_limit: int | None = None,
) -> Match:
    """A match not yet begun. The first dealer is drawn by lot (RULES.md §5 [ruling]: at
    random), from the seed so that the same seed replays the same match."""
    rules = MatchRules(players, Variant(variant), target, round_limit)
    first_dealer = random.Random(f"first-dealer:{seed}").randrange(players)
    return Match(rules, seed, first_dealer, start(rules))


def round_seed(match: Match) -> int:
    """The shuffle of the next round, derived from the match's seed and the round's number."""
    return random.Random(f"round:{match.seed}:{match.tally.rounds + 1}").getrandbits(63)


def start_round(match: Match) -> tuple[RoundState, tuple[Event, ...]]:
    """Deal the match's next round."""
    if match.finished:
        raise MatchOver()
    return new_round(match.players, match.dealer, seed=round_seed(match))


def record_round(match: Match, outcome: Outcome) -> Match:
    """The match after a finished round; it ends the moment a player reaches the target
    (points race), or when one holds all chips or the agreed rounds are played (chips)."""
    if match.finished:
        raise MatchOver()
    result = RoundResult(outcome.winner, outcome.points, outcome.discarder)
    tally = add_round(match.rules, match.tally, result)
    record = RoundRecord(
        number=tally.rounds,
        dealer=match.dealer,
        winner=outcome.winner,
        discarder=outcome.discarder,
        points=outcome.points,
        credits=outcome.credits,
        totals=tally.totals,
    )
    return Match(match.rules, match.seed, match.first_dealer, tally, (*match.rounds, record))


def match_to_dict(match: Match) -> dict[str, Any]:
    """JSON-ready, for storage. It holds the seed, from which every round's shuffle follows:
    keep it from players (the live table's snapshot leaves it out)."""
    return {
        "players": match.players,
        "variant": match.rules.variant.value,
        "target": match.rules.target,
        "round_limit": match.rules.round_limit,
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "dealer": match.dealer,
        "totals": list(match.totals),
        "finished": match.finished,
        "winner": match.winner,
        "rounds": [
            {
                "number": r.number,
                "dealer": r.dealer,
                "winner": r.winner,
                "discarder": r.discarder,
                "points": r.points,
                "credits": r.credits,
                "totals": list(r.totals),
            }
            for r in match.rounds
        ],
    }


def match_from_dict(data: dict[str, Any]) -> Match:
    rules = MatchRules(
        data["players"], Variant(data["variant"]), data["target"], data["round_limit"]
    )
    rounds = tuple(
        RoundRecord(
            r["number"],
            r["dealer"],
            r["winner"],
            r["discarder"],
            r["points"],
            r["credits"],
            tuple(r["totals"]),
        )
        for r in data["rounds"]
    )
    tally = MatchTally(tuple(data["totals"]), len(rounds), data["finished"])
    return Match(rules, data["seed"], data["first_dealer"], tally, rounds)
