"""One exception class per kind of failure.

Every error carries the facts as attributes (which token, which card, how many) so that a
user interface can word its own, translated message; `str()` gives a plain English one for
the command line. `InvalidHand` covers input that is not a hand at all; `NotWinningHand` is a
separate outcome: valid cards that do not form a winning hand.
"""

from __future__ import annotations

from .cards import COPIES_PER_CARD, FLOWERS_IN_DECK, HAND_SIZE, JOKERS_IN_DECK, Card

_NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
)


def number_word(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def plural_card_name(card: Card) -> str:
    """'5s of bamboo', 'red dragons', 'East winds'."""
    if card.is_honour:
        return f"{card.english}s"
    return f"{card.rank}s of {card.suit.english}"


class MhingError(Exception):
    """Base of every error the rules core raises."""


class InvalidHand(MhingError, ValueError):
    """The input is not a hand that could be scored (a typing or counting mistake)."""


class UnknownToken(InvalidHand):
    def __init__(self, token: str) -> None:
        self.token = token
        super().__init__(f"unknown card '{token}'")


class BracketError(InvalidHand):
    """Brackets for exposed sets do not pair up, or hold something that cannot be exposed.

    `kind` says which, for a user interface to word: one of `BracketError.PROBLEMS`.
    """

    PROBLEMS = {
        "nested": "'[' inside an exposed set",
        "unopened": "']' without a matching '['",
        "flower": "a flower cannot be part of an exposed set",
        "unclosed": "'[' is never closed with ']'",
    }

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.problem = self.PROBLEMS[kind]
        super().__init__(self.problem)


class WrongCardCount(InvalidHand):
    def __init__(self, count: int) -> None:
        self.count = count
        noun = "playing card" if count == 1 else "playing cards"
        super().__init__(f"{count} {noun}, need {HAND_SIZE}")


class TooManyCopies(InvalidHand):
    def __init__(self, card: Card, count: int) -> None:
        self.card = card
        self.count = count
        super().__init__(
            f"{number_word(count)} {plural_card_name(card)}: the deck has "
            f"{number_word(COPIES_PER_CARD)} — use a Mhing card"
        )


class TooManyJokers(InvalidHand):
    def __init__(self, count: int) -> None:
        self.count = count
        super().__init__(
            f"{count} Mhing cards: the deck has {JOKERS_IN_DECK}",
        )


class TooManyFlowers(InvalidHand):
    def __init__(self, count: int) -> None:
        self.count = count
        super().__init__(f"{count} flowers: the deck has {FLOWERS_IN_DECK}")


class BadExposedSet(InvalidHand):
    """An exposed set must be exactly three cards forming a sequence or a triplet."""

    def __init__(self, text: str, size: int) -> None:
        self.text = text
        self.size = size
        if size != 3:
            problem = f"has {size} cards, an exposed set has 3"
        else:
            problem = "is neither a sequence nor a triplet"
        super().__init__(f"exposed set [{text}] {problem}")


class NotWinningHand(MhingError):
    """Valid cards that form neither four sets and a pair nor nothing-connects."""

    def __init__(self, hand_text: str) -> None:
        self.hand_text = hand_text
        super().__init__(
            "not a winning hand: the cards form neither four sets and a pair "
            "nor a nothing-connects hand"
        )
