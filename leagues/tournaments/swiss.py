"""Swiss seating: the next session's tables from the standings so far, players of like
standing together, repeated meetings avoided where they can be. Pure Python, no Django.

How a session is made:

1. **By standing.** The players, best first, fill the tables in order: the top four at
   table 1, the next four at table 2, and so on. A count that four does not divide gets
   tables of three at the bottom of the room (as few as `seating.table_count` allows).
2. **Repeats out.** Swaps of two players at different tables are made while they lower the
   cost: each pair at one table that has met before costs `REPEAT` per earlier meeting (so a
   repeat is avoided whenever any swap can avoid it), and each player costs the square of how
   many tables away from their standing's table they sit (so the room stays ordered by
   standing, and a swap moves players as little as it can). Best swap first, between tables
   at most `WINDOW` apart, until none helps; the seed only breaks ties between equally good
   swaps.
3. **Winds.** Each table's seat order (East, South, West, North) is the one of its 24 (6 at a
   table of three) that evens the players' winds so far best: the least sum of squares of
   each player's count of the wind they take.

The quality figures are those of a plan made in advance (quality.py), over the sessions
played and this one.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

from .quality import Quality, quality
from .seating import TABLE, WINDS, Plan, SeatingError, table_count

# A repeat costs more than moving a player ten tables from their standing (the cost of a
# move is in eighths of a table, squared: see _fewer_repeats).
REPEAT = 8 * 8 * 100
# Swaps are looked for between tables at most this far apart: a player moved further costs
# more than most repeats are worth keeping them home for, and the search stays quick at 200.
WINDOW = 4

Table = tuple[int, ...]
Session = Sequence[Sequence[int]]


def swiss_session(
    ranking: Sequence[int],
    history: Sequence[Session] = (),
    table_size: int = TABLE,
    seed: int = 0,
) -> list[Table]:
    """The tables of the next session for the players of `ranking` (best first), each in
    seat order East, South, West(, North). `history`: the sessions played, each a list of
    tables in seat order (players not in `ranking` any more, dropped, are simply absent)."""
    players = list(ranking)
    if len(set(players)) != len(players):
        raise SeatingError("a player is ranked twice")
    if table_size == TABLE:
        tables = table_count(len(players))
        sizes = [TABLE] * (tables - (TABLE * tables - len(players)))
        sizes += [TABLE - 1] * (TABLE * tables - len(players))
    elif table_size == TABLE - 1:
        if len(players) % 3:
            raise SeatingError(f"{len(players)} players cannot sit at tables of three")
        sizes = [3] * (len(players) // 3)
    else:
        raise SeatingError("tables are of four or of three")
    met: Counter[tuple[int, int]] = Counter()
    winds: dict[int, Counter[int]] = {p: Counter() for p in players}
    for session in history:
        for table in session:
            for a, b in itertools.combinations(sorted(table), 2):
                met[(a, b)] += 1
            for seat, p in enumerate(table):
                if p in winds:
                    winds[p][seat] += 1
    groups = _by_standing(players, sizes)
    groups = _fewer_repeats(groups, players, sizes, met, random.Random(seed))
    return [_seat_order(group, winds) for group in groups]


def session_quality(history: Sequence[Session], session: Session) -> Quality:
    """The figures of quality.py for the sessions played and `session`, the players
    numbered 1..N in the order they first sit (a dropped player counts for the sessions
    they played)."""
    sessions = [*history, session]
    number: dict[int, int] = {}
    for s in sessions:
        for table in s:
            for p in table:
                number.setdefault(p, len(number) + 1)
    rounds = tuple(tuple(tuple(number[p] for p in table) for table in s) for s in sessions)
    return quality(Plan(players=len(number), rounds=rounds))


def _by_standing(players: list[int], sizes: list[int]) -> list[list[int]]:
    groups, start = [], 0
    for size in sizes:
        groups.append(players[start : start + size])
        start += size
    return groups


def _fewer_repeats(groups, players, sizes, met, rng) -> list[list[int]]:
    # Where a player's standing puts them, in eighths of a table: the middle of their
    # place's seat (2 * place + 1 quarters of a table), so that among the moves that avoid as
    # many repeats the better players keep the higher tables.
    home = {p: 2 * i + 1 for i, p in enumerate(players)}

    def pair(a, b):
        return met[(a, b) if a < b else (b, a)]

    def cost_at(p, t, group):
        """p's cost at table t with `group` (the others there)."""
        return REPEAT * sum(pair(p, q) for q in group if q != p) + (middle[t] - home[p]) ** 2

    # The middle of each table, in the same eighths (tables of three are at the bottom).
    middle, start = [], 0
    for size in sizes:
        middle.append(2 * start + size)
        start += size

    while True:
        best, best_delta = [], 0
        for ta, tb in itertools.combinations(range(len(groups)), 2):
            if tb - ta > WINDOW:
                continue
            ga, gb = groups[ta], groups[tb]
            for a in ga:
                for b in gb:
                    before = cost_at(a, ta, ga) + cost_at(b, tb, gb)
                    rest_a = [q for q in ga if q != a]
                    rest_b = [q for q in gb if q != b]
                    after = cost_at(b, ta, rest_a) + cost_at(a, tb, rest_b)
                    delta = after - before
                    if delta < best_delta:
                        best, best_delta = [(ta, a, tb, b)], delta
                    elif delta == best_delta and best:
                        best.append((ta, a, tb, b))
        if not best:
            break
        ta, a, tb, b = rng.choice(best)
        groups[ta] = [b if q == a else q for q in groups[ta]]
        groups[tb] = [a if q == b else q for q in groups[tb]]
    # Within a table, the standing order (the seat order is chosen next).
    order = {p: i for i, p in enumerate(players)}
    return [sorted(group, key=order.__getitem__) for group in groups]


def _seat_order(group: list[int], winds: dict[int, Counter[int]]) -> Table:
    def unevenness(seats):
        return sum((winds[p][seat] + 1) ** 2 for seat, p in enumerate(seats))

    return min(itertools.permutations(group), key=unevenness)


__all__ = ["WINDS", "session_quality", "swiss_session"]
