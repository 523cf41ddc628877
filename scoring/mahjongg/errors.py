"""One exception class per kind of failure (MAHJONGG.md §1.2's `ERROR` list).

As in `scoring.mhing.errors`, each error carries its facts as attributes (which token, which
tile, how many) so that a user interface can word its own, translated message, and `str()`
gives a plain English one for the command line. The classes are Mah-Jongg's own, not
Mhing's: the facts differ (kans change how many tiles a hand needs, bonus tiles, the context
keys), and so do the words (tiles, not cards; no "use a Mhing card" hint).

`InvalidLine` covers input that cannot be scored at all; `NotWinning` is an outcome: a
caller's valid tiles that form no Mah-Jongg hand (§2.2).
"""

from __future__ import annotations

from .tiles import Bonus, Tile


def _plural(tile: Tile) -> str:
    """'5s of bamboo', 'red dragons'."""
    if tile.is_honour:
        return f"{tile.english}s"
    return f"{tile.rank}s of {tile.suit.english}"


class MahjonggError(Exception):
    """Base of every error the Mah-Jongg rules core raises."""


class InvalidLine(MahjonggError, ValueError):
    """The input is no hand or settlement line that could be scored."""


class UnknownToken(InvalidLine):
    SHOWN = 30  # characters of a long token the message shows

    def __init__(self, token: str) -> None:
        self.token = token
        shown = token if len(token) <= self.SHOWN else token[: self.SHOWN] + "…"
        super().__init__(f"unknown token '{shown}'")


class BracketError(InvalidLine):
    """Brackets do not pair up, or hold what may not lie in a set. `kind` is one of
    `BracketError.PROBLEMS`."""

    PROBLEMS = {
        "nested": "a bracket inside a bracket",
        "unopened": "a closing bracket without its opening one",
        "unclosed": "a bracket is never closed",
        "mismatched": "'[' closed by '}' or '{' by ']'",
        "bonus": "a bonus tile cannot lie in a set",
        "context": "a key=value token cannot stand inside a bracket",
    }

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.problem = self.PROBLEMS[kind]
        super().__init__(self.problem)


class BadSet(InvalidLine):
    """`[ ]` holds 3 tiles forming a chi or pon, or 4 identical ones; `{ }` 4 identical."""

    def __init__(self, text: str, size: int, concealed_kan: bool) -> None:
        self.text = text
        self.size = size
        self.concealed_kan = concealed_kan
        if concealed_kan:
            shown = f"{{{text}}}"
            problem = "is no concealed kan: '{ }' holds 4 identical tiles"
        else:
            shown = f"[{text}]"
            problem = "is no set: '[ ]' holds a chi or pon of 3 tiles, or a kan of 4"
        super().__init__(f"{shown} {problem}")


class TooManyCopies(InvalidLine):
    def __init__(self, tile: Tile, count: int) -> None:
        self.tile = tile
        self.count = count
        super().__init__(f"{count} {_plural(tile)}: there are 4 of each tile")


class RepeatedBonusTile(InvalidLine):
    def __init__(self, bonus: Bonus) -> None:
        self.bonus = bonus
        super().__init__(f"{bonus.code} twice: there is one of each bonus tile")


class WrongTileCount(InvalidLine):
    """`count` tiles where `needed`: 14 for the caller, 13 for the others, each plus one per
    kan (`kans`)."""

    def __init__(self, count: int, needed: int, kans: int, caller: bool) -> None:
        self.count = count
        self.needed = needed
        self.kans = kans
        self.caller = caller
        who = "the caller (win=)" if caller else "not the caller (no win=)"
        with_kans = f" with {kans} kan{'s' if kans > 1 else ''}" if kans else ""
        super().__init__(f"{count} tiles, need {needed}{with_kans}: {who}")


