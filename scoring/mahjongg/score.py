"""Score one player's hand (MAHJONGG.md §3): points, doublings, the caller's extras, the best
arrangement, the limit, and a breakdown naming every item by its row (`rows.ROWS`).

score = (sum of points) × 2^(doublings), capped at the limit; seven pairs scores 3000 (capped
too), the other special hands exactly the limit. A caller's hand scores its best arrangement
([ruling] §2.2): every split into sets and a pair, every group the winning tile may complete,
and the special hands are tried.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import NamedTuple

from .arrangement import (
    Arrangement,
    ArrangementKind,
    Group,
    GroupKind,
    special_arrangement,
    special_kind,
    standard_splits,
    unsplit,
)
from .errors import NotWinning
from .hand import DEFAULT_LIMIT, SEVEN_PAIRS_SCORE, Hand, Pairs, WinBy
from .notation import format_hand, parse_hand
from .rows import BY_KEY, Row, RowKind
from .tiles import (
    DRAGON_TILES,
    KINDS,
    SUIT_TILES,
    WIND_TILES,
    Wind,
    is_simple,
    is_terminal_or_honour,
)


class Item(NamedTuple):
    """One line of the breakdown: a row, what it adds (points, doublings, or for a limit row
    the score), and what it is about in notation (`[RdRdRd]`, `F3 S3`, `5c`; may be empty)."""

    row: Row
    value: int
    about: str = ""

    @property
    def key(self) -> str:
        return self.row.key

    @property
    def kind(self) -> RowKind:
        return self.row.kind


@dataclass(frozen=True)
class Score:
    hand: Hand
    arrangement: Arrangement
    items: tuple[Item, ...]  # points, then doublings, then a limit row if one applies
    points: int
    doublings: int
    value: int  # points × 2^doublings; seven pairs 3000; the other special hands the limit
    limit: int
    pairs: Pairs = Pairs.CALLER  # the variant of §3.1 it was scored under

    @property
    def total(self) -> int:
        """The hand's score: its value capped at the limit (§3.4)."""
        return min(self.value, self.limit)

    @property
    def limited(self) -> bool:
        return self.value > self.limit

    def breakdown(self) -> dict[str, int]:
        """{row key: its points, its doublings, or (a limit row) the score}."""
        found: dict[str, int] = {}
        for item in self.items:
            found[item.key] = found.get(item.key, 0) + item.value
        return found


def _row(key: str) -> Row:
    return BY_KEY[key]


# §3.1: a pon's or kan's points row, by (kind, open, tile), looked up rather than built.
def _points_row(kind: GroupKind, is_open: bool, tile: int) -> Row:
    tiles = "simples" if is_simple(tile) else "terminals" if tile < SUIT_TILES else "honours"
    return _row(f"{'open' if is_open else 'concealed'}_{kind.value}_{tiles}")


_SETS = (GroupKind.PON, GroupKind.KAN)
_POINTS_ROW = {
    (kind, is_open, tile): _points_row(kind, is_open, tile)
    for kind in _SETS
    for is_open in (False, True)
    for tile in range(KINDS)
}


def _doubling_row(kind: GroupKind, tile: int, seat: Wind, round_wind: Wind) -> Row | None:
    """[ruling] §3.2: the rows are totals, so a set takes exactly the one that fits."""
    size = kind.value
    if tile < SUIT_TILES:
        return _row("suit_kan") if kind is GroupKind.KAN else None
    if tile in DRAGON_TILES:
        return _row(f"dragon_{size}")
    wind = tile - WIND_TILES[0]
    if wind == seat and wind == round_wind:
        return _row(f"double_wind_{size}")
    if wind == seat:
        return _row(f"seat_wind_{size}")
    if wind == round_wind:
        return _row(f"round_wind_{size}")
    return _row(f"wind_{size}")


# A group's items for a seat and round: (points item or None, doubling item or None).
_GroupItems = tuple[Item | None, Item | None]
_group_items_cache: dict[tuple[Group, Wind, Wind], _GroupItems] = {}
_CACHE_LIMIT = 1 << 12


def _group_items(group: Group, seat: Wind, round_wind: Wind) -> _GroupItems:
    found = _group_items_cache.get((group, seat, round_wind))
    if found is None:
        points = doubling = None
        if group.kind in _SETS:
            text = group.text
            row = _POINTS_ROW[group.kind, group.open, group.tile]
            points = Item(row, row.value, text)
            row = _doubling_row(group.kind, group.tile, seat, round_wind)
            doubling = None if row is None else Item(row, row.value, text)
        found = (points, doubling)
        if len(_group_items_cache) >= _CACHE_LIMIT:
            _group_items_cache.clear()
        _group_items_cache[group, seat, round_wind] = found
    return found


