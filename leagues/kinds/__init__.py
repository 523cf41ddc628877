"""The games a league can play, one object each (leagues.kinds.base.GameKind), registered
once here. The rest of the site asks a league's or a match's game (`league.kind`,
`match.kind`) instead of testing which game it is. A third game is a package beside
leagues/kinds/mhing/ and leagues/kinds/mahjongg/ with its templates, one line in `KINDS`
and a value in `GameChoice` (docs/architecture.md, "One interface per game")."""

from __future__ import annotations

from .base import GameKind
from .mahjongg import MAHJONGG
from .mhing import MHING

# The first is the game a new league plays unless told otherwise.
KINDS: dict[str, GameKind] = {kind.key: kind for kind in (MHING, MAHJONGG)}
DEFAULT = MHING.key


def kind_of(game: str) -> GameKind:
    """The game stored as `game` on a league or a match."""
    return KINDS[game]


def all_kinds() -> list[GameKind]:
    return list(KINDS.values())


def live_games() -> list[str]:
    """The games played at live tables (games/)."""
    return [kind.key for kind in KINDS.values() if kind.live]