class BadContextValue(InvalidLine):
    """A key=value token whose value cannot be read. `expected` says what may stand there."""

    EXPECTED = {
        "seat": "E, S, W or N",
        "round": "E, S, W or N",
        "win": "one tile, such as 5c or Rd",
        "by": "wall, discard, kan or last",
        "limit": "a whole number from 1 to 999999999",
        "pairs": "caller or all",
        "settle": "diff or full",
        "winner": "a seat (E, S, W, N) or none",
        "dealer": "a seat: E, S, W or N",
        "score": "a whole number from 0 to 999999999",
    }

    def __init__(self, key: str, value: str, expected: str | None = None) -> None:
        self.key = key
        self.value = value
        self.expected = expected or self.EXPECTED[key]
        super().__init__(f"{key}={value}: expected {self.expected}")


class RepeatedKey(InvalidLine):
    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(f"{key}= given twice")


class MisplacedKey(InvalidLine):
    """A settlement key in a hand line, or a hand key or tile in a settlement line."""

    def __init__(self, token: str, line: str) -> None:
        self.token = token
        self.line = line
        super().__init__(f"'{token}' does not belong in a {line} line")


class MissingKey(InvalidLine):
    """A required key is absent: `seat`/`round` in a hand line; `settle`, `winner` or a
    seat's score in a settlement line."""

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(f"{key}= is missing")


class WinWithoutBy(InvalidLine):
    def __init__(self) -> None:
        super().__init__("win= needs by= (wall, discard, kan or last)")


class ByWithoutWin(InvalidLine):
    def __init__(self) -> None:
        super().__init__("by= needs win=, the winning tile")


class WinNotConcealed(InvalidLine):
    def __init__(self, tile: Tile) -> None:
        self.tile = tile
        super().__init__(f"win={tile.code} is not among the concealed tiles")


class KanReplacementWithoutKan(InvalidLine):
    def __init__(self) -> None:
        super().__init__("by=kan needs a kan: [ ] or { } of 4 tiles")


class BadSettlement(InvalidLine):
    """A settlement line whose seats do not fit together (`problem` says how)."""

    def __init__(self, problem: str) -> None:
        self.problem = problem
        super().__init__(problem)


class OneSetExceeded(InvalidLine):
    """The hands of one game together hold more of a tile than one set has (§1.1): a fifth
    copy of a tile, or a bonus tile twice, although each hand alone may be valid. `tile` is
    the `Tile` or `Bonus`, `count` how many the hands hold, `hands` the indexes (from 0) of
    the hands holding it; `also` the other tiles the same hands hold too many of, each an
    OneSetExceeded."""

    def __init__(
        self,
        tile: Tile | Bonus,
        count: int,
        hands: tuple[int, ...],
        also: tuple[OneSetExceeded, ...] = (),
    ) -> None:
        self.tile = tile
        self.count = count
        self.hands = hands
        self.also = also
        where = ", ".join(str(index + 1) for index in hands)
        if isinstance(tile, Bonus):
            problem = f"{tile.code} {count} times in hands {where}: there is one of each bonus tile"
        else:
            problem = (
                f"{count} {_plural(tile)} in hands {where}: one set at a table has 4 of each tile"
            )
        super().__init__("; ".join([problem, *(str(other) for other in also)]))

    @property
    def every(self) -> tuple[OneSetExceeded, ...]:
        """This tile and the others over-used in the same game, in tile order."""
        return (self, *self.also)

    @property
    def holders(self) -> tuple[int, ...]:
        """The hands holding any of the over-used tiles."""
        return tuple(sorted({hand for each in self.every for hand in each.hands}))


class NotWinning(MahjonggError):
    """A caller's valid tiles that form no Mah-Jongg hand (§2.2): an outcome, not an error
    of input."""

    def __init__(self, hand_text: str) -> None:
        self.hand_text = hand_text
        super().__init__(
            "not a Mah-Jongg hand: the tiles form neither four sets and a pair nor a special "
            "hand (seven pairs, thirteen orphans, nine gates)"
        )
