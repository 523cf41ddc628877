"""The games played at live tables, by key: filled once by games.apps.GamesConfig.ready, which
imports each game's package (the shell modules, games/*.py, never do), and asked by the shell
as `live_game(table.game)` (docs/architecture.md, "One interface per game")."""

from __future__ import annotations

from games.engine import LiveGame

_GAMES: dict[str, LiveGame] = {}


def register(game: LiveGame) -> None:
    if game.key in _GAMES and _GAMES[game.key] is not game:
        raise ValueError(f"a live game {game.key!r} is registered already")
    _GAMES[game.key] = game


def live_game(key: str) -> LiveGame:
    """The game of that key; KeyError when no game of that key is played live."""
    return _GAMES[key]


def live_games() -> list[LiveGame]:
    return list(_GAMES.values())


def refusals() -> tuple[type[Exception], ...]:
    """Every registered engine's refused-action exceptions, for an `except` clause."""
    return tuple({error for game in _GAMES.values() for error in game.refusals})
