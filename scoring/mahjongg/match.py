"""A Mah-Jongg match replayed from what was entered (MAHJONGG.md §5, §7): for each game, who
called Mah-Jongg (or a draw) and each player's tiles; out come the seat winds and the
prevailing wind of every game, who dealt, every hand's score, the payments and the running
balances. Pure: the league layer stores the entries and this recomputes everything from them
under the match's own rule profile, so a correction recomputes identically.

Players are numbered 0..n-1 in the order they sat down (player 0 is East in the first game);
a hand as entered carries no `seat=`, `round=` or `limit=`: the sheet knows them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .errors import MahjonggError, NotWinning, OneSetExceeded
from .hand import Pairs
from .notation import parse_hand
from .profile import Profile
from .rotation import Game, first_game, next_game
from .score import Score, score_hand
from .settle import Payment, settle
from .table import check_one_set
from .tiles import Wind

# Keys the sheet supplies itself (the winds; the limit and `pairs` from the rule profile):
# typing them is refused rather than silently overridden.
_CONTEXT = re.compile(r"(?:^|\s)(seat|round|limit|pairs)\s*=", re.IGNORECASE)


class EntryError(Exception):
    """A game that cannot be entered. `kind` says why, `number` is the game's number in the
    match (from 1), `player` the player whose hand is at fault (or None), `cause` the
    engine's error for a hand that does not parse or forms no Mah-Jongg."""

    KINDS = (
        "players",  # not one hand per player
        "caller",  # the caller is no player
        "empty",  # a hand that must be given is missing
        "context",  # a hand gives seat=, round= or limit=
        "invalid",  # the engine cannot read the hand (cause: InvalidLine)
        "not_winning",  # the caller's tiles form no Mah-Jongg (cause: NotWinning)
        "win_not_caller",  # win=/by= on the line of a player who did not call
        "caller_no_win",  # the caller's line has no win=/by=
        "bonus_off",  # bonus tiles, but the profile plays without them
        "match_over",  # the match ended before this game
        "one_set",  # the hands together hold more than one set (cause: OneSetExceeded)
    )

    def __init__(
        self,
        kind: str,
        number: int,
        player: int | None = None,
        cause: MahjonggError | None = None,
        detail: str = "",
        players: tuple[int, ...] = (),
    ) -> None:
        assert kind in self.KINDS
        super().__init__(f"game {number}: {kind}" + (f" (player {player})" if player else ""))
        self.kind = kind
        self.number = number
        self.player = player
        self.cause = cause
        self.detail = detail
        # The players whose hands are at fault together ("one_set"); `player` is None then.
        self.players = players


@dataclass(frozen=True)
class GameEntry:
    """What is entered for one game: `caller` the player who called Mah-Jongg (None: a
    draw), `hands[p]` player p's tiles in notation (the caller's with `win=` and `by=`;
    "" for a hand not given, allowed only in a draw that is not settled)."""

    caller: int | None
    hands: tuple[str, ...]


@dataclass(frozen=True)
class GameOutcome:
    number: int  # within the match, from 1
    game: Game  # the seat winds, the prevailing wind, the game's number in its round, the dealer
    entry: GameEntry
    scores: tuple[Score | None, ...]  # per player; None: no hand given
    payments: tuple[Payment, ...]
    net: tuple[int, ...]  # per player: this game's payments received less paid
    balance: tuple[int, ...]  # per player: the running balance after this game

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(score.total if score else 0 for score in self.scores)

    @property
    def is_draw(self) -> bool:
        return self.entry.caller is None

    @property
    def east(self) -> int:
        """The player who sat East."""
        return self.game.player_at(Wind.EAST)


@dataclass(frozen=True)
class MatchReplay:
    outcomes: tuple[GameOutcome, ...]
    next: Game | None  # the next game to play; None: the match is over
    balance: tuple[int, ...]

    @property
    def finished(self) -> bool:
        return self.next is None

    def places(self) -> tuple[int, ...]:
        """Each player's place by balance, ties sharing the better place."""
        return tuple(1 + sum(other > mine for other in self.balance) for mine in self.balance)


