"""Score a hand: validate, find the best arrangement, and describe it (RULES.md §2-4)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from .cards import CARDS, JOKER, KINDS, Card
from .combinations import (
    COMBINATIONS,
    Combination,
    Counts,
    count_nothing_connects,
    credits_of,
    with_flowers,
)
from .errors import NotWinningHand
from .hand import ExposedSet, Hand
from .melds import ALL_SET_IDS, SEQ_BASE, set_cards
from .notation import format_hand, parse_hand
from .nothing_connects import NothingConnects, best_nothing_connects
from .points import points_for
from .search import StandardResult, best_of_blocks, blocks_of_cards


class GroupKind(Enum):
    SEQUENCE = "sequence"
    TRIPLET = "triplet"
    PAIR = "pair"
    SINGLE = "single"  # a card of a nothing-connects hand


class Group(NamedTuple):
    """Cards of the arrangement that belong together, each as the card it counts as.

    A named tuple rather than a dataclass: a hand builds several, and this is the cheaper
    immutable value."""

    kind: GroupKind
    cards: tuple[Card, ...]
    jokers: tuple[bool, ...]  # True where that card is a Mhing card standing in
    exposed: bool = False

    @property
    def text(self) -> str:
        """`5b J=6b 7b`: real cards by code, jokers with what they stand for."""
        return " ".join(
            f"J={card.code}" if joker else card.code
            for card, joker in zip(self.cards, self.jokers, strict=True)
        )


class ArrangementKind(Enum):
    STANDARD = "standard"
    NOTHING_CONNECTS = "nothing_connects"


@dataclass(frozen=True, init=False)
class Arrangement:
    kind: ArrangementKind
    groups: tuple[Group, ...]  # standard: four sets then the pair; else 14 singles

    def __init__(self, kind: ArrangementKind, groups: tuple[Group, ...]) -> None:
        # Into the instance's dict at once: a frozen dataclass's own __init__ makes a call
        # per field, and a batch scores thousands of hands.
        fields = self.__dict__
        fields["kind"] = kind
        fields["groups"] = groups

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind in (GroupKind.SEQUENCE, GroupKind.TRIPLET))

    @property
    def pair(self) -> Group | None:
        return next((g for g in self.groups if g.kind is GroupKind.PAIR), None)

    @property
    def joker_cards(self) -> tuple[Card, ...]:
        """What each Mhing card stands for."""
        return tuple(
            card
            for g in self.groups
            for card, joker in zip(g.cards, g.jokers, strict=True)
            if joker
        )

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(sorted(card for g in self.groups for card in g.cards))


@dataclass(frozen=True, slots=True)
class CombinationScore:
    combination: Combination
    count: int

    @property
    def key(self) -> str:
        return self.combination.key

    @property
    def credits(self) -> int:
        """Credits for one occurrence."""
        return self.combination.credits

    @property
    def total(self) -> int:
        return self.combination.credits * self.count


@dataclass(frozen=True, init=False)
class Score:
    hand: Hand
    arrangement: Arrangement
    combinations: tuple[CombinationScore, ...]  # those earned, in score-sheet order
    credits: int
    points: int

    def __init__(
        self,
        hand: Hand,
        arrangement: Arrangement,
        combinations: tuple[CombinationScore, ...],
        credits: int,
        points: int,
    ) -> None:
        fields = self.__dict__  # at once, as `Arrangement` does
        fields["hand"] = hand
        fields["arrangement"] = arrangement
        fields["combinations"] = combinations
        fields["credits"] = credits
        fields["points"] = points

    def breakdown(self) -> dict[str, int]:
        """{key: credits} for the combinations earned."""
        return {c.key: c.total for c in self.combinations}


# Per set id: its kind and its cards as `Card`s, looked up rather than rebuilt per hand; and
# the group it makes of real cards alone (groups are immutable, so hands share them).
_KIND_OF = {s: GroupKind.SEQUENCE if s >= SEQ_BASE else GroupKind.TRIPLET for s in ALL_SET_IDS}
_CARDS_OF = {s: tuple(CARDS[t] for t in set_cards(s)) for s in ALL_SET_IDS}
_NO_JOKERS = (False, False, False)
_PLAIN_SET = {s: Group(_KIND_OF[s], _CARDS_OF[s], _NO_JOKERS) for s in ALL_SET_IDS}
_PLAIN_PAIR = tuple(Group(GroupKind.PAIR, (card, card), _NO_JOKERS[:2]) for card in CARDS)


# An exposed set of real cards, by its cards as they lie: at most 55 sets in 6 orders.
_plain_exposed: dict[tuple[Card, ...], Group] = {}


def _exposed_group(entered: ExposedSet, set_id: int) -> Group:
    """The exposed set as it lies, its jokers standing for the cards the set lacks."""
    if JOKER not in entered.tiles:
        group = _plain_exposed.get(entered.tiles)
        if group is None:
            group = Group(_KIND_OF[set_id], entered.tiles, _NO_JOKERS, exposed=True)
            _plain_exposed[entered.tiles] = group
        return group
    missing = list(set_cards(set_id))
    for card in entered.cards:
        missing.remove(int(card))
    cards, jokers = [], []
    for tile in entered.tiles:
        if tile is JOKER:
            cards.append(CARDS[missing.pop(0)])
            jokers.append(True)
        else:
            cards.append(tile)
            jokers.append(False)
    return Group(_KIND_OF[set_id], tuple(cards), tuple(jokers), exposed=True)


def _standard_arrangement(hand: Hand, result: StandardResult) -> Arrangement:
    groups: list[Group] = []
    concealed_ids = result.split.fixed_sets + result.free_ids
    if hand.exposed:
        free_ids = list(result.free_ids)  # all-joker exposed sets take theirs first
        exposed_ids = iter(result.exposed_ids)
        for entered in hand.exposed:
            set_id = next(exposed_ids) if entered.cards else free_ids.pop(0)
            groups.append(_exposed_group(entered, set_id))
        concealed_ids = result.split.fixed_sets + tuple(free_ids)
    if not hand.jokers:
        groups += map(_PLAIN_SET.__getitem__, concealed_ids)
        groups.append(_PLAIN_PAIR[result.pair])
        return Arrangement(ArrangementKind.STANDARD, tuple(groups))

    # The search keeps no record of which card of a set is a joker: any placement of the
    # real cards into the chosen sets is the same hand, so place them greedily here.
    real = [0] * KINDS
    for card in hand.concealed:
        real[card] += 1

    def concealed_group(kind: GroupKind, tiles: tuple[int, ...], cards: tuple[Card, ...]) -> Group:
        jokers = []
        for t in tiles:
            if real[t]:
                real[t] -= 1
                jokers.append(False)
            else:
                jokers.append(True)
        return Group(kind, cards, tuple(jokers))

    for set_id in concealed_ids:
        groups.append(concealed_group(_KIND_OF[set_id], set_cards(set_id), _CARDS_OF[set_id]))
    pair = (result.pair, result.pair)
    groups.append(concealed_group(GroupKind.PAIR, pair, (CARDS[result.pair],) * 2))
    return Arrangement(ArrangementKind.STANDARD, tuple(groups))


def _nothing_connects_arrangement(found: NothingConnects) -> Arrangement:
    jokers_left = list(found.joker_cards)
    groups = []
    for tile in found.cards:
        is_joker = tile in jokers_left
        if is_joker:
            jokers_left.remove(tile)
        groups.append(Group(GroupKind.SINGLE, (CARDS[tile],), (is_joker,)))
    return Arrangement(ArrangementKind.NOTHING_CONNECTS, tuple(groups))


# One line per (combination index, count): immutable, so every score shares them.
_lines: dict[tuple[int, int], CombinationScore] = {}


def _line(index: int, count: int) -> CombinationScore:
    line = _lines.get((index, count))
    if line is None:
        line = _lines[index, count] = CombinationScore(COMBINATIONS[index], count)
    return line


# What the score sheet shows for a breakdown and a number of flowers: (the combinations
# earned, credits, points). Hands share breakdowns (a few thousand occur); emptied when full,
# like the search's caches.
_sheets: dict[tuple[Counts, int], tuple[tuple[CombinationScore, ...], int, int]] = {}
_SHEETS_LIMIT = 1 << 14


def _score_sheet(counts: Counts, flowers: int) -> tuple[tuple[CombinationScore, ...], int, int]:
    found = _sheets.get((counts, flowers))
    if found is None:
        earned = with_flowers(counts, flowers)
        lines = tuple(_line(index, n) for index, n in enumerate(earned) if n)
        credits = credits_of(earned)
        found = (lines, credits, points_for(credits))
        if len(_sheets) >= _SHEETS_LIMIT:
            _sheets.clear()
        _sheets[counts, flowers] = found
    return found


def score_hand(hand: Hand | str) -> Score:
    """Score a winning hand. Raises `InvalidHand` for bad input, `NotWinningHand` when the
    cards make no winning hand."""
    if isinstance(hand, str):
        hand = parse_hand(hand)
    as_entered = hand
    if len(hand.exposed) > 1:
        # Equal-credit arrangements are broken by the order sets are met in: search with the
        # exposed sets sorted, so the result doesn't depend on the order they were entered in.
        keys = [entered.sort_key for entered in hand.exposed]
        order = sorted(range(len(keys)), key=keys.__getitem__)
        if order != list(range(len(keys))):  # else already in order: the same hand
            exposed = tuple([hand.exposed[i] for i in order])
            hand = Hand(hand.concealed, hand.jokers, exposed, hand.flowers)
    hand.validate()
    exposed_options = []
    exposed_free = 0  # exposed sets of three jokers
    for entered in hand.exposed:
        if entered.cards:
            exposed_options.append(entered.possible_set_ids())
        else:
            exposed_free += 1

    blocks = blocks_of_cards(hand.concealed, hand.jokers)
    standard = best_of_blocks(blocks, hand.jokers, exposed_options, exposed_free)
    # A nothing-connects hand may have no exposed set, nor two cards alike (as the standard
    # arrangement's pair of real cards would be).
    if hand.exposed or (standard is not None and hand.concealed.count(standard.pair) >= 2):
        unconnected = None
    else:
        unconnected = best_nothing_connects(hand.checked_counts(), hand.jokers)
    if unconnected is not None:
        unconnected_counts = count_nothing_connects(unconnected.with_honours)
    # The hand scores its best arrangement; on a tie the standard one.
    if standard is not None and (
        unconnected is None or standard.credits >= credits_of(unconnected_counts)
    ):
        arrangement = _standard_arrangement(hand, standard)
        if as_entered is not hand:
            arrangement = _in_entered_order(arrangement, order)
        counts_best = standard.counts
    elif unconnected is not None:
        arrangement = _nothing_connects_arrangement(unconnected)
        counts_best = unconnected_counts
    else:
        raise NotWinningHand(format_hand(as_entered))

    lines, credits, points = _score_sheet(counts_best, hand.flowers)
    return Score(as_entered, arrangement, lines, credits, points)


def _in_entered_order(arrangement: Arrangement, order: list[int]) -> Arrangement:
    """Put the exposed groups (the first ones) back in the order they were entered."""
    groups = list(arrangement.groups)
    for sorted_index, entered_index in enumerate(order):
        groups[entered_index] = arrangement.groups[sorted_index]
    return Arrangement(arrangement.kind, tuple(groups))
