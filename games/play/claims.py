"""Claims on a discard (RULES.md §5): which sets a hand can make with it, whether it wins,
and which claim takes the card.

`set_claims` lists every sequence and triplet claim and `check_claim` accepts exactly those
(both test the same `forms_*` predicates), so `legal_actions` and `apply` cannot disagree.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from scoring.mhing import NotWinningHand, Score, format_hand, score_hand

from .actions import (
    CLAIM_PRIORITY,
    Answer,
    Claim,
    ClaimMhing,
    ClaimSequence,
    ClaimTriplet,
)
from .distance import distance
from .errors import (
    CardNotInHand,
    NamedCardNotAllowed,
    NamedCardRequired,
    NoSuchClaim,
    NotAWinningHand,
)
from .tiles import JOKER, Tile, codes, is_suit_card, rank_of, scoring_hand, suit_of, tile_code

PLAYING_CARDS = range(JOKER)  # what a discarded Mhing card may be named as


def forms_triplet(tiles: tuple[Tile, ...]) -> bool:
    """Three cards that are, or with jokers can be, three identical cards."""
    return len({t for t in tiles if t != JOKER}) <= 1


def forms_sequence(tiles: tuple[Tile, ...]) -> bool:
    """Three cards that are, or with jokers can be, consecutive ranks of one suit."""
    real = [t for t in tiles if t != JOKER]
    if not all(is_suit_card(t) for t in real) or len(set(real)) != len(real):
        return False
    if len({suit_of(t) for t in real}) > 1:
        return False
    return not real or max(real) - min(real) <= 2


@lru_cache(maxsize=1 << 14)
def _score_or_none(
    concealed: tuple[Tile, ...], exposed: tuple[tuple[Tile, ...], ...], flowers: int
) -> Score | None:
    # Every discard asks each other player's hand whether it wins, and a view asks again;
    # the answer depends only on the cards, so it is remembered.
    try:
        return score_hand(scoring_hand(concealed, exposed, flowers))
    except NotWinningHand:
        return None


def winning_score(
    concealed: tuple[Tile, ...], exposed: tuple[tuple[Tile, ...], ...], flowers: int
) -> Score | None:
    """The score of the hand if it is a winning hand (14 playing cards), else None."""
    if len(concealed) + 3 * len(exposed) != 14:
        return None
    # Most hands asked are far from winning; the block count rejects them cheaply. It never
    # rejects a winning hand (tests/play/test_distance.py checks it against the scorer).
    if distance(concealed, 4 - len(exposed)) > -1:
        return None
    return _score_or_none(tuple(sorted(concealed)), exposed, flowers)


def hand_text(
    concealed: tuple[Tile, ...], exposed: tuple[tuple[Tile, ...], ...], flowers: int
) -> str:
    return format_hand(scoring_hand(concealed, exposed, flowers))


def set_claims(concealed: tuple[Tile, ...], discard: Tile) -> list[Claim]:
    """Every sequence and triplet claim the hand can make on the discard.

    For a discarded Mhing card, one claim per card it may be named as (RULES.md §5 [ruling]).
    """
    counts = Counter(concealed)
    kinds = sorted(counts)
    targets = PLAYING_CARDS if discard == JOKER else (discard,)
    found: list[Claim] = []
    for target in targets:
        named = target if discard == JOKER else None
        # Only a joker, the same card, or a card of the same suit within two ranks can
        # share a set with the target.
        near = [
            t
            for t in kinds
            if t == JOKER
            or t == target
            or (
                is_suit_card(t)
                and is_suit_card(target)
                and suit_of(t) == suit_of(target)
                and abs(rank_of(t) - rank_of(target)) <= 2
            )
        ]
        for i, a in enumerate(near):
            for b in near[i:]:
                if a == b and counts[a] < 2:
                    continue
                tiles = (target, a, b)
                if forms_triplet(tiles):
                    found.append(ClaimTriplet((a, b), named))
                if forms_sequence(tiles):
                    found.append(ClaimSequence((a, b), named))
    return found


def check_claim(
    claim: Claim,
    discard: Tile,
    concealed: tuple[Tile, ...],
    exposed: tuple[tuple[Tile, ...], ...],
    flowers: int,
) -> Score | None:
    """Raise the `IllegalAction` that says why the claim is refused; for Mhing, return the
    score of the winning hand."""
    if isinstance(claim, ClaimMhing):
        with_discard = concealed + (discard,)
        score = winning_score(with_discard, exposed, flowers)
        if score is None:
            raise NotAWinningHand(hand_text(with_discard, exposed, flowers))
        return score
    if discard == JOKER and claim.named is None:
        raise NamedCardRequired()
    if discard != JOKER and claim.named is not None:
        raise NamedCardNotAllowed(tile_code(discard))
    need = Counter(claim.cards)
    have = Counter(concealed)
    if any(have[t] < n for t, n in need.items()):
        raise CardNotInHand(codes([t for t, n in need.items() if have[t] < n]))
    target = discard if claim.named is None else claim.named
    tiles = (target, *claim.cards)
    ok = target in PLAYING_CARDS and (
        forms_triplet(tiles) if isinstance(claim, ClaimTriplet) else forms_sequence(tiles)
    )
    if not ok:
        raise NoSuchClaim(claim.kind, codes([target, *claim.cards]))
    return None


def winning_claim(answers: tuple[Answer | None, ...], discarder: int) -> tuple[int, Claim] | None:
    """The claim that takes the discard: Mhing > Triplet > Sequence, and between equal
    claims the claimant first in turn order after the discarder (RULES.md §5)."""
    players = len(answers)
    best: tuple[int, Claim] | None = None
    for offset in range(1, players):
        seat = (discarder + offset) % players
        answer = answers[seat]
        priority = CLAIM_PRIORITY.get(type(answer), 0)
        # Strictly greater: an equal claim later in turn order never displaces an earlier.
        if priority and (best is None or priority > CLAIM_PRIORITY[type(best[1])]):
            best = (seat, answer)
    return best
