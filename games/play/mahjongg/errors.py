"""Refusals that are Mah-Jongg's own; the shared ones (`not_your_turn`, `no_claim_window`,
`own_discard`, `already_answered`, `card_not_in_hand`, `no_such_seat`, `table_only`,
`players_only`, `claim_window_open`, `malformed_action`) come from `games.play.errors`.
Every refusal leaves the state as it was."""

from __future__ import annotations

from games.play.errors import IllegalAction


class GameOver(IllegalAction):
    code = "game_over"

    def __init__(self) -> None:
        super().__init__("the game is over: no more actions")


class NotJustDrawn(IllegalAction):
    """A kan or self-drawn Mah-Jongg only right after drawing (not after claiming a set)."""

    code = "not_just_drawn"

    def __init__(self, action: str) -> None:
        super().__init__(f"{action} only right after drawing a tile", action=action)


class NoSuchSet(IllegalAction):
    """The tiles make no such set: a chi that is no run, a pon without two alike, a kan
    without three (a claim) or four (declared), an added kan without an exposed pon."""

    code = "no_such_set"

    def __init__(self, kind: str, tiles: list[str]) -> None:
        super().__init__(f"no {kind} with {' '.join(tiles)}", kind=kind, tiles=tiles)


class ChiOnlyByNext(IllegalAction):
    code = "chi_only_by_next"

    def __init__(self, seat: int, next_seat: int) -> None:
        super().__init__(
            f"only the next player (seat {next_seat}) may claim a chi", seat=seat, next=next_seat
        )


class LastTileMahjonggOnly(IllegalAction):
    """§6 [ruling]: the last tile's discard may be claimed only for Mah-Jongg."""

    code = "last_tile_mahjongg_only"

    def __init__(self, action: str) -> None:
        super().__init__("the last tile's discard may be claimed only for Mah-Jongg", action=action)


class NotMahjongg(IllegalAction):
    code = "not_mahjongg"

    def __init__(self, hand: str) -> None:
        super().__init__(f"these tiles form no Mah-Jongg hand: {hand}", hand=hand)


class NotTheDrawnTile(IllegalAction):
    """§6: a kan is added to an exposed pon with the tile just drawn, not one held before."""

    code = "not_the_drawn_tile"

    def __init__(self, tile: str, drawn: str) -> None:
        super().__init__(
            f"only the tile just drawn ({drawn}) may be added to a pon, not {tile}",
            tile=tile,
            drawn=drawn,
        )
