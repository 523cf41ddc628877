"""The 18 credit combinations of RULES.md §3 and how often a hand earns each.

`COMBINATIONS` lists them in score-sheet order (grouped by 1, 3, 5 and 8 credits, RULES.md
§7). `count_standard` and `count_nothing_connects` return one count per combination, in that
order; the search compares arrangements by `credits_of(counts)` and only the winner is turned
into a readable breakdown.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from operator import mul

from .cards import DRAGON_TILES, KINDS, SUIT_TILES, WIND_TILES
from .melds import ALL_SET_IDS, SEQ_BASE, SEQUENCE_IDS, set_cards


@dataclass(frozen=True)
class Combination:
    key: str
    credits: int
    name_en: str
    name_de: str
    name_fr: str

    @property
    def names(self) -> dict[str, str]:
        return {"en": self.name_en, "de": self.name_de, "fr": self.name_fr}


COMBINATIONS: tuple[Combination, ...] = (
    Combination("all_sequences", 1, "All sequences", "Nur Sequenzen", "Que des séquences"),
    Combination("two_sequences", 1, "Two sequences", "Zwei Sequenzen", "Séquence double"),
    Combination("two_triplets", 1, "Two triplets", "Zwei Drillinge", "Brelan double"),
    Combination(
        "honour_triplet", 1, "Honour triplet", "Drilling in Bildkarten", "Brelan d'honneurs"
    ),
    Combination(
        "broken_straight",
        1,
        "Broken straight",
        "Unterbrochene Straße",
        "Séquence royale brisée",
    ),
    Combination("two_suits", 1, "Two suits only", "Nur zwei Farben", "Deux couleurs seulement"),
    Combination(
        "pair_258",
        1,
        "Pair of 2, 5 or 8",
        "Paar aus 2ern, 5ern oder 8ern",
        "Paire de 2, 5 ou 8",
    ),
    Combination("flowers", 1, "Flower", "Blumenkarte", "Fleur"),
    Combination("all_triplets", 3, "All triplets", "Nur Drillinge", "Que des brelans"),
    Combination(
        "identical_sequences",
        3,
        "Two identical sequences",
        "Zwei gleiche Sequenzen",
        "Séquence double identique",
    ),
    Combination("straight", 3, "Straight", "Straße", "Séquence royale"),
    Combination(
        "one_suit_with_honours",
        3,
        "One suit with honours",
        "Eine Farbe mit Bildkarten",
        "Une couleur avec honneurs",
    ),
    Combination(
        "nothing_connects", 3, "Nothing connects", "Nichts passt zusammen", "Rien ne s'accorde"
    ),
    Combination(
        "high_or_low",
        5,
        "High or low hand",
        "Hoch oder Niedrig",
        "Haute main ou basse main",
    ),
    Combination(
        "all_five",
        5,
        "All five",
        "Alle Fünf",
        "Toutes les couleurs avec honneurs",
    ),
    Combination(
        "dragon_triplets", 8, "Dragon triplets", "Drilling in Drachen", "Brelans des dragons"
    ),
    Combination("one_suit", 8, "One suit only", "Eine Farbe ohne Bildkarten", "Une seule couleur"),
    Combination(
        "nothing_connects_with_honours",
        8,
        "Nothing connects with honours",
        "Nichts passt zusammen mit allen Bildkarten",
        "Rien ne s'accorde avec honneurs",
    ),
)

BY_KEY: dict[str, Combination] = {c.key: c for c in COMBINATIONS}
_INDEX = {c.key: i for i, c in enumerate(COMBINATIONS)}
_CREDITS = tuple(c.credits for c in COMBINATIONS)

ALL_SEQUENCES = _INDEX["all_sequences"]
TWO_SEQUENCES = _INDEX["two_sequences"]
TWO_TRIPLETS = _INDEX["two_triplets"]
HONOUR_TRIPLET = _INDEX["honour_triplet"]
BROKEN_STRAIGHT = _INDEX["broken_straight"]
TWO_SUITS = _INDEX["two_suits"]
PAIR_258 = _INDEX["pair_258"]
FLOWERS = _INDEX["flowers"]
ALL_TRIPLETS = _INDEX["all_triplets"]
IDENTICAL_SEQUENCES = _INDEX["identical_sequences"]
STRAIGHT = _INDEX["straight"]
ONE_SUIT_WITH_HONOURS = _INDEX["one_suit_with_honours"]
NOTHING_CONNECTS = _INDEX["nothing_connects"]
HIGH_OR_LOW = _INDEX["high_or_low"]
ALL_FIVE = _INDEX["all_five"]
DRAGON_TRIPLETS = _INDEX["dragon_triplets"]
ONE_SUIT = _INDEX["one_suit"]
NOTHING_CONNECTS_WITH_HONOURS = _INDEX["nothing_connects_with_honours"]

Counts = tuple[int, ...]  # one count per combination, in COMBINATIONS order


def credits_of(counts: Counts) -> int:
    return sum(map(mul, counts, _CREDITS))


# Per card and per set, what the whole-hand conditions look at: which suits (bits 1, 2, 4),
# winds (8) and dragons (16) it holds, and its lowest and highest rank (honours: none).
_SUIT_BITS = 7
_WIND_BIT = 8
_DRAGON_BIT = 16
_HONOUR_BITS = _WIND_BIT | _DRAGON_BIT


def _card_bits(t: int) -> int:
    if t < SUIT_TILES:
        return 1 << (t // 9)
    return _WIND_BIT if t in WIND_TILES else _DRAGON_BIT


TILE_BITS = tuple(_card_bits(t) for t in range(KINDS))
TILE_LOW = tuple(t % 9 + 1 if t < SUIT_TILES else 10 for t in range(KINDS))
TILE_HIGH = tuple(t % 9 + 1 if t < SUIT_TILES else 0 for t in range(KINDS))
# Indexed by set id (ids run to SEQ_BASE + 26; the gaps are never looked up).
SET_BITS = [0] * (SEQ_BASE + SUIT_TILES)
SET_LOW = [0] * (SEQ_BASE + SUIT_TILES)
SET_HIGH = [0] * (SEQ_BASE + SUIT_TILES)
for _s in ALL_SET_IDS:
    SET_BITS[_s] = TILE_BITS[set_cards(_s)[0]]
    SET_LOW[_s] = TILE_LOW[set_cards(_s)[0]]
    SET_HIGH[_s] = TILE_HIGH[set_cards(_s)[2]]
_RANK_OF_START = {s: (s - SEQ_BASE) % 9 for s in SEQUENCE_IDS}


_STRAIGHT_ENDS = frozenset(s for s in SEQUENCE_IDS if _RANK_OF_START[s] in (0, 6))


def _pair_effect(a: int, b: int) -> int:
    """The combination two sets earn together (RULES.md §3), by index, or -1 for none."""
    if a >= SEQ_BASE and b >= SEQ_BASE:
        if a == b:
            return IDENTICAL_SEQUENCES
        return TWO_SEQUENCES if (a - SEQ_BASE) % 9 == (b - SEQ_BASE) % 9 else -1
    if a < SUIT_TILES and b < SUIT_TILES and a != b and a % 9 == b % 9:
        return TWO_TRIPLETS
    return -1


# Indexed by two set ids (see SET_BITS), as the search meets every pair of four sets.
_PAIR_EFFECT = [[_pair_effect(a, b) for b in range(len(SET_BITS))] for a in range(len(SET_BITS))]
_HONOUR_TRIPLETS = [int(SUIT_TILES <= s < KINDS) for s in range(len(SET_BITS))]


@cache
def whole_hand(bits: int, low: int, high: int) -> Counts:
    """The conditions on all 14 cards (RULES.md §3: pair included, jokers as what they are),
    from which suits, winds and dragons the hand holds and its lowest and highest rank."""
    counts = [0] * len(COMBINATIONS)
    suits = (bits & 1) + (bits >> 1 & 1) + (bits >> 2 & 1)
    if not bits & _HONOUR_BITS:
        if suits == 2:
            counts[TWO_SUITS] = 1
        elif suits == 1:
            counts[ONE_SUIT] = 1
        if low >= 5 or high <= 5:
            counts[HIGH_OR_LOW] = 1
    elif suits == 1:
        counts[ONE_SUIT_WITH_HONOURS] = 1
    if suits == 3 and bits & _WIND_BIT and bits & _DRAGON_BIT:
        counts[ALL_FIVE] = 1
    return tuple(counts)


def pair_258(pair: int) -> int:
    return int(pair < SUIT_TILES and pair % 9 + 1 in (2, 5, 8))


_PAIR_258 = tuple(pair_258(t) for t in range(KINDS))


@cache
def _whole_hand_earned(bits: int, low: int, high: int) -> tuple[int, ...]:
    counts = whole_hand(bits, low, high)
    return tuple(i for i, n in enumerate(counts) if n)


def count_standard(sets: tuple[int, ...], pair: int) -> Counts:
    """Counts for four sets (ids, sorted) and a pair (a card index); flowers not included."""
    counts = [0] * len(COMBINATIONS)
    a, b, c, d = sets
    # Combinations over several sets count once per distinct group of sets (RULES.md §3):
    # here, each of the six pairs of sets.
    for effect in (
        _PAIR_EFFECT[a][b],
        _PAIR_EFFECT[a][c],
        _PAIR_EFFECT[a][d],
        _PAIR_EFFECT[b][c],
        _PAIR_EFFECT[b][d],
        _PAIR_EFFECT[c][d],
    ):
        if effect >= 0:
            counts[effect] += 1
    if a >= SEQ_BASE:  # sorted: triplet ids come before sequence ids
        counts[ALL_SEQUENCES] = 1
    elif d < SEQ_BASE:
        counts[ALL_TRIPLETS] = 1
    if not _STRAIGHT_ENDS.isdisjoint(sets):  # both need a 1-2-3 and a 7-8-9
        for base in (SEQ_BASE, SEQ_BASE + 9, SEQ_BASE + 18):
            low = sets.count(base)
            high = sets.count(base + 6)
            if low and high:
                middle = sets.count(base + 3)
                counts[STRAIGHT] += low * middle * high
                if not middle:  # a 4-5-6 of the suit breaks the broken straight
                    counts[BROKEN_STRAIGHT] += low * high
    honours = _HONOUR_TRIPLETS[a] + _HONOUR_TRIPLETS[b] + _HONOUR_TRIPLETS[c] + _HONOUR_TRIPLETS[d]
    if honours:
        if honours >= 3 and all(dragon in sets for dragon in DRAGON_TILES):
            counts[DRAGON_TRIPLETS] = 1
            honours -= 3  # those three earn no honour_triplet; a wind triplet still does
        counts[HONOUR_TRIPLET] = honours

    # The conditions on all 14 cards, from the suits and honours the sets and pair hold and
    # their lowest and highest ranks.
    bits = SET_BITS[a] | SET_BITS[b] | SET_BITS[c] | SET_BITS[d] | TILE_BITS[pair]
    low = min(SET_LOW[a], SET_LOW[b], SET_LOW[c], SET_LOW[d], TILE_LOW[pair])
    high = max(SET_HIGH[a], SET_HIGH[b], SET_HIGH[c], SET_HIGH[d], TILE_HIGH[pair])
    for i in _whole_hand_earned(bits, low, high):
        counts[i] = 1
    counts[PAIR_258] = _PAIR_258[pair]
    return tuple(counts)


def count_nothing_connects(with_honours: bool) -> Counts:
    """A nothing-connects hand scores only its own combination (and flowers)."""
    counts = [0] * len(COMBINATIONS)
    counts[NOTHING_CONNECTS_WITH_HONOURS if with_honours else NOTHING_CONNECTS] = 1
    return tuple(counts)


def with_flowers(counts: Counts, flowers: int) -> Counts:
    as_list = list(counts)
    as_list[FLOWERS] = flowers
    return tuple(as_list)