def replay(profile: Profile, entries: list[GameEntry] | tuple[GameEntry, ...]) -> MatchReplay:
    """Every game of the match in order. Raises `EntryError` for the first game that cannot
    be (nothing is partly replayed)."""
    entries = tuple(entries)
    if (done := _REPLAYED.get((profile, entries))) is not None:
        return done
    # Adding a game replays the match so far: start from that replay when it was just made
    # (entering games one by one, an import) instead of from the first game.
    before = _REPLAYED.get((profile, entries[:-1])) if entries else None
    game: Game | None = first_game(profile.rotation, profile.players)
    balance = [0] * profile.players
    outcomes: list[GameOutcome] = []
    if before is not None:
        game, balance, outcomes = before.next, list(before.balance), list(before.outcomes)
    for number, entry in enumerate(entries[len(outcomes) :], start=len(outcomes) + 1):
        if game is None:
            raise EntryError("match_over", number)
        outcome = play_game(profile, game, entry, number, tuple(balance))
        balance = list(outcome.balance)
        outcomes.append(outcome)
        winner = game.seats[entry.caller] if entry.caller is not None else None
        game = next_game(game, winner, settled_draw=winner is None and profile.settled_draw)
    result = MatchReplay(tuple(outcomes), game, tuple(balance))
    _REPLAYED.put((profile, entries), result)
    return result


@dataclass(frozen=True)
class StoredReplay:
    """A stored match replayed around the games that cannot be (`replay_stored`)."""

    outcomes: tuple[GameOutcome | None, ...]  # None: a game that cannot be, kept as stored
    refused: tuple[EntryError, ...]  # why each of those cannot be, in game order
    balances: tuple[tuple[int, ...], ...]  # per game: each player's running balance after it
    balance: tuple[int, ...]
    next: Game | None  # the next game to play; None: over, or no longer known

    def places(self) -> tuple[int, ...]:
        return tuple(1 + sum(other > mine for other in self.balance) for mine in self.balance)


def replay_stored(
    profile: Profile,
    entries: list[GameEntry] | tuple[GameEntry, ...],
    stored_net: list[list[int]] | tuple[tuple[int, ...], ...],
) -> StoredReplay:
    """A match as a league stored it, replayed game by game like `replay`, except that a game
    that cannot be (a game the old rule book let through: §1.1) does not stop the rest: it
    is reported in `refused` and counts with the payments it was stored with
    (`stored_net[n]`), and the games after it are replayed as usual, since who sits East
    next follows from who called, whatever the tiles. Only when that is unknown (a caller
    who is no player) are the games after it counted as stored too."""
    try:
        done = replay(profile, entries)
    except EntryError:
        pass
    else:
        balances = tuple(outcome.balance for outcome in done.outcomes)
        return StoredReplay(done.outcomes, (), balances, done.balance, done.next)
    game: Game | None = first_game(profile.rotation, profile.players)
    lost = False  # who sits where is no longer known
    balance = (0,) * profile.players
    outcomes: list[GameOutcome | None] = []
    refused: list[EntryError] = []
    balances: list[tuple[int, ...]] = []
    for number, entry in enumerate(entries, start=1):
        outcome = None
        if not lost:
            try:
                if game is None:
                    raise EntryError("match_over", number)
                outcome = play_game(profile, game, entry, number, balance)
            except EntryError as error:
                refused.append(error)
                lost = error.kind == "caller"
        if outcome is None:
            net = tuple(stored_net[number - 1]) or (0,) * profile.players
            balance = tuple(b + n for b, n in zip(balance, net, strict=True))
        else:
            balance = outcome.balance
        outcomes.append(outcome)
        balances.append(balance)
        if game is not None and not lost:
            winner = game.seats[entry.caller] if entry.caller is not None else None
            game = next_game(game, winner, settled_draw=winner is None and profile.settled_draw)
    following = None if lost else game
    return StoredReplay(tuple(outcomes), tuple(refused), tuple(balances), balance, following)


