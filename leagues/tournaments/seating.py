"""A tournament's seating planned in advance: which players sit together in each session and
in which seat. Pure Python, no Django (docs/tournaments.md says it for organisers).

The goal, in this order:

1. **Meetings spread evenly.** Each pair of players meets as few times as the player count
   allows. The search lowers sum(c * (c - 1) / 2) over the pairs, c being how often a pair
   meets: for a fixed number of meetings it is lowest when they are spread as evenly as they
   can be, which also makes the most pairs meet at least once (so the fewest *repeated
   meetings*, the figure a plan is judged by: sum(c - 1) over the pairs that meet).
2. **Repeats apart.** The sessions are put in the order with the fewest pairs meeting in two
   sessions running (a pair that must meet twice had better not meet at once again).
3. **Winds even.** Each player sits at East, South, West and North as evenly as the sessions
   allow: with 8 sessions at tables of four, exactly twice each. This is exact, not searched:
   see `seat_order`.

Tables are of four. A player count that four does not divide gets tables of three, as few as
possible (`4 * tables - players` of them, each session); each table of three is a table of
four with an empty seat, which the search moves about like a player who never counts, so the
tables of three go round the room. Fewer than 6 players other than 4 are refused: 5 would
need three tables of three at two tables.

The search is tabu search over swaps of two players of one session (Dotú and Van Hentenryck,
"Scheduling social golfers locally", 2005): from a random start, each step makes the best swap
of a player who meets someone too often, with the players just moved kept from moving back for
a while, and a few random swaps when a long stretch brings nothing better. It stops at the
lower bound (no plan can be better), or when its time or step budget runs out. The seed makes
it repeatable: the same seed and budget give the same plan.
"""

from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass

from .designs import no_repeat_sessions

TABLE = 4
STUCK = 1500
TENURE = 0.25
WINDS = "ESWN"


class SeatingError(ValueError):
    """A plan that cannot be made: the text says why, for the organiser."""


@dataclass(frozen=True)
class Plan:
    """`rounds[r][t]` is table t of session r: the players (1..players) in seat order East,
    South, West, North (three of them at a table of three)."""

    players: int
    rounds: tuple[tuple[tuple[int, ...], ...], ...]

    def as_json(self) -> dict:
        return {"rounds": [[list(table) for table in session] for session in self.rounds]}


