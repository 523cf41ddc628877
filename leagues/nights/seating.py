"""Seating a club night: which present players sit at which table. Pure Python, no Django.

The rule (docs/club_nights.md says it for clubs):

* **Table sizes** (`table_sizes`). Tables of 4 wherever they divide; otherwise as few tables
  of another size as possible, the rest of 4. Points race: the other sizes are 5 and 3
  (one 5 when n leaves 1 over, two 5s or, for 6 players, two 3s when it leaves 2, one 3
  when it leaves 3). Chips are played by at most 4 (RULES.md §6), so its other size is 3
  (three 3s when n leaves 1, two when it leaves 2, one when it leaves 3); 5 chips players
  sit 3 and 2, the only n with no tables of 3 and 4. Fewer than 3 present: refused, a
  match of two is simply started on its own. A game with a table size of its own passes
  `allowed` (a Mah-Jongg league: its profile's 4 or 3 players, and no other size, since a
  match is played by exactly the profile's players); a count it does not divide is refused
  with how many are over and how many short (`UnevenTables`).
* **The objective**, compared in this order (`Seating.key`):
  1. repeat meetings weighted by recency: each pair at one table who have met before costs
     `recency_weight(ago)` = 1000 // ago, where `ago` = 1 for the most recent night they
     could have met, 2 for the night before, and so on: last night's partners cost 1000,
     those of ten nights ago 100;
  2. the strongest apart: the number of pairs of the top-T players by rating (T = the
     number of tables) who share a table;
  3. balance: the sum over tables of the squared distance between the table's mean rating
     and everyone's mean.
  Ties are broken by the seed: the players are shuffled by it first, and the first seating
  found with the best key, in that order, is kept.
* **The search**. Up to `EXACT_UP_TO` players every division into tables is tried, so the
  result is optimal. Above that, a local search: from a snake-seeded start (strongest to
  table 1, 2, ..., T, then back T, ..., 1) and from `RESTARTS` seeded random starts, swap
  two players of different tables while that lowers the key; the best end point wins.
* **Seat order** within a table is the shuffled order of the seed (the first dealer is
  drawn when the match begins).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

MIN_PLAYERS = 3
MAX_PLAYERS = 40
EXACT_UP_TO = 12
RESTARTS = 6

Pair = frozenset[int]


class SeatingError(ValueError):
    """The night cannot be seated as asked (too few players, a table too small)."""


def table_sizes(
    players: int, chips: bool = False, *, allowed: Sequence[int] | None = None
) -> tuple[int, ...]:
    """The tables for `players` present, largest first (see the module docstring).

    `allowed` replaces the game's table sizes: the first is the size wanted, the others
    (if any) are used as little as possible, then as few tables as possible. A Mah-Jongg
    league passes its profile's one size (4, or 3); a count no mix of the sizes seats
    raises `UnevenTables`, which says how many are over and how many short."""
    if allowed is None:
        if players < MIN_PLAYERS:
            raise SeatingError(f"seating needs at least {MIN_PLAYERS} players, not {players}")
        if chips and players == 5:
            return (3, 2)
        allowed = (4, 3) if chips else (4, 5, 3)
    found = _division(players, tuple(allowed))
    if found is None:
        raise UnevenTables(players, tuple(allowed))
    return found


def _division(players: int, allowed: tuple[int, ...]) -> tuple[int, ...] | None:
    """The tables of `allowed` sizes seating exactly `players`, fewest tables of other sizes
    than `allowed[0]` first, then fewest tables; None if there is none (or no one)."""
    if players <= 0 or not allowed or min(allowed) < 1:
        return None
    main = allowed[0]
    others = tuple(dict.fromkeys(s for s in allowed[1:] if s != main))
    best: tuple[tuple[int, int], tuple[int, ...]] | None = None

    def counts(index: int, left: int, chosen: tuple[int, ...]) -> None:
        nonlocal best
        if index == len(others):
            if left % main:
                return
            tables = chosen + (main,) * (left // main)
            odd = len(chosen)
            key = (odd, len(tables))  # fewest odd tables, then fewest tables
            if best is None or key < best[0]:
                best = (key, tuple(sorted(tables, reverse=True)))
            return
        size = others[index]
        for number in range(left // size + 1):
            counts(index + 1, left - number * size, chosen + (size,) * number)

    counts(0, players, ())
    return None if best is None else best[1]


class UnevenTables(SeatingError):
    """No mix of the allowed table sizes seats this many players: `over` would sit out at
    the nearest count below that can be seated, `short` more are needed for the nearest
    above."""

    def __init__(self, players: int, allowed: tuple[int, ...]) -> None:
        below = next((n for n in range(players - 1, 0, -1) if _division(n, allowed)), 0)
        above = next(n for n in itertools.count(players + 1) if _division(n, allowed))
        self.players, self.allowed = players, allowed
        self.over, self.short = players - below, above - players
        sizes = " or ".join(map(str, allowed))
        super().__init__(f"{players} players cannot sit at tables of {sizes}")


def recency_weight(ago: int) -> int:
    """The cost of seating together two players who last met `ago` nights back (1 = the
    latest night)."""
    return 1000 // max(1, ago)


@dataclass(frozen=True)
class Seating:
    tables: tuple[tuple[int, ...], ...]
    # (weighted repeat meetings, pairs of the strongest together, rating imbalance)
    key: tuple[int, int, float]

    @property
    def repeat_cost(self) -> int:
        return self.key[0]


class _Problem:
    def __init__(
        self,
        players: Sequence[int],
        ratings: Mapping[int, float],
        met: Mapping[Pair, int],
        tables: int,
    ) -> None:
        self.ratings = {p: float(ratings.get(p, 0.0)) for p in players}
        self.met = met
        self.mean = sum(self.ratings.values()) / len(players)
        by_rating = sorted(players, key=lambda p: -self.ratings[p])
        self.top = frozenset(by_rating[:tables])

    def table_key(self, table: Sequence[int]) -> tuple[int, int, float]:
        repeats = strong = 0
        for a, b in itertools.combinations(table, 2):
            ago = self.met.get(frozenset((a, b)))
            if ago is not None:
                repeats += recency_weight(ago)
            if a in self.top and b in self.top:
                strong += 1
        mean = sum(self.ratings[p] for p in table) / len(table)
        return repeats, strong, (mean - self.mean) ** 2

    def key(self, tables: Iterable[Sequence[int]]) -> tuple[int, int, float]:
        return _add(self.table_key(t) for t in tables)


def _add(keys: Iterable[tuple[int, int, float]]) -> tuple[int, int, float]:
    repeats = strong = 0
    balance = 0.0
    for r, s, b in keys:
        repeats, strong, balance = repeats + r, strong + s, balance + b
    # Rounded, so sums taken in another order compare equal.
    return repeats, strong, round(balance, 9)


def evaluate(
    tables: Sequence[Sequence[int]],
    ratings: Mapping[int, float],
    met: Mapping[Pair, int],
) -> Seating:
    """The key of a given seating (an organiser's edit), by the same measure as `seat`."""
    players = [p for t in tables for p in t]
    problem = _Problem(players, ratings, met, len(tables))
    frozen = tuple(tuple(t) for t in tables)
    return Seating(frozen, problem.key(frozen))


def seat(
    players: Sequence[int],
    ratings: Mapping[int, float],
    met: Mapping[Pair, int],
    *,
    chips: bool = False,
    allowed: Sequence[int] | None = None,
    seed: int = 0,
) -> Seating:
    """The night's tables for `players` (ids). `ratings` maps ids to ratings (missing: 0),
    `met` maps a pair of ids to how many nights ago they last met (1 = the latest);
    `allowed` the table sizes when the game has its own (`table_sizes`)."""
    if len(set(players)) != len(players):
        raise SeatingError("a player is listed twice")
    if len(players) > MAX_PLAYERS:
        raise SeatingError(f"seating takes at most {MAX_PLAYERS} players, not {len(players)}")
    sizes = table_sizes(len(players), chips, allowed=allowed)
    rng = random.Random(seed)
    order = sorted(players)
    rng.shuffle(order)
    problem = _Problem(order, ratings, met, len(sizes))
    if len(order) <= EXACT_UP_TO:
        best = _exhaustive(order, sizes, problem)
    else:
        best = _local_search(order, sizes, problem, rng)
    tables = tuple(tuple(t) for t in best)
    return Seating(tables, problem.key(tables))


def _exhaustive(order: list[int], sizes: tuple[int, ...], problem: _Problem) -> list[list[int]]:
    """Every division of `order` into tables of `sizes`, each once: tables are filled in
    turn from the players left, and of two tables of one size the later one's first player
    comes later in `order` (or each division would be tried once per order of its tables)."""
    place = {p: i for i, p in enumerate(order)}
    best: list[list[int]] | None = None
    best_key = None

    def fill(remaining: list[int], index: int, tables: list[list[int]], key) -> None:
        nonlocal best, best_key
        if index == len(sizes):
            if best_key is None or key < best_key:
                best, best_key = [list(t) for t in tables], key
            return
        if best_key is not None and key[0] > best_key[0]:
            return  # repeats only grow: this branch cannot win
        after = -1
        if index and sizes[index - 1] == sizes[index]:
            after = place[tables[-1][0]]
        for table in itertools.combinations(remaining, sizes[index]):
            if place[table[0]] < after:
                continue
            chosen = set(table)
            left = [p for p in remaining if p not in chosen]
            fill(left, index + 1, [*tables, list(table)], _add([key, problem.table_key(table)]))

    fill(order, 0, [], (0, 0, 0.0))
    assert best is not None
    return best


def _snake(order: list[int], sizes: tuple[int, ...], problem: _Problem) -> list[list[int]]:
    by_rating = sorted(order, key=lambda p: -problem.ratings[p])  # stable: seed breaks ties
    tables: list[list[int]] = [[] for _ in sizes]
    lanes = list(range(len(sizes)))
    snake = itertools.cycle(lanes + lanes[::-1])
    for player in by_rating:
        lane = next(snake)
        while len(tables[lane]) == sizes[lane]:
            lane = next(snake)
        tables[lane].append(player)
    return tables


def _deal(order: list[int], sizes: tuple[int, ...]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables


def _improve(tables: list[list[int]], problem: _Problem) -> list[list[int]]:
    """Swap two players of different tables while a swap lowers the key (first improvement,
    in a fixed order, so the same start always ends the same way)."""
    keys = [problem.table_key(t) for t in tables]
    improved = True
    while improved:
        improved = False
        for a, b in itertools.combinations(range(len(tables)), 2):
            for i in range(len(tables[a])):
                for j in range(len(tables[b])):
                    ta, tb = tables[a][:], tables[b][:]
                    ta[i], tb[j] = tb[j], ta[i]
                    ka, kb = problem.table_key(ta), problem.table_key(tb)
                    if _add([ka, kb]) < _add([keys[a], keys[b]]):
                        tables[a], tables[b], keys[a], keys[b] = ta, tb, ka, kb
                        improved = True
    return tables


def _local_search(
    order: list[int], sizes: tuple[int, ...], problem: _Problem, rng: random.Random
) -> list[list[int]]:
    starts = [_snake(order, sizes, problem)]
    for _ in range(RESTARTS):
        shuffled = order[:]
        rng.shuffle(shuffled)
        starts.append(_deal(shuffled, sizes))
    best, best_key = None, None
    for start in starts:
        tables = _improve(start, problem)
        key = problem.key(tables)
        if best_key is None or key < best_key:
            best, best_key = tables, key
    assert best is not None
    return best


def meetings_at(table: Sequence[int], met: Mapping[Pair, int]) -> list[tuple[int, int, int]]:
    """(a, b, ago) for each pair at the table who have met before, most recent first."""
    found = []
    for a, b in itertools.combinations(table, 2):
        ago = met.get(frozenset((a, b)))
        if ago is not None:
            found.append((a, b, ago))
    return sorted(found, key=lambda m: m[2])