def play_game(
    profile: Profile, game: Game, entry: GameEntry, number: int, before: tuple[int, ...]
) -> GameOutcome:
    """One game: its hands scored with the seat and prevailing winds `game` gives, checked
    together against one set of tiles (§1.1), settled. The live table settles its games
    here too, so a game no table could hold is refused on every path."""
    if len(entry.hands) != game.players:
        raise EntryError("players", number)
    if entry.caller is not None and not 0 <= entry.caller < game.players:
        raise EntryError("caller", number)
    settled = entry.caller is not None or profile.settled_draw
    scores: list[Score | None] = []
    for player, text in enumerate(entry.hands):
        scores.append(_score(profile, game, entry, number, player, text.strip(), settled))
    try:
        # §1.1: every hand may be sound and the game still impossible at one table.
        check_one_set([score.hand if score else None for score in scores])
    except OneSetExceeded as error:
        raise EntryError("one_set", number, cause=error, players=error.holders) from error
    payments: tuple[Payment, ...] = ()
    net = [0] * game.players
    if settled:
        result = settle(
            {game.seats[p]: score.total for p, score in enumerate(scores) if score},
            game.seats[entry.caller] if entry.caller is not None else None,
            profile.settle,
            game.dealer,
        )
        payments = result.payments
        by_seat = result.net
        net = [by_seat[game.seats[p]] for p in range(game.players)]
    balance = tuple(b + n for b, n in zip(before, net, strict=True))
    return GameOutcome(number, game, entry, tuple(scores), payments, tuple(net), balance)


def line_for(game: Game, player: int, text: str) -> str:
    """The full line the engine scores: the hand as entered and the sheet's context."""
    return f"{text} seat={game.seats[player].code} round={game.round_wind.code}"


def _score(
    profile: Profile,
    game: Game,
    entry: GameEntry,
    number: int,
    player: int,
    text: str,
    settled: bool,
) -> Score | None:
    if not text:
        if settled:
            raise EntryError("empty", number, player)
        return None
    if found := _CONTEXT.search(text):
        raise EntryError("context", number, player, detail=found.group(1).lower())
    try:
        hand = _parsed(line_for(game, player, text))
    except MahjonggError as error:
        raise EntryError("invalid", number, player, cause=error) from error
    is_caller = player == entry.caller
    if hand.win is not None and not is_caller:
        raise EntryError("win_not_caller", number, player)
    if hand.win is None and is_caller:
        raise EntryError("caller_no_win", number, player)
    if hand.bonus and not profile.bonus_tiles:
        raise EntryError("bonus_off", number, player)
    try:
        return _scored(hand, profile.limit, profile.pairs)
    except NotWinning as error:
        raise EntryError("not_winning", number, player, cause=error) from error
    except MahjonggError as error:
        raise EntryError("invalid", number, player, cause=error) from error


# A league stores what was entered, not results, and replays its match from the first game
# whenever a game is added or corrected: an n-game match played n²/2 games, and a file of
# long matches would take hours to import. A line (context included) always parses, and a hand
# with a limit always scores, the same; a replay is a function of the profile and the
# entries; all are frozen, so each is worked out once and kept while it is likely to be
# asked for again.
class _Recent:
    """A small map that forgets its oldest entry when full (thread-safe enough: a dict's get
    and set are atomic under the GIL, and a lost race only repeats work)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: dict = {}

    def get(self, key):
        return self.items.get(key)

    def put(self, key, value) -> None:
        if len(self.items) >= self.size:
            try:
                del self.items[next(iter(self.items))]
            except (KeyError, StopIteration, RuntimeError):
                pass
        self.items[key] = value


_REPLAYED = _Recent(64)


@lru_cache(maxsize=4096)
def _parsed(line: str):
    return parse_hand(line)


@lru_cache(maxsize=4096)
def _scored(hand, limit: int, pairs: Pairs) -> Score:
    return score_hand(hand, limit, pairs)
