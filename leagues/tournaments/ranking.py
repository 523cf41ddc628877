"""A tournament's ranking: players ordered by the event's tiebreak list, with shared places
where they tie on every key, and each place's EMA base rank (MERS). Pure Python, no Django.

The tiebreak list is ordered: the first key decides, the next only splits players the keys
before it left level, and so on. The keys (`TIEBREAKS`):

* `points`: the sum of the player's table scores (the matches' totals);
* `placings`: more first places, then more second places, and so on (count back);
* `head_to_head`: among the players still level only, at the tables where two of them sat
  together, how often each finished above another of them minus how often below;
* `best_table`: the best single table score, then the next best, and so on.

Players level on every key of the list share a place ("competition" numbering: 1, 2, 2, 4).
Their base rank is the average of the base ranks of the places they fill together, so the
base ranks of a tie add up to what the places would give untied (two players sharing 2nd of
16 each get the mean of 2nd's and 3rd's). The EMA's published rules give the formula for one
player per place, 1000 × (N − place) / (N − 1), and say nothing of ties; averaging is the
choice that neither rewards nor punishes a tie.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

TIEBREAKS = ("points", "placings", "head_to_head", "best_table")
DEFAULT_TIEBREAKS = ("points", "placings", "head_to_head")


class RankingError(ValueError):
    """A tiebreak list that cannot be used: the text says why."""


@dataclass(frozen=True)
class TableResult:
    """One table of one session: its players, each one's score and place (1 = best; equal
    scores may share a place, as the match's own placings say)."""

    session: int
    players: tuple[Hashable, ...]
    points: tuple[float, ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class Ranked:
    player: Hashable
    place: int  # shared places: the same for all who share it (1, 2, 2, 4)
    shared: bool
    points: float
    placings: tuple[int, ...]  # how many 1st, 2nd, 3rd, 4th places
    tables: int
    base_rank: float


def base_rank(place: int, players: int, sharing: int = 1) -> float:
    """The EMA (MERS) base rank of `place` among `players`: 1000 for the winner, 0 for the
    last; `sharing` players at that place get the average over the places they fill."""
    if players < 2:
        return 1000.0
    filled = range(place, place + sharing)
    return sum(1000 * (players - p) / (players - 1) for p in filled) / sharing


def check_tiebreaks(tiebreaks: Sequence[str]) -> tuple[str, ...]:
    unknown = [key for key in tiebreaks if key not in TIEBREAKS]
    if unknown:
        raise RankingError(f"unknown tiebreak: {', '.join(unknown)}")
    if len(set(tiebreaks)) != len(tiebreaks):
        raise RankingError("a tiebreak is listed twice")
    return tuple(tiebreaks)


def rank(
    players: Iterable[Hashable],
    results: Iterable[TableResult],
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
) -> list[Ranked]:
    """Every player of `players` (those without a table count with nothing), best first."""
    keys = check_tiebreaks(tiebreaks)
    people = list(dict.fromkeys(players))
    results = list(results)
    width = max((len(r.players) for r in results), default=4)
    points = dict.fromkeys(people, 0.0)
    placings = {p: [0] * width for p in people}
    scores: dict[Hashable, list[float]] = {p: [] for p in people}
    for result in results:
        for player, score, place in zip(result.players, result.points, result.places, strict=True):
            if player not in points:
                continue
            points[player] += score
            placings[player][min(place, width) - 1] += 1
            scores[player].append(score)

    def key_of(name: str, group: list[Hashable]):
        if name == "points":
            return lambda p: -points[p]
        if name == "placings":
            return lambda p: tuple(-n for n in placings[p])
        if name == "best_table":
            return lambda p: tuple(-s for s in sorted(scores[p], reverse=True))
        wins = _head_to_head(set(group), results)
        return lambda p: -wins.get(p, 0)

    # Split the groups of level players key by key; what is left together shares a place.
    groups = [people] if people else []
    for name in keys:
        split = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            key = key_of(name, group)
            ordered = sorted(group, key=key)
            run = [ordered[0]]
            for player in ordered[1:]:
                if key(player) == key(run[0]):
                    run.append(player)
                else:
                    split.append(run)
                    run = [player]
            split.append(run)
        groups = split
    ranked, place, total = [], 1, len(people)
    for group in groups:
        rank_value = base_rank(place, total, len(group))
        for player in group:
            ranked.append(
                Ranked(
                    player=player,
                    place=place,
                    shared=len(group) > 1,
                    points=points[player],
                    placings=tuple(placings[player]),
                    tables=len(scores[player]),
                    base_rank=rank_value,
                )
            )
        place += len(group)
    return ranked


def _head_to_head(group: set[Hashable], results: list[TableResult]) -> dict[Hashable, int]:
    wins: dict[Hashable, int] = {}
    for result in results:
        seated = [
            (player, place)
            for player, place in zip(result.players, result.places, strict=True)
            if player in group
        ]
        for player, place in seated:
            for _other, other_place in seated:
                if place < other_place:
                    wins[player] = wins.get(player, 0) + 1
                elif place > other_place:
                    wins[player] = wins.get(player, 0) - 1
    return wins