class _HandItems(NamedTuple):
    """What does not depend on the arrangement: bonus tiles' points, purity and bonus
    doublings, and whether every tile is a simple."""

    points: tuple[Item, ...]
    doublings: tuple[Item, ...]
    only_simples: bool


def _hand_items(hand: Hand) -> _HandItems:
    points: list[Item] = []
    doublings: list[Item] = []
    if hand.bonus:
        row = _row("bonus_tile")
        points.append(Item(row, row.value * len(hand.bonus), " ".join(b.code for b in hand.bonus)))
    tiles = hand.all_tiles()
    suits = {tile // 9 for tile in tiles if tile < SUIT_TILES}
    honours = any(tile >= SUIT_TILES for tile in tiles)
    # [ruling] §3.2: all doublings that apply add up; honours alone have no suit.
    if len(suits) == 1:
        doublings.append(_item("one_suit_with_honours" if honours else "one_suit"))
    if all(is_terminal_or_honour(tile) for tile in tiles):
        doublings.append(_item("terminals_and_honours"))
    doublings.extend(_bonus_doublings(hand))
    return _HandItems(tuple(points), tuple(doublings), all(is_simple(tile) for tile in tiles))


def _item(key: str, about: str = "") -> Item:
    row = _row(key)
    return Item(row, row.value, about)


def _bonus_doublings(hand: Hand) -> list[Item]:
    """Per group (flowers, seasons): the own tile 1, all four 2 instead; all eight 5 in
    total ([ruling] §3.2: the own tile counts once per group)."""
    if len(hand.bonus) == 8:
        return [_item("all_bonus_tiles", " ".join(b.code for b in hand.bonus))]
    found = []
    for flowers, group in ((True, "flower"), (False, "season")):
        held = [b for b in hand.bonus if b.is_flower is flowers]
        if len(held) == 4:
            found.append(_item(f"all_{group}s", " ".join(b.code for b in held)))
        else:
            own = next((b for b in held if b.wind == hand.seat_wind), None)
            if own is not None:
                found.append(_item(f"own_{group}", own.code))
    return found


def _pair_items(pair: Group, hand: Hand, prefix: str) -> list[Item]:
    """§3.3's pair rows: a pair of dragons or of any wind 2 ([ruling], changed 2026-11-28:
    002's row names every wind), a wind that is both seat and round wind 2 more. `prefix`
    "unfinished_" gives a non-caller's rows of the `pairs=all` variant (§3.1)."""
    if pair.tile in DRAGON_TILES:
        return [_item(f"{prefix}dragon_pair", pair.text)]
    if pair.tile not in WIND_TILES:
        return []
    wind = pair.tile - WIND_TILES[0]
    if wind == hand.seat_wind:
        key = "seat_wind_pair"
    elif wind == hand.round_wind:
        key = "round_wind_pair"
    else:
        key = "wind_pair"
    found = [_item(prefix + key, pair.text)]
    if wind == hand.seat_wind == hand.round_wind:
        found.append(_item(f"{prefix}double_wind_pair", pair.text))
    return found


def _caller_items(hand: Hand, arrangement: Arrangement) -> tuple[list[Item], list[Item]]:
    """§3.3, for a standard hand."""
    win, by = hand.win, hand.by
    groups = arrangement.groups
    points = [_item("mahjongg")]
    if by.self_drawn:
        # [ruling] a kan replacement is self-drawn, so it earns "from the wall" too.
        points.append(_item("from_the_wall", win.code))
    completed = groups[arrangement.winning]
    if completed.kind is GroupKind.PAIR:
        points.append(_item("completes_pair", completed.text))
    elif completed.kind is GroupKind.CHI and win == completed.tile + 1:
        points.append(_item("middle_of_chi", completed.text))
    pair = groups[-1]
    points.extend(_pair_items(pair, hand, ""))
    sets = groups[:-1]
    if all(group.kind in _SETS for group in sets):
        # [ruling] 2 points, not a doubling; kans count as pons here.
        points.append(_item("only_pons"))
    doublings = []
    # [ruling] a declared concealed kan is laid out, so it spoils "from the hand"; bonus
    # tiles are no sets and spoil neither this nor "only chis".
    if not hand.melds and by.self_drawn:
        doublings.append(_item("from_the_hand"))
    if all(group.kind is GroupKind.CHI for group in sets) and pair.tile < SUIT_TILES:
        doublings.append(_item("only_chis"))
    if by is WinBy.LAST:
        doublings.append(_item("last_tile", win.code))
    elif by is WinBy.KAN:
        doublings.append(_item("kan_replacement", win.code))
    return points, doublings


def _scored(hand: Hand, arrangement: Arrangement, fixed: _HandItems, limit: int) -> Score:
    points: list[Item] = []
    doublings: list[Item] = []
    for group in arrangement.groups:
        group_points, group_doubling = _group_items(group, hand.seat_wind, hand.round_wind)
        if group_points is not None:
            points.append(group_points)
        if group_doubling is not None:
            doublings.append(group_doubling)
    points.extend(fixed.points)
    doublings.extend(fixed.doublings)
    if arrangement.kind is ArrangementKind.NOT_SPLIT:
        # Pairs are groups here only under `pairs=all` (§3.1, 004's unfinished hands).
        for group in arrangement.groups:
            if group.kind is GroupKind.PAIR:
                points.extend(_pair_items(group, hand, "unfinished_"))
    if arrangement.kind is ArrangementKind.STANDARD:
        caller_points, caller_doublings = _caller_items(hand, arrangement)
        points.extend(caller_points)
        doublings.extend(caller_doublings)
        if fixed.only_simples:
            doublings.append(_item("only_simples"))
    total_points = sum(item.value for item in points)
    total_doublings = sum(item.value for item in doublings)
    # [ruling] §3: no rounding.
    value = total_points << total_doublings
    items = (*points, *doublings)
    if value > limit:
        items += (Item(_row("limit"), limit, str(value)),)
    return Score(hand, arrangement, items, total_points, total_doublings, value, limit)


def _special_score(hand: Hand, arrangement: Arrangement, limit: int) -> Score:
    """§3.4: a special hand scores nothing else. Seven pairs is worth 3000 (002), which a
    lower agreed limit caps and a higher one does not raise (changed 2026-11-28); 004's
    thirteen orphans and nine gates are worth exactly the limit ([ruling])."""
    if arrangement.kind is ArrangementKind.SEVEN_PAIRS:
        value = SEVEN_PAIRS_SCORE
        items: tuple[Item, ...] = (Item(_row("seven_pairs"), value),)
        if value > limit:
            items += (Item(_row("limit"), limit, str(value)),)
        return Score(hand, arrangement, items, 0, 0, value, limit)
    item = Item(_row(arrangement.kind.value), limit)
    return Score(hand, arrangement, (item,), 0, 0, limit, limit)


def _winning_choices(
    hand: Hand, laid_out: tuple[Group, ...], split: tuple[Group, ...]
) -> Iterator[Arrangement]:
    """The arrangements of one split, one per distinct group the winning tile may complete.

    [ruling] §2.1: a pon completed by a claimed discard is open; one completed by a
    self-drawn tile stays concealed. The pair is tried first, so that of two equal readings
    (the pair or the middle of a chi, 2 points each) the one shown is the pair, as in the
    book's examples.
    """
    win = hand.win
    seen = set()
    pair = len(split) - 1
    for index in (pair, *range(pair)):
        group = split[index]
        if group in seen:
            continue
        seen.add(group)
        if group.kind is GroupKind.CHI:
            if not group.tile <= win <= group.tile + 2:
                continue
        elif group.tile != win:
            continue
        groups = split
        if group.kind is GroupKind.PON and hand.by is WinBy.DISCARD:
            groups = (*split[:index], group._replace(open=True), *split[index + 1 :])
        yield Arrangement(
            ArrangementKind.STANDARD, laid_out + groups, winning=len(laid_out) + index
        )


def score_hand(hand: Hand | str, limit: int = DEFAULT_LIMIT, pairs: Pairs = Pairs.CALLER) -> Score:
    """Score one player's hand. `limit` is the agreed limit, unless the line gives `limit=`;
    `pairs` the agreed variant of §3.1, unless the line gives `pairs=`.

    Raises `InvalidLine` for input that is no hand, `NotWinning` when a caller's tiles form
    no Mah-Jongg hand.
    """
    if limit < 1:
        raise ValueError("the limit is a positive whole number")
    if isinstance(hand, str):
        hand = parse_hand(hand)
    hand.validate()
    if hand.limit is not None:
        limit = hand.limit
    if hand.pairs is not None:
        pairs = hand.pairs
    counts = hand.concealed_counts()
    fixed = _hand_items(hand)
    if not hand.is_caller:
        arrangement = unsplit(hand.melds, counts, honour_pairs=pairs is Pairs.ALL)
        return replace(_scored(hand, arrangement, fixed, limit), pairs=pairs)

    # [ruling] §2.2: the best-scoring arrangement counts; of equals, the first found.
    best: Score | None = None
    laid_out = tuple(Group.of_meld(meld) for meld in hand.melds)
    for split in standard_splits(counts, 4 - len(hand.melds)):
        for arrangement in _winning_choices(hand, laid_out, split):
            score = _scored(hand, arrangement, fixed, limit)
            if best is None or (score.total, score.value) > (best.total, best.value):
                best = score
    special = special_kind(counts, hand.melds)
    if special is not None:
        score = _special_score(hand, special_arrangement(special, counts), limit)
        if best is None or score.total > best.total:
            best = score
    if best is None:
        raise NotWinning(format_hand(hand))
    return replace(best, pairs=pairs)
