"""Translated names of the cards, for pages and messages.

The rules core names cards in English only (`Card.english`); everything a visitor reads goes
through gettext here. Each card has a singular name ("5 of bamboo") and the plural used after
a number ("five 5s of bamboo"). The names are written out one by one, not assembled from a
suit and a rank, because languages build them differently ("Bambus-5", "5 de bambous").
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.mahjongg.tiles import Bonus
from scoring.mhing import Card

# (singular, plural), in `Card` order.
_NAMES: tuple[tuple[Promise, Promise], ...] = (
    (_("1 of bamboo"), _("1s of bamboo")),
    (_("2 of bamboo"), _("2s of bamboo")),
    (_("3 of bamboo"), _("3s of bamboo")),
    (_("4 of bamboo"), _("4s of bamboo")),
    (_("5 of bamboo"), _("5s of bamboo")),
    (_("6 of bamboo"), _("6s of bamboo")),
    (_("7 of bamboo"), _("7s of bamboo")),
    (_("8 of bamboo"), _("8s of bamboo")),
    (_("9 of bamboo"), _("9s of bamboo")),
    (_("1 of circles"), _("1s of circles")),
    (_("2 of circles"), _("2s of circles")),
    (_("3 of circles"), _("3s of circles")),
    (_("4 of circles"), _("4s of circles")),
    (_("5 of circles"), _("5s of circles")),
    (_("6 of circles"), _("6s of circles")),
    (_("7 of circles"), _("7s of circles")),
    (_("8 of circles"), _("8s of circles")),
    (_("9 of circles"), _("9s of circles")),
    (_("1 of characters"), _("1s of characters")),
    (_("2 of characters"), _("2s of characters")),
    (_("3 of characters"), _("3s of characters")),
    (_("4 of characters"), _("4s of characters")),
    (_("5 of characters"), _("5s of characters")),
    (_("6 of characters"), _("6s of characters")),
    (_("7 of characters"), _("7s of characters")),
    (_("8 of characters"), _("8s of characters")),
    (_("9 of characters"), _("9s of characters")),
    (_("East wind"), _("East winds")),
    (_("South wind"), _("South winds")),
    (_("West wind"), _("West winds")),
    (_("North wind"), _("North winds")),
    (_("red dragon"), _("red dragons")),
    (_("green dragon"), _("green dragons")),
    (_("white dragon"), _("white dragons")),
)

JOKER_NAME = _("Mhing card")
JOKER_PLURAL = _("Mhing cards")
FLOWER_NAME = _("flower")
FLOWER_PLURAL = _("flowers")

# Mah-Jongg's bonus tiles, in `Bonus` order: the number says the wind they belong to.
_BONUS_NAMES: tuple[Promise, ...] = (
    _("flower 1 (East)"),
    _("flower 2 (South)"),
    _("flower 3 (West)"),
    _("flower 4 (North)"),
    _("season 1, spring (East)"),
    _("season 2, summer (South)"),
    _("season 3, autumn (West)"),
    _("season 4, winter (North)"),
)

# The big letter on a wind card, in `Card` order from East.
COMPASS_LETTERS: tuple[Promise, ...] = (
    pgettext_lazy("compass letter on the East wind card", "E"),
    pgettext_lazy("compass letter on the South wind card", "S"),
    pgettext_lazy("compass letter on the West wind card", "W"),
    pgettext_lazy("compass letter on the North wind card", "N"),
)

# Counts in messages are words ("five 5s of bamboo"): "5 5s of bamboo" would be unreadable.
_NUMBER_WORDS: tuple[Promise, ...] = (
    _("zero"),
    _("one"),
    _("two"),
    _("three"),
    _("four"),
    _("five"),
    _("six"),
    _("seven"),
    _("eight"),
    _("nine"),
    _("ten"),
    _("eleven"),
    _("twelve"),
    _("thirteen"),
    _("fourteen"),
)


def card_name(card: Card) -> str:
    """'5 of bamboo', 'East wind', 'red dragon' in the active language."""
    return str(_NAMES[card][0])


def card_plural(card: Card) -> str:
    """'5s of bamboo', 'East winds': the name after a number greater than one."""
    return str(_NAMES[card][1])


def compass_letter(card: Card) -> str:
    return str(COMPASS_LETTERS[card - Card.EAST])


def number_word(n: int) -> str:
    """'five' for 5; digits beyond fourteen, which a hand cannot reach with one card."""
    return str(_NUMBER_WORDS[n]) if 0 <= n < len(_NUMBER_WORDS) else str(n)


def bonus_name(bonus: Bonus) -> str:
    """'flower 3 (West)': a Mah-Jongg bonus tile in the active language."""
    return str(_BONUS_NAMES[bonus])
