"""The whole game state as JSON-ready data, and back: `state_from_dict(state_to_dict(s)) == s`.

What a server stores after every action: it holds everything, the wall's order and every
hand included, so it must never be sent to a browser (send `view_for`). A finished game
stores who called and how; loading scores and settles the hands again (`ending.finish`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from scoring.mahjongg.profile import Profile, ProfileError
from scoring.mahjongg.rotation import Game, Rotation
from scoring.mahjongg.tiles import Wind

from .actions import ANSWERS, action_from_dict
from .ending import finish
from .state import GameState, Meld, MeldKind, Phase, SeatState
from .tiles import full_set, parse_tile, tile_code

FORMAT = 1


class StateFormatError(ValueError):
    """Stored data that is not a game state this version can read."""


def _codes(tiles) -> list[str]:
    return [tile_code(t) for t in tiles]


# The codes as stored (tile_code's spelling), to their tiles: a stored state is read in every
# server process after every move (games.snapshots.adopt), a whole wall of codes each time.
_STORED = {tile_code(t): t for t in full_set(bonus_tiles=True)}


def _tiles(names) -> tuple[int, ...]:
    try:
        return tuple(map(_STORED.__getitem__, names))
    except (KeyError, TypeError):  # another spelling, or not a code: parse_tile says which
        return tuple(parse_tile(n) for n in names)


def game_to_dict(game: Game) -> dict[str, Any]:
    return {
        "rotation": game.rotation.value,
        "round_wind": game.round_wind.code,
        "number": game.number,
        "seats": [w.code for w in game.seats],
        "passes": game.passes,
    }


def game_from_dict(data: dict[str, Any]) -> Game:
    winds = {w.code: w for w in Wind}
    return Game(
        Rotation(data["rotation"]),
        winds[data["round_wind"]],
        int(data["number"]),
        tuple(winds[w] for w in data["seats"]),
        int(data["passes"]),
    )


def state_to_dict(state: GameState) -> dict[str, Any]:
    outcome = state.outcome
    return {
        "format": FORMAT,
        "profile": state.profile.to_dict(),
        "game": game_to_dict(state.game),
        "seed": state.seed,
        "wall": _codes(state.wall),
        "dice": [list(d) for d in state.dice],
        "dead": state.dead,
        "front": state.front,
        "back": state.back,
        "seats": [
            {
                "concealed": _codes(s.concealed),
                "melds": [
                    {
                        "tiles": _codes(m.tiles),
                        "kind": m.kind.value,
                        "concealed": m.concealed,
                        "from": m.claimed_from,
                        "claimed": None if m.claimed is None else tile_code(m.claimed),
                    }
                    for m in s.melds
                ],
                "bonus": _codes(s.bonus),
                "discards": _codes(s.discards),
            }
            for s in state.seats
        ],
        "turn": state.turn,
        "phase": state.phase.value,
        "drawn": None if state.drawn is None else tile_code(state.drawn),
        "drawn_by": state.drawn_by,
        "last_discard": (
            None
            if state.last_discard is None
            else [state.last_discard[0], tile_code(state.last_discard[1])]
        ),
        "answers": [None if a is None else a.to_dict() for a in state.answers],
        "moves": state.moves,
        "outcome": (
            None
            if outcome is None
            else {
                "winner": outcome.winner,
                "discarder": outcome.discarder,
                "win": None if outcome.win is None else tile_code(outcome.win),
                "by": outcome.by,
                # For readers of the stored data; loading scores the hands again.
                "scores": list(outcome.scores),
                "net": list(outcome.net),
            }
        ),
    }


def state_from_dict(data: Any) -> GameState:
    """The stored state; `StateFormatError` for anything this version cannot read."""
    try:
        if data.get("format") != FORMAT:
            raise StateFormatError(f"unknown format: {data.get('format')!r}")
        state = _read(data)
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ProfileError) as error:
        raise StateFormatError(f"unreadable game state: {error}") from error
    return state


def _read(data: dict[str, Any]) -> GameState:
    profile = Profile.from_dict(data["profile"])
    wall = _tiles(data["wall"])
    if Counter(wall) != Counter(full_set(profile.bonus_tiles)):
        raise StateFormatError("the wall is not one set of tiles")
    seats = tuple(
        SeatState(
            _tiles(s["concealed"]),
            tuple(
                Meld(
                    _tiles(m["tiles"]),
                    MeldKind(m["kind"]),
                    bool(m["concealed"]),
                    m["from"],
                    None if m["claimed"] is None else parse_tile(m["claimed"]),
                )
                for m in s["melds"]
            ),
            _tiles(s["bonus"]),
            _tiles(s["discards"]),
        )
        for s in data["seats"]
    )
    last = data["last_discard"]
    answers = tuple(None if a is None else action_from_dict(a) for a in data["answers"])
    if not all(a is None or isinstance(a, ANSWERS) for a in answers):
        raise StateFormatError("an answer that is no answer")
    (a, b), (c, d) = data["dice"]
    state = GameState(
        profile=profile,
        game=game_from_dict(data["game"]),
        wall=wall,
        dice=((int(a), int(b)), (int(c), int(d))),
        dead=int(data["dead"]),
        front=int(data["front"]),
        back=int(data["back"]),
        seats=seats,
        turn=int(data["turn"]),
        phase=Phase(data["phase"]),
        drawn=None if data["drawn"] is None else parse_tile(data["drawn"]),
        drawn_by=data["drawn_by"],
        last_discard=None if last is None else (int(last[0]), parse_tile(last[1])),
        answers=answers,
        moves=int(data["moves"]),
        seed=data["seed"],
    )
    stored = data["outcome"]
    if stored is None:
        return state
    win = None if stored["win"] is None else parse_tile(stored["win"])
    over = finish(state, seats, stored["winner"], stored["discarder"], win, stored["by"])
    return over.evolve(moves=state.moves)
