"""A Mah-Jongg match at the live table (MAHJONGG.md §7): games follow one another by the
profile's rotation until the last round ends; every game is settled by
`scoring.mahjongg.match.play_game` with the running balance, as a league records it.

```python
match = new_match(Profile(players=4), seed=7)
while not match.finished:
    state, events = start_game(match)  # seated by match.next, shuffled by the match's seed
    ...  # play until state.phase is Phase.OVER
    match = record_game(match, state)
```

Players are numbered 0..n-1 (player 0 is East in the first game); `GameState` seats are
winds, `Game.seats[p]` says where player p sits.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from scoring.mahjongg.match import GameEntry, GameOutcome, replay
from scoring.mahjongg.profile import Profile
from scoring.mahjongg.rotation import Game, first_game, next_game
from scoring.mahjongg.tiles import Wind

from .ending import entry_for, settle_game
from .engine import Events, new_game
from .state import GameState, Phase


class MatchIsOver(Exception):
    pass


@dataclass(frozen=True)
class Match:
    profile: Profile
    seed: int | str
    next: Game | None  # the game to play next; None: the match is over
    games: tuple[GameOutcome, ...] = ()
    balance: tuple[int, ...] = ()

    @property
    def finished(self) -> bool:
        return self.next is None


def new_match(profile: Profile, seed: int | str) -> Match:
    return Match(
        profile, seed, first_game(profile.rotation, profile.players), (), (0,) * profile.players
    )


def game_seed(match: Match) -> str:
    return f"{match.seed}:{len(match.games) + 1}"


def start_game(match: Match) -> tuple[GameState, Events]:
    if match.next is None:
        raise MatchIsOver("the match is over")
    return new_game(match.profile, match.next, seed=game_seed(match))


def record_game(match: Match, state: GameState) -> Match:
    """The finished game settled into the match, and the next game by the rotation."""
    if match.next is None:
        raise MatchIsOver("the match is over")
    if state.phase is not Phase.OVER or state.game != match.next:
        raise ValueError("record the finished game the match is waiting for")
    outcome = state.outcome
    entry = entry_for(state, outcome.hands, outcome.winner)
    result = settle_game(state, entry, len(match.games) + 1, match.balance)
    winner = Wind(outcome.winner) if outcome.winner is not None else None
    following = next_game(
        match.next, winner, settled_draw=winner is None and match.profile.settled_draw
    )
    return replace(match, next=following, games=(*match.games, result), balance=result.balance)


def match_to_dict(match: Match) -> dict[str, Any]:
    """Storage form: the profile, the seed and each game as a league enters it (caller and
    hands by player). Holds the seed, from which every wall follows: never send it to a
    player."""
    return {
        "format": 1,
        "profile": match.profile.to_dict(),
        "seed": match.seed,
        "games": [{"caller": g.entry.caller, "hands": list(g.entry.hands)} for g in match.games],
    }


def match_from_dict(data: dict[str, Any]) -> Match:
    """The stored match, replayed by `scoring.mahjongg.match.replay` (ValueError, or its
    `EntryError`, for data that is no match)."""
    if data.get("format") != 1:
        raise ValueError(f"unknown format: {data.get('format')!r}")
    profile = Profile.from_dict(data["profile"])
    entries = [GameEntry(g["caller"], tuple(g["hands"])) for g in data["games"]]
    replayed = replay(profile, entries)
    balance = replayed.balance if entries else (0,) * profile.players
    return Match(profile, data["seed"], replayed.next, replayed.outcomes, balance)
