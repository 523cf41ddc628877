"""How good a seating plan is, in the figures an organiser compares plans by (printed beside
every plan: `manage.py plan_seating`, docs/tournaments.md)."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from .seating import WINDS, Plan, lower_bound


@dataclass(frozen=True)
class Quality:
    players: int
    sessions: int
    # sum(c - 1) over the pairs that meet c >= 1 times: each meeting beyond a pair's first.
    repeated_meetings: int
    # the fewest repeated meetings any plan for this count can have
    lower_bound: int
    # pairs that meet more than once, and the most often any pair meets
    pairs_meeting_again: int
    most_meetings: int
    # pairs that meet in two sessions running
    back_to_back: int
    # players whose winds are not as even as the sessions allow (for 8 sessions at tables
    # of four: not exactly twice each wind)
    uneven_winds: int
    tables_of_three: int  # each session

    def as_json(self) -> dict:
        return dict(self.__dict__)


def quality(plan: Plan) -> Quality:
    meetings: Counter[tuple[int, int]] = Counter()
    winds: dict[int, Counter[str]] = {p: Counter() for p in range(1, plan.players + 1)}
    back_to_back = 0
    previous: set[tuple[int, int]] = set()
    for session in plan.rounds:
        now = set()
        for table in session:
            for a, b in itertools.combinations(sorted(table), 2):
                meetings[(a, b)] += 1
                now.add((a, b))
            for wind, player in zip(WINDS, _seats(table), strict=False):
                if player is not None:
                    winds[player][wind] += 1
        back_to_back += len(now & previous)
        previous = now
    sessions = len(plan.rounds)
    return Quality(
        players=plan.players,
        sessions=sessions,
        repeated_meetings=sum(c - 1 for c in meetings.values()),
        lower_bound=lower_bound(plan.players, sessions),
        pairs_meeting_again=sum(1 for c in meetings.values() if c > 1),
        most_meetings=max(meetings.values(), default=0),
        back_to_back=back_to_back,
        uneven_winds=sum(1 for counts in winds.values() if not _even(counts, sessions)),
        tables_of_three=sum(1 for table in plan.rounds[0] if len(table) == 3) if sessions else 0,
    )


def _seats(table: tuple[int, ...]) -> list[int | None]:
    """A table of three sits East, South, West: its players take those winds."""
    return list(table)


def _even(counts: Counter[str], sessions: int) -> bool:
    """Each wind floor(sessions / 4) or one more times: as even as the sessions allow (a
    player at tables of three never sits North, so is even when no wind is more than one
    ahead of another among the winds sat)."""
    seen = [counts[w] for w in WINDS]
    if sum(seen) < sessions:
        return False
    return max(seen) - min(seen) <= 1
