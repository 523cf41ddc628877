"""The Mhing scoring benchmark's hands (benchmarks.scoring, benchmarks.scoring_batch): random
winning hands within the deck, class by class of how many jokers they hold."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from scoring.mhing import JOKER, Card, Hand, format_hand
from scoring.mhing.cards import COPIES_PER_CARD, KINDS
from scoring.mhing.hand import ExposedSet
from scoring.mhing.melds import SEQUENCE_IDS, TRIPLET_IDS, set_cards

EXPOSE_PROBABILITY = 0.3
MAX_FLOWERS = 2

# (label, the joker counts a hand of that class draws from, uniformly)
CLASSES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("no jokers", (0,)),
    ("1-2 jokers", (1, 2)),
    ("3-6 jokers", (3, 4, 5, 6)),
)


@dataclass(frozen=True)
class BenchHand:
    hand: Hand
    text: str  # the notation, for the report
    jokers: int
    label: str  # the class


def random_hand(rng: random.Random, jokers: int) -> Hand:
    """Four sets and a pair within the deck, `jokers` of the 14 cards then made Mhing cards."""
    counts = [0] * KINDS
    groups: list[list[Card | object]] = []
    while len(groups) < 4:
        # Sequence or triplet first, then which one: drawing from all 55 sets at once would
        # give mostly triplets (34 of them against 21 sequences), and hands mostly sequences.
        set_id = rng.choice(SEQUENCE_IDS if rng.random() < 0.5 else TRIPLET_IDS)
        cards = set_cards(set_id)
        if all(counts[c] + n <= COPIES_PER_CARD for c, n in Counter(cards).items()):
            for c in cards:
                counts[c] += 1
            groups.append([Card(c) for c in cards])
    pair = rng.choice([c for c in range(KINDS) if counts[c] + 2 <= COPIES_PER_CARD])
    groups.append([Card(pair), Card(pair)])

    exposed = [i < 4 and rng.random() < EXPOSE_PROBABILITY for i in range(len(groups))]
    places = [(g, i) for g, group in enumerate(groups) for i in range(len(group))]
    for g, i in rng.sample(places, jokers):
        groups[g][i] = JOKER

    concealed = [t for g, group in enumerate(groups) if not exposed[g] for t in group]
    return Hand(
        concealed=tuple(t for t in concealed if t is not JOKER),
        jokers=sum(1 for t in concealed if t is JOKER),
        exposed=tuple(ExposedSet(tuple(group)) for g, group in enumerate(groups) if exposed[g]),
        flowers=rng.randint(0, MAX_FLOWERS),
    )


def build_corpus(hands_per_class: int, seed: int) -> list[BenchHand]:
    """The same hands for the same arguments, class by class."""
    rng = random.Random(seed)
    corpus = []
    for label, joker_counts in CLASSES:
        for _ in range(hands_per_class):
            jokers = rng.choice(joker_counts)
            hand = random_hand(rng, jokers)
            corpus.append(BenchHand(hand, format_hand(hand), jokers, label))
    return corpus
