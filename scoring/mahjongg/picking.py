"""Building a hand tile by tile, as the Mah-Jongg calculator's picker does (MAHJONGG.md §1.2).

Each change takes a `Hand` and returns a new one, or raises `Refused` with why not: a fifth
copy, a hand already full, a chi that cannot start at the tile, a bonus tile twice. A hand
being built is usually not valid yet (too few tiles, no winning tile): these functions keep
it readable, and `Hand.validate()` and `score_hand` stay the judges of the finished hand.

Pure Python like the rest of the package; the page words the refusals (`Refused.reason`).
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum

from .hand import CALLER_TILES, Hand, Meld, WinBy
from .tiles import COPIES_PER_CARD, SUIT_TILES, Bonus, Tile, Wind


class AddAs(Enum):
    """What one tap on a tile adds: the tile itself to the concealed hand, or a whole set
    laid out with it (a chi starting at it, its pon, its open or its concealed kan)."""

    TILE = "tile"
    CHI = "chi"
    PON = "pon"
    KAN = "kan"  # an open kan `[ ]`
    CONCEALED_KAN = "ckan"  # a declared concealed kan `{ }`


class Refused(ValueError):
    """A change the picker does not make. `reason` is one of `REASONS`; `tile` or `bonus`
    says which tile it is about."""

    REASONS = {
        "copies": "all four copies are in the hand",
        "full": "the hand is full: 14 tiles plus one per kan",
        "chi": "a chi starts at a suit tile 1 to 7",
        "bonus": "the bonus tile is in the hand already",
    }

    def __init__(self, reason: str, tile: Tile | None = None, bonus: Bonus | None = None):
        self.reason = reason
        self.tile = tile
        self.bonus = bonus
        super().__init__(self.REASONS[reason])


def _new_tiles(tile: Tile, add_as: AddAs) -> tuple[Tile, ...]:
    if add_as is AddAs.TILE:
        return (tile,)
    if add_as is AddAs.CHI:
        if tile >= SUIT_TILES or tile % 9 > 6:
            raise Refused("chi", tile=tile)
        return (tile, Tile(tile + 1), Tile(tile + 2))
    if add_as is AddAs.PON:
        return (tile,) * 3
    return (tile,) * 4


def add_tile(hand: Hand, tile: Tile, add_as: AddAs = AddAs.TILE) -> Hand:
    """The hand with `tile` added as `add_as`. Refused on a fifth copy of any tile, or when
    the hand would hold more than the caller's 14 tiles plus one per kan."""
    new = _new_tiles(tile, add_as)
    counts: dict[Tile, int] = {}
    for held in (*hand.all_tiles(), *new):
        counts[held] = counts.get(held, 0) + 1
    over = next((t for t in new if counts[t] > COPIES_PER_CARD), None)
    if over is not None:
        raise Refused("copies", tile=over)
    kans = hand.kans + (add_as in (AddAs.KAN, AddAs.CONCEALED_KAN))
    if hand.tile_count + len(new) > CALLER_TILES + kans:
        raise Refused("full", tile=tile)
    if add_as is AddAs.TILE:
        return replace(hand, concealed=(*hand.concealed, tile))
    meld = Meld(new, concealed=add_as is AddAs.CONCEALED_KAN)
    return replace(hand, melds=(*hand.melds, meld))


def add_bonus(hand: Hand, bonus: Bonus) -> Hand:
    if bonus in hand.bonus:
        raise Refused("bonus", bonus=bonus)
    return replace(hand, bonus=(*hand.bonus, bonus))


def remove_tile(hand: Hand, tile: Tile) -> Hand:
    """The hand with one concealed `tile` taken out; when it was the last copy of the
    winning tile, the hand is no caller's any more (no `win=`, no `by=`)."""
    concealed = list(hand.concealed)
    if tile not in concealed:
        return hand
    concealed.remove(tile)
    if hand.win == tile and tile not in concealed:
        return replace(hand, concealed=tuple(concealed), win=None, by=None)
    return replace(hand, concealed=tuple(concealed))


def remove_meld(hand: Hand, index: int) -> Hand:
    if not 0 <= index < len(hand.melds):
        return hand
    melds = hand.melds[:index] + hand.melds[index + 1 :]
    by = hand.by
    if by is WinBy.KAN and not any(len(m.tiles) == 4 for m in melds):
        by = WinBy.WALL  # a kan replacement needs a kan; self-drawn it still was
    return replace(hand, melds=melds, by=by)


def remove_bonus(hand: Hand, bonus: Bonus) -> Hand:
    return replace(hand, bonus=tuple(b for b in hand.bonus if b != bonus))


def with_winds(hand: Hand, seat: Wind | None = None, round_wind: Wind | None = None) -> Hand:
    """The hand with the winds given changed; a wind not given stays, or is East when the
    hand has none yet (the picker's hand always has both, MAHJONGG.md requires them)."""
    # Not `or`: East is 0.
    seat = seat if seat is not None else hand.seat_wind
    round_wind = round_wind if round_wind is not None else hand.round_wind
    return replace(
        hand,
        seat_wind=Wind.EAST if seat is None else seat,
        round_wind=Wind.EAST if round_wind is None else round_wind,
    )


def with_win(hand: Hand, tile: Tile | None, by: WinBy | None = None) -> Hand:
    """The caller's hand won on `tile` (one of the concealed tiles) that came `by`, or with
    `tile` None no caller's hand. Without `by`, it keeps the hand's, or is a discard."""
    if tile is None:
        return replace(hand, win=None, by=None)
    if tile not in hand.concealed:
        return hand
    return replace(hand, win=tile, by=by or hand.by or WinBy.DISCARD)


def with_by(hand: Hand, by: WinBy) -> Hand:
    """How the winning tile came; only a caller's hand has one."""
    if hand.win is None:
        return hand
    return replace(hand, by=by)