def table_count(players: int) -> int:
    if players == TABLE:
        return 1
    if players < 6:
        raise SeatingError(
            f"{players} players cannot be seated at tables of four and three: "
            "plan for 4, or 6 or more"
        )
    return -(-players // TABLE)


def plan_seating(
    players: int,
    rounds: int,
    seed: int = 0,
    seconds: float = 30.0,
    max_steps: int | None = None,
) -> Plan:
    """The plan for `players` over `rounds` sessions. `seconds` bounds the search; `max_steps`
    too, and a plan that must be the same on every machine (a test, the command's --steps)
    gives it, since time alone depends on the machine."""
    if rounds < 1:
        raise SeatingError("a tournament has at least one session")
    tables = table_count(players)
    sessions = _search(players, tables, rounds, random.Random(seed), seconds, max_steps)
    sessions = _order_sessions(sessions, players)
    seated = seat_order(sessions, players)
    return Plan(
        players=players,
        rounds=tuple(
            tuple(tuple(p + 1 for p in table if p < players) for table in session)
            for session in seated
        ),
    )


def lower_bound(players: int, rounds: int) -> int:
    """The fewest repeated meetings any plan can have: every meeting beyond the first of each
    pair is a repeat, so at least (meetings made) - (pairs there are)."""
    tables = table_count(players)
    three = TABLE * tables - players
    per_session = (tables - three) * 6 + three * 3
    pairs = players * (players - 1) // 2
    return max(0, per_session * rounds - pairs)


# -- the search ----------------------------------------------------------------------------


def _search(
    players: int,
    tables: int,
    rounds: int,
    rng: random.Random,
    seconds: float,
    max_steps: int | None,
) -> list[list[list[int]]]:
    """Groups of four ids each session; ids from `players` up are the empty seats, one at
    each table of three, kept at that table's index (tables are interchangeable)."""
    size = tables * TABLE
    known = no_repeat_sessions(players, rounds)
    label = list(range(players))
    rng.shuffle(label)  # the seed decides who is who in a known design
    known = [[[label[p] for p in table] for table in session] for session in known]
    state = _State(_greedy_start(players, tables, rounds, rng, known), players, size)
    target = _spread_cost(lower_bound(players, rounds), players)
    best, best_cost = _copy(state.sessions), state.cost
    tabu: dict[tuple[int, int, int], int] = {}  # (session, player, table) -> until step
    deadline = time.monotonic() + seconds
    step = stuck = 0
    tenure = max(5, int(players * TENURE))
    while best_cost > target:
        step += 1
        if max_steps is not None and step > max_steps:
            break
        if step % 32 == 0 and time.monotonic() > deadline:
            break
        move = state.best_swap(tabu, step, best_cost, rng)
        if move is not None:
            r, a, b, delta = move
            ta, tb = state.where[r][a], state.where[r][b]
            state.swap(r, a, b, delta)
            tabu[(r, a, ta)] = step + tenure + rng.randrange(tenure)
            tabu[(r, b, tb)] = step + tenure + rng.randrange(tenure)
            if state.cost < best_cost:
                best, best_cost, stuck = _copy(state.sessions), state.cost, 0
                continue
        stuck += 1
        if move is None or stuck > STUCK:
            # A long stretch without a better plan: start again from the best, shaken.
            state = _State(_copy(best), players, size)
            for _ in range(max(2, players // 8)):
                r = rng.randrange(rounds)
                a, b = rng.sample(range(players), 2)
                if state.where[r][a] != state.where[r][b]:
                    state.swap(r, a, b, state.delta(r, a, b))
            stuck, tabu = 0, {}
    return best


def _greedy_start(players, tables, rounds, rng, known):
    """A first plan: the `known` sessions (designs.py), then the others built session by
    session: each player, in random order, sits at the table with room whose players they
    have met least so far (ties at random). Searching from here rather than from random
    tables reaches the better plans sooner."""
    size = tables * TABLE
    met = [[0] * players for _ in range(players)]
    sessions = [[list(table) for table in session] for session in known]
    for session in sessions:
        for table in session:
            for a, b in itertools.combinations(table, 2):
                met[a][b] += 1
                met[b][a] += 1
    for _ in range(rounds - len(sessions)):
        groups = [[players + t] if players + t < size else [] for t in range(tables)]
        people = list(range(players))
        rng.shuffle(people)
        for p in people:
            row = met[p]
            open_tables = [g for g in groups if len(g) < TABLE]
            scores = [sum(row[x] for x in g if x < players) for g in open_tables]
            low = min(scores)
            choice = rng.choice(
                [g for g, score in zip(open_tables, scores, strict=True) if score == low]
            )
            for x in choice:
                if x < players:
                    met[p][x] += 1
                    met[x][p] += 1
            choice.append(p)
        sessions.append(groups)
    return sessions


class _State:
    """The sessions being searched, with what each swap's cost needs kept up to date:
    meets[a][b], how often a and b sit together; together[r][p][t], how often p has met the
    players at table t of session r (so a swap's change of cost is a few look-ups)."""

    def __init__(self, sessions, players, size):
        self.sessions = sessions
        self.players = players
        self.meets = [[0] * size for _ in range(size)]
        self.where = [[0] * size for _ in sessions]
        for r, groups in enumerate(sessions):
            for t, group in enumerate(groups):
                for p in group:
                    self.where[r][p] = t
                for a, b in itertools.combinations(group, 2):
                    if a < players and b < players:
                        self.meets[a][b] += 1
                        self.meets[b][a] += 1
        self.together = [
            [[sum(row[x] for x in g) for g in groups] for row in self.meets] for groups in sessions
        ]
        # spare[r][t]: the players at table t other than one of them (3, or 2 at a three)
        self.spare = [[sum(1 for x in g if x < players) - 1 for g in groups] for groups in sessions]
        self.cost = sum(
            c * (c - 1) // 2
            for a in range(players)
            for c in self.meets[a][a + 1 : players]
            if c > 1
        )

    def delta(self, r, a, b):
        where, together, spare = self.where[r], self.together[r], self.spare[r]
        ta, tb = where[a], where[b]
        m = self.meets[a][b]
        return (
            together[b][ta]
            - m
            + together[a][tb]
            - m
            - (together[a][ta] - spare[ta])
            - (together[b][tb] - spare[tb])
        )

    def best_swap(self, tabu, step, best_cost, rng):
        """The best swap of a player who meets someone at their table too often, over every
        session: (session, a, b, change in cost), or None when every such swap is tabu."""
        players, meets = self.players, self.meets
        best = None
        best_delta = None
        ties = 0
        for r, groups in enumerate(self.sessions):
            together, spare = self.together[r], self.spare[r]
            for ta, group in enumerate(groups):
                for a in group:
                    if a >= players:
                        continue
                    stay_a = together[a][ta] - spare[ta]
                    if stay_a == 0:
                        continue  # a meets nobody at this table twice: no reason to move
                    row_a, here_a = meets[a], together[a]
                    for tb, other in enumerate(groups):
                        if tb == ta:
                            continue
                        base = here_a[tb] - stay_a
                        for b in other:
                            if b >= players:
                                continue
                            here_b = together[b]
                            delta = base + here_b[ta] - 2 * row_a[b] - here_b[tb] + spare[tb]
                            if best_delta is not None and delta > best_delta:
                                continue
                            if (
                                tabu.get((r, a, tb), 0) > step or tabu.get((r, b, ta), 0) > step
                            ) and self.cost + delta >= best_cost:
                                continue  # tabu, and not a new best
                            if best_delta is None or delta < best_delta:
                                best, best_delta, ties = (r, a, b, delta), delta, 1
                            else:
                                ties += 1
                                if rng.randrange(ties) == 0:
                                    best = (r, a, b, delta)
        return best

    def swap(self, r, a, b, delta):
        groups, where, together = self.sessions[r], self.where[r], self.together[r]
        players, meets = self.players, self.meets
        ta, tb = where[a], where[b]
        ga, gb = groups[ta], groups[tb]
        for x in ga:
            if x != a and x < players:
                self._change(a, x, -1)
                self._change(b, x, 1)
        for y in gb:
            if y != b and y < players:
                self._change(b, y, -1)
                self._change(a, y, 1)
        ga[ga.index(a)] = b
        gb[gb.index(b)] = a
        where[a], where[b] = tb, ta
        for p in range(len(meets)):
            row = meets[p]
            here = together[p]
            here[ta] += row[b] - row[a]
            here[tb] += row[a] - row[b]
        self.cost += delta

    def _change(self, a, x, by):
        """meets[a][x] changes by `by`: so does, in every session, a's sum over x's table and
        x's over a's."""
        self.meets[a][x] += by
        self.meets[x][a] += by
        for r in range(len(self.sessions)):
            where, together = self.where[r], self.together[r]
            together[a][where[x]] += by
            together[x][where[a]] += by


def _spread_cost(repeats: int, players: int) -> int:
    """The search's cost of the evenest spread of meetings: the cost at which no plan can be
    better, so the search stops there."""
    if not repeats:
        return 0
    pairs = players * (players - 1) // 2
    each, more = divmod(repeats + pairs, pairs)
    return (pairs - more) * (each * (each - 1) // 2) + more * ((each + 1) * each // 2)


def _copy(sessions):
    return [[list(g) for g in groups] for groups in sessions]


# -- the order of the sessions -------------------------------------------------------------


def _order_sessions(sessions, players):
    """The sessions in the order with the fewest pairs meeting in two sessions running (every
    order for up to 8 sessions, else nearest neighbour from each start)."""
    pairs = [_pairs_of(groups, players) for groups in sessions]
    count = len(sessions)
    back_to_back = [[len(pairs[i] & pairs[j]) for j in range(count)] for i in range(count)]

    def cost(order):
        return sum(back_to_back[a][b] for a, b in itertools.pairwise(order))

    if count <= 8:
        order = min(itertools.permutations(range(count)), key=cost)
    else:
        starts = []
        for first in range(count):
            order, left = [first], set(range(count)) - {first}
            while left:
                nxt = min(left, key=lambda j, last=order[-1]: (back_to_back[last][j], j))
                order.append(nxt)
                left.remove(nxt)
            starts.append(order)
        order = min(starts, key=cost)
    return [sessions[i] for i in order]


def _pairs_of(groups, players):
    return {
        (a, b)
        for group in groups
        for a, b in itertools.combinations(sorted(group), 2)
        if b < players
    }


# -- the seats -----------------------------------------------------------------------------


def seat_order(sessions: list[list[list[int]]], players: int) -> list[list[list[int]]]:
    """Each table's players in seat order (East first), winds as even as they can be.

    Exact, by König's theorem: split each player's sessions into runs of four, one "copy" of
    the player each (the last copy may have fewer); the tables and the copies then form a
    bipartite graph in which every table has four seats and every full copy four tables. Take
    out one matching that seats every table's East and gives each copy at most one East, then
    South, West, North: each copy, so each run of four sessions, has each wind once. A table
    of three's empty seat takes a wind like a player, so its three players take the others."""
    tables = [(r, t) for r, groups in enumerate(sessions) for t in range(len(groups))]
    # copy_of[(r, t, p)]: which of p's copies sits there (p's sessions, four by four).
    copy_of = {}
    seen: dict[int, int] = {}
    for r, groups in enumerate(sessions):
        for t, group in enumerate(groups):
            for p in group:
                copy_of[(r, t, p)] = (p, seen.get(p, 0) // TABLE)
                seen[p] = seen.get(p, 0) + 1
    left = {(r, t): list(sessions[r][t]) for r, t in tables}
    seats = {(r, t): [None] * TABLE for r, t in tables}
    for wind in range(TABLE):
        # A table of three plays East, South and West: its empty seat is North.
        for table in tables:
            if wind < TABLE - 1:
                left[table] = sorted(left[table], key=lambda p: p >= players)
        match = _matching(tables, left, copy_of, players, north=wind == TABLE - 1)
        for (r, t), p in match.items():
            seats[(r, t)][wind] = p
            left[(r, t)].remove(p)
    return [
        [[p for p in seats[(r, t)] if p is not None] for t in range(len(groups))]
        for r, groups in enumerate(sessions)
    ]


def _matching(tables, left, copy_of, players, north):
    """One player (left at the table) for each table, no copy used twice (augmenting paths:
    Kuhn's algorithm; the graphs are small). An empty seat is only ever North."""
    owner: dict[tuple[int, int], tuple[int, int]] = {}  # copy -> table

    def place(table, visited):
        r, t = table
        for p in left[table]:
            if (p >= players) != (north and any(q >= players for q in left[table])):
                continue
            copy = copy_of[(r, t, p)]
            if copy in visited:
                continue
            visited.add(copy)
            if copy not in owner or place(owner[copy], visited):
                owner[copy] = table
                return True
        return False

    for table in tables:
        # Where no free copy is left (a run of fewer than four sessions, a table of three),
        # the table takes anyone: see below.
        place(table, set())
    chosen = {}
    for copy, table in owner.items():
        r, t = table
        chosen[table] = next(p for p in left[table] if copy_of[(r, t, p)] == copy)
    for table in tables:
        if table not in chosen:
            empty = [p for p in left[table] if p >= players]
            chosen[table] = empty[0] if north and empty else left[table][0]
    return chosen
