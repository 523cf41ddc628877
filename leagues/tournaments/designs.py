"""Sessions in which no two players meet twice, built from finite geometry for the player
counts where such a construction is known and small: the search (seating.py) starts from
them, since for these counts it finds no-repeat plans slowly or not at all in Python.

* 28 players: the Hermitian unital of order 3 (the 28 points of x⁴ + y⁴ + z⁴ = 0 in the
  projective plane over GF(9); its 63 secant lines meet it in blocks of four, every pair of
  points in exactly one). Its blocks fall into 9 sessions of 7 tables: 9 sessions with no
  repeat at all.
* 16, 32 and 64 players: the points of GF(2)^k, a session being the cosets of a plane
  (a 2-dimensional subspace); two sessions share no pair when their planes meet only in 0.
  Planes pairwise meeting only in 0 are found by a short search: 5 for 16 players, 8 or more
  for 32, 21 for 64.

Each function returns sessions as lists of tables (lists of four players 0..n-1), as many as
asked for or as the construction has, whichever is fewer.
"""

from __future__ import annotations

import itertools
from functools import cache


def no_repeat_sessions(players: int, rounds: int) -> list[list[list[int]]]:
    if players == 28:
        return [list(map(list, session)) for session in _unital_sessions()[:rounds]]
    if players in (16, 32, 64):  # 128 and up: the search does as well, quicker
        return _binary_sessions(players, rounds)
    return []


# -- 28: the Hermitian unital -----------------------------------------------------------------

# GF(9) as a + b·i with i² = -1, over GF(3); an element is the pair (a, b).
_ZERO, _ONE = (0, 0), (1, 0)
_FIELD = [(a, b) for a in range(3) for b in range(3)]


def _mul(x, y):
    return ((x[0] * y[0] - x[1] * y[1]) % 3, (x[0] * y[1] + x[1] * y[0]) % 3)


def _add(x, y):
    return ((x[0] + y[0]) % 3, (x[1] + y[1]) % 3)


def _norm(x):
    """x to the power 4 = x times its conjugate x³ (a − b·i): an element of GF(3)."""
    return _mul(x, (x[0], -x[1] % 3))[0]


@cache
def _unital_sessions() -> tuple[tuple[tuple[int, ...], ...], ...]:
    points = [
        v
        for v in itertools.product(_FIELD, repeat=3)
        if v != (_ZERO, _ZERO, _ZERO) and next(c for c in v if c != _ZERO) == _ONE
    ]
    unital = [p for p in points if sum(_norm(c) for c in p) % 3 == 0]
    blocks = set()
    for line in points:  # a line's coordinates are a point's of the dual plane
        on = frozenset(
            i
            for i, p in enumerate(unital)
            if _add(_add(_mul(line[0], p[0]), _mul(line[1], p[1])), _mul(line[2], p[2])) == _ZERO
        )
        if len(on) == 4:
            blocks.add(on)
    classes = _parallel_classes(sorted(blocks, key=sorted), len(unital))
    return tuple(tuple(tuple(sorted(b)) for b in c) for c in _disjoint(classes, 9))


def _parallel_classes(blocks, points):
    """Every way of covering the points with disjoint blocks."""
    through = {p: [b for b in blocks if p in b] for p in range(points)}
    found = []

    def cover(covered, chosen):
        if len(covered) == points:
            found.append(frozenset(chosen))
            return
        first = next(p for p in range(points) if p not in covered)
        for block in through[first]:
            if not block & covered:
                cover(covered | block, [*chosen, block])

    cover(frozenset(), [])
    return found


def _disjoint(classes, wanted):
    """`wanted` classes sharing no block (so no pair), or as many as a first-fit search
    finds."""
    best: list = []

    def pick(start, chosen, used):
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
        if len(chosen) == wanted:
            return True
        for i in range(start, len(classes)):
            if not classes[i] & used:
                chosen.append(classes[i])
                if pick(i + 1, chosen, used | classes[i]):
                    return True
                chosen.pop()
        return False

    pick(0, [], frozenset())
    return best


# -- 2^k: planes of GF(2)^k ----------------------------------------------------------------


def _binary_sessions(players: int, rounds: int) -> list[list[list[int]]]:
    planes = _planes(players, rounds)
    sessions = []
    for u, v in planes:
        seen: set[int] = set()
        tables = []
        for x in range(players):
            if x not in seen:
                coset = [x, x ^ u, x ^ v, x ^ u ^ v]
                seen.update(coset)
                tables.append(coset)
        sessions.append(tables)
    return sessions


def _planes(players: int, wanted: int) -> list[tuple[int, int]]:
    """Planes {0, u, v, u^v} of GF(2)^k meeting pairwise only in 0: up to `wanted`, by
    depth-first search over the planes in order (a few thousand steps at most here)."""
    candidates = []
    seen = set()
    for u in range(1, players):
        for v in range(u + 1, players):
            plane = frozenset((u, v, u ^ v))
            if plane not in seen:
                seen.add(plane)
                candidates.append((u, v, plane))
    best: list = []
    budget = [20_000]

    def extend(start, chosen, used):
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
        if len(chosen) == wanted or budget[0] <= 0:
            return len(chosen) == wanted
        budget[0] -= 1
        for i in range(start, len(candidates)):
            u, v, plane = candidates[i]
            if not plane & used:
                chosen.append((u, v))
                if extend(i + 1, chosen, used | plane):
                    return True
                chosen.pop()
        return False

    extend(0, [], frozenset())
    return best
